"""Issue 18 items 3 and 5 on the director's pages and in the files: the
event form sets every option (grouped by method) and refuses bad values
naming the field, the event page names them, PBN and USEBIO carry them, and
an exported event imports back with the same settings and figures.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse
from imp_night import (
    CROSS,
    NEUBERG,
    PLAYED,
    SEVEN,
    datum,
    imported,
    played,
)
from pairs_play import imported_by_command

from games.errors import GameError
from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.importers.pbn import parse_session
from tournaments.models import (
    Board,
    Event,
    Result,
)

pytestmark = pytest.mark.django_db


# The director's form -------------------------------------------------------------


def form_data(event: Event, **changes: object) -> dict[str, object]:
    data = {
        "name": event.name, "date": event.date.isoformat(), "scale": event.scale,
        "neuberg": "on", "average_plus": "60", "average": "50",
        "average_minus": "40", "average_rule": "flat", "method": event.method,
    }  # fmt: skip
    return data | changes


def test_the_form_groups_the_options_by_method(director):
    section = imported(SEVEN, method="butler")
    page = director.get(
        reverse("director:event-settings", args=[section.session.event_id])
    ).content.decode()
    for method in ("butler", "cross-imps", "imps", "mp"):
        assert f'data-method="{method}"' in page
    butler = page.split('data-method="butler"')[1].split("</fieldset>")[0]
    assert 'name="butler_trim_count"' in butler
    assert 'name="cross_imps_cap"' not in butler
    assert "event_form.js" in page


def test_the_form_sets_every_option_and_rescores(
    director, django_capture_on_commit_callbacks
):
    section = imported(SEVEN, method="butler")
    event = section.session.event
    data = form_data(
        event, butler_trim="middle", butler_trim_count="3", butler_rounding="truncate",
        imp_average_plus="2", cross_imps_cap="17", imp_round_cap="25",
        mp_rounding="hundredths", butler_trim_percent="10",
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(
            reverse("director:event-settings", args=[event.pk]), data
        )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.butler_trim, event.butler_trim_count, event.butler_rounding) == (
        "middle", 3, "truncate",
    )  # fmt: skip
    assert (float(event.imp_average_plus), event.cross_imps_cap) == (2.0, 17)
    assert (float(event.imp_round_cap), event.mp_rounding) == (25.0, "hundredths")
    assert datum(section) == 320.0


def test_an_older_form_keeps_the_defaults(director):
    """A post without the new fields (a form made before them) keeps them."""
    response = director.post(
        reverse("director:event-new"),
        {"name": "Old form", "date": "2026-11-24", "scale": 2,
         "average_plus": "60", "average": "50", "average_minus": "40",
         "average_rule": "flat", "method": "butler"},
    )  # fmt: skip
    assert response.status_code == 302
    event = Event.objects.get(name="Old form")
    assert (event.butler_trim_count, float(event.butler_trim_percent)) == (1, 5.0)
    assert (float(event.imp_average_plus), event.mp_rounding) == (3.0, "exact")
    assert (event.cross_imps_cap, event.imp_round_cap) == (None, None)


def test_an_average_plus_of_zero_is_kept_not_defaulted(director):
    response = director.post(
        reverse("director:event-new"),
        {"name": "Zero", "date": "2026-11-24", "scale": 2, "average_plus": "60",
         "average": "50", "average_minus": "40", "average_rule": "flat",
         "method": "butler", "imp_average_plus": "0"},
    )  # fmt: skip
    assert response.status_code == 302
    assert Event.objects.get(name="Zero").imp_average_plus == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("butler_trim", "half"), ("butler_trim_count", "0"),
        ("butler_trim_percent", "49.5"), ("butler_rounding", "up"),
        ("cross_imps_cap", "30"), ("imp_average_plus", "-2"),
        ("imp_round_cap", "0"), ("mp_rounding", "tenths"),
    ],
)  # fmt: skip
def test_the_form_refuses_bad_values_naming_the_field(director, field, value):
    section = imported(SEVEN, method="butler")
    event = section.session.event
    response = director.post(
        reverse("director:event-settings", args=[event.pk]),
        form_data(event, **{field: value}),
    )
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert datum(section) == 290.0


# The exports ---------------------------------------------------------------------


def test_pbn_carries_the_butler_options_and_datums():
    section = imported(SEVEN, method="butler", butler_trim="middle",
                       butler_trim_count=3, butler_rounding="truncate",
                       imp_average_plus=2, imp_round_cap=30)  # fmt: skip
    text = event_pbn(section.session.event)
    assert '[Scoring "Butler"]' in text
    assert '[Datum "320"]' in text
    assert (
        '[ScoringOptions "AveragePlusImps=2;DatumTrim=middle;DatumTrimCount=3;'
        'DatumRounding=truncate;RoundCap=30"]'
    ) in text


def test_pbn_carries_the_cross_imp_and_matchpoint_options():
    section = imported(CROSS, method="cross-imps", cross_imps_cap=17,
                       imp_average_plus="1.2")  # fmt: skip
    text = event_pbn(section.session.event)
    assert (
        '[ScoringOptions "AveragePlusImps=1.2;CrossImps=average;ComparisonCap=17"]'
    ) in text
    assert "[Datum " not in text
    section = imported(NEUBERG, mp_rounding="hundredths")
    text = event_pbn(section.session.event)
    assert '[ScoringOptions "MpRounding=hundredths"]' in text
    assert " 5.67 0.33 94.50 5.50\n" in text


def test_usebio_carries_the_datum_and_points_the_options_give():
    section = imported(SEVEN, method="butler", butler_trim="none",
                       butler_rounding="truncate")  # fmt: skip
    root = ET.fromstring(event_usebio(section.session.event))
    assert root.find(".//EVENT").get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert root.findtext(".//BOARD/BOARD_AVERAGE") == "390"
    lines = root.findall(".//BOARD/TRAVELLER_LINE")
    assert [li.findtext("NS_BUTLER_POINTS") for li in lines][1] == "-10"
    section = imported(NEUBERG, mp_rounding="hundredths")
    root = ET.fromstring(event_usebio(section.session.event))
    first = root.find(".//BOARD/TRAVELLER_LINE")
    assert first.findtext("NS_MATCH_POINTS") == "5.67"


# PBN out and back ------------------------------------------------------------------


def test_pbn_options_come_back_on_import_with_the_same_figures():
    """Exported with a middle-3 truncated datum and a round cap, the file
    imports as an event with those settings: datum 310 again, not 270."""
    section = played(PLAYED, method="butler", butler_trim="middle",
                     butler_trim_count=3, butler_rounding="truncate",
                     imp_average_plus="1.2", imp_round_cap=30)  # fmt: skip
    assert datum(section) == 310.0
    again = imported_by_command("import_pbn", event_pbn(section.session.event), "pbn")
    assert (again.method, again.butler_trim, again.butler_trim_count) == (
        "butler", "middle", 3,
    )  # fmt: skip
    assert again.butler_rounding == "truncate"
    assert (float(again.imp_average_plus), float(again.imp_round_cap)) == (1.2, 30.0)
    assert Board.objects.get(section__session__event=again, number=1).datum == 310.0
    plain = imported_by_command(
        "import_pbn",
        re.sub(r"\[ScoringOptions [^\n]*\n", "", event_pbn(section.session.event)),
        "pbn",
    )
    assert Board.objects.get(section__session__event=plain, number=1).datum == 270.0


def test_pbn_cross_imp_and_matchpoint_options_come_back():
    """980, 420, -100 cross-IMPed as totals: 980 v -100 is 14 IMPs, 980 v 420
    and 420 v -100 are 11: +25, 0, -25; capped at 12: +23, 0, -23."""
    lines = {1: [(1, 2, 980), (3, 4, 420), (5, 6, -100)]}
    section = played(lines, method="cross-imps", cross_imps_cap=12,
                     cross_imps_total=True)  # fmt: skip
    again = imported_by_command("import_pbn", event_pbn(section.session.event), "pbn")
    assert (again.cross_imps_cap, again.cross_imps_total) == (12, True)
    results = Result.objects.filter(board__section__session__event=again)
    assert sorted(r.imp_ns for r in results) == [-23.0, 0.0, 23.0]
    section = played(NEUBERG, mp_rounding="hundredths")
    again = imported_by_command("import_pbn", event_pbn(section.session.event), "pbn")
    assert again.mp_rounding == "hundredths"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("DatumTrim=bogus", "DatumTrim"),
        ("DatumTrimCount=0", "DatumTrimCount"),
        ("AveragePlusImps=x", "AveragePlusImps"),
        ("ComparisonCap=99", "ComparisonCap"),
        ("RoundCap=-1", "RoundCap"),
        ("CrossImps=sometimes", "CrossImps"),
        ("MpRounding=" + "9" * 500, "MpRounding"),
    ],
)
def test_a_bad_pbn_option_is_refused_naming_it(option, message):
    section = played(PLAYED, method="butler")
    text = re.sub(r'\[ScoringOptions "[^"]*"\]', f'[ScoringOptions "{option}"]',
                  event_pbn(section.session.event))  # fmt: skip
    with pytest.raises(GameError, match=rf"\[ScoringOptions\] {message}"):
        parse_session(text.encode())


def test_unknown_pbn_options_are_skipped():
    section = played(PLAYED, method="butler")
    text = event_pbn(section.session.event).replace(
        '[ScoringOptions "', '[ScoringOptions "FutureOption=1;;Bare;'
    )
    assert parse_session(text.encode()).settings["butler_trim"] == "one"


def test_the_event_page_names_the_options(director):
    section = imported(SEVEN, method="butler", butler_trim="middle",
                       butler_trim_count=3, butler_rounding="truncate",
                       imp_average_plus="1.2", imp_round_cap=20)  # fmt: skip
    page = director.get(reverse("director:event", args=[section.session.event_id]))
    text = page.content.decode()
    assert "Keep only the middle scores (near-median datum) (3)" in text
    assert "Down to the 10, toward zero" in text
    assert "A+ 1.2 IMPs" in text
    assert "at most 20 IMPs a round" in text
    section = imported(CROSS, method="cross-imps", cross_imps_cap=17)
    text = director.get(
        reverse("director:event", args=[section.session.event_id])
    ).content.decode()
    assert "average per comparison, at most 17 IMPs a comparison" in text
    assert "A+ 3 IMPs" in text


def test_a_settings_post_without_the_new_fields_keeps_the_events_own(
    director, django_capture_on_commit_callbacks
):
    section = imported(SEVEN, method="butler", butler_trim="middle",
                       butler_trim_count=3, imp_average_plus="1.2")  # fmt: skip
    event = section.session.event
    data = form_data(event, butler_trim="middle")
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(
            reverse("director:event-settings", args=[event.pk]), data
        )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.butler_trim_count, float(event.imp_average_plus)) == (3, 1.2)
    assert datum(section) == 320.0
