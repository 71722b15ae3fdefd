"""Issue 18 items 3 and 5 through the database: each IMP-pairs option and the
printed rounding of matchpoints, set on the event (the API, the director's
form) or given to ``score_event``, change the stored figures of a hand-worked
board; bad values are refused naming the field; the exports carry them.

The boards are those of ``tests/scoring/test_imp_options.py``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import xml.etree.ElementTree as ET
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from pairs_play import imported_by_command

from games.errors import GameError
from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.importers.pbn import parse_session
from tournaments.models import (
    Board,
    Event,
    Pair,
    PairScore,
    Result,
    Section,
    Source,
    Table,
)
from tournaments.scoring_io import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.tokens import issue_table_token

pytestmark = pytest.mark.django_db

# Board 1 of seven tables, NS scores by pair: sorted -100 50 140 400 420 450
# 1430 (sum 2790, mean 398.57).  Dropping one at each end: 1460 / 5 = 292.
SEVEN = {1: [(1, 2, 450), (3, 4, -100), (5, 6, 1430), (7, 8, 50), (9, 10, 400),
             (11, 12, 140), (13, 14, 420)]}  # fmt: skip
# Pair 1 meets 2, pair 3 meets 4, on boards 1 and 2.  Untrimmed, unrounded
# datums 260 and 925: pair 1 NS +8 and +11 IMPs, pair 3 NS -8 and -11.
TWO_ROUNDS = {1: [(1, 2, 620), (3, 4, -100)], 2: [(1, 2, 1430), (3, 4, 420)]}
# 620 and -100 (720 apart), and an A+/A- table.
AVERAGE_PLUS = {1: [(1, 2, 620), (3, 4, -100), (5, 6, ("A+", "A-"))]}
# 2210 v -100 is 20 IMPs, 2210 v 420 is 18, 420 v -100 is 11.
CROSS = {1: [(1, 2, 2210), (3, 4, 420), (5, 6, -100)]}
# Board 1 played at three of four tables (Neuberg to a top of 6), board 2 at
# four: pair 1 NS scores 5.6667 (5.67 printed) then 3 of 6.
NEUBERG = {1: [(1, 11, 450), (2, 12, 420), (3, 13, 400)],
           2: [(1, 11, 420), (2, 12, 450), (3, 13, 400), (4, 14, 420)]}  # fmt: skip


def imported(boards: dict, **settings: object) -> Section:
    """An event with these settings and one imported Howell section of these
    lines (``(ns, ew, score)`` or ``(ns, ew, (ns mark, ew mark))``), scored."""
    event = event_create(name="IMP night", date=dt.date(2026, 11, 24))
    Event.objects.filter(pk=event.pk).update(**settings)
    event.refresh_from_db()
    section = Section.objects.create(
        session=event.sessions.get(), movement=Section.Movement.NONE,
        tables=max(len(lines) for lines in boards.values()), rounds=0,
        boards_per_round=0,
    )  # fmt: skip
    numbers = {n for lines in boards.values() for ns, ew, _ in lines for n in (ns, ew)}
    pairs = {
        n: Pair.objects.create(section=section, number=n, names=f"Pair {n}")
        for n in sorted(numbers)
    }
    for number, lines in boards.items():
        board = Board.objects.create(section=section, number=number)
        for ns, ew, score in lines:
            marks = score if isinstance(score, tuple) else ("", "")
            Result.objects.create(
                board=board, ns_pair=pairs[ns], ew_pair=pairs[ew],
                score_ns=None if isinstance(score, tuple) else score,
                adjusted_ns=marks[0], adjusted_ew=marks[1], source=Source.IMPORT,
            )  # fmt: skip
    rescore_section(section.pk)
    return section


def score_event(section: Section, *args: str) -> dict:
    out = StringIO()
    event = str(section.session.event_id)
    call_command("score_event", event, "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def datum(section: Section, number: int = 1) -> float | None:
    return Board.objects.get(section=section, number=number).datum


def imps_of(section: Section) -> list[tuple[float, float]]:
    results = Result.objects.filter(board__section=section).order_by(
        "board__number", "ns_pair__number"
    )
    return [(r.imp_ns, r.imp_ew) for r in results]


def total(section: Section, number: int, field: str = "imps") -> float:
    return getattr(PairScore.objects.get(pair__section=section, pair__number=number),
                   field)  # fmt: skip


def url(event_id: int) -> str:
    return reverse("api-event-scoring", args=[event_id])


def patch(client, section: Section, capture, **body: object):
    with capture(execute=True):
        return client.patch(
            url(section.session.event_id), body, content_type="application/json"
        )


# score_event -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), 290.0),
        (("--butler-trim", "none"), 400.0),
        (("--butler-trim", "each-end", "--butler-trim-count", "2"), 320.0),
        (("--butler-trim", "percent", "--butler-trim-percent", "30"), 320.0),
        (("--butler-trim", "percent", "--butler-trim-percent", "14"), 400.0),
        (("--butler-trim", "middle", "--butler-trim-count", "1"), 400.0),
        (("--butler-trim", "middle", "--butler-trim-count", "3"), 320.0),
        (("--butler-trim", "none", "--butler-rounding", "truncate"), 390.0),
        (("--butler-trim", "none", "--butler-rounding", "none"), 2790 / 7),
    ],
)
def test_score_event_trims_and_rounds_the_datum(args, expected):
    section = imported(SEVEN, method="butler")
    report = score_event(section, *args)
    assert report["boards"][0]["datum"] == pytest.approx(expected)
    assert datum(section) == 290.0  # nothing stored


def test_score_event_truncated_datum_changes_the_imps():
    """-100 against 390 is 490 (10 IMPs), against 400 is 500 (11)."""
    section = imported(SEVEN, method="butler", butler_trim="none")
    lines = score_event(section, "--butler-rounding", "truncate")["boards"][0]["lines"]
    assert [(li["ns"], li["imp_ns"]) for li in lines][1] == ("3", -10)
    lines = score_event(section)["boards"][0]["lines"]
    assert [(li["ns"], li["imp_ns"]) for li in lines][1] == ("3", -11)


def test_score_event_average_plus_in_imps():
    section = imported(AVERAGE_PLUS, method="butler", butler_trim="none")
    line = score_event(section, "--imp-average-plus", "1.2")["boards"][0]["lines"][2]
    assert (line["imp_ns"], line["imp_ew"]) == (1.2, -1.2)
    line = score_event(section, "--method", "cross-imps",
                       "--imp-average-plus", "2")["boards"][0]["lines"][2]  # fmt: skip
    assert (line["imp_ns"], line["imp_ew"]) == (2.0, -2.0)


def test_score_event_cross_imp_cap():
    section = imported(CROSS, method="cross-imps")
    lines = score_event(section, "--cross-imps-cap", "17")["boards"][0]["lines"]
    assert [li["imp_ns"] for li in lines] == [17.0, -3.0, -14.0]
    lines = score_event(section)["boards"][0]["lines"]
    assert [li["imp_ns"] for li in lines] == [19.0, -3.5, -15.5]


def test_score_event_round_cap():
    section = imported(TWO_ROUNDS, method="butler", butler_trim="none",
                       butler_rounding="none")  # fmt: skip
    report = score_event(section, "--round-cap", "10")
    entries = {e["pair"]: e["imps"] for r in report["rankings"] for e in r["entries"]}
    assert entries == {"1": 10.0, "2": -10.0, "3": -10.0, "4": 10.0}
    assert total(section, 1) == 19.0  # stored uncapped


def test_score_event_mp_rounding():
    section = imported(NEUBERG)
    report = score_event(section, "--mp-rounding", "hundredths")
    line = report["boards"][0]["lines"][0]
    assert (line["mp_ns"], line["pct_ns"]) == (5.67, 94.5)
    entries = {e["pair"]: e for r in report["rankings"] for e in r["entries"]}
    assert entries["1"]["pct"] == pytest.approx(72.25)
    assert total(section, 1, "pct") == pytest.approx(72.2222222)


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("--butler-trim", "half"), "--butler-trim"),
        (("--butler-trim-count", "0"), "--butler-trim-count"),
        (("--butler-trim-count", "two"), "--butler-trim-count"),
        (("--butler-trim-percent", "50"), "--butler-trim-percent"),
        (("--butler-trim-percent", "nan"), "--butler-trim-percent"),
        (("--butler-rounding", "up"), "--butler-rounding"),
        (("--cross-imps-cap", "25"), "--cross-imps-cap"),
        (("--imp-average-plus", "-1"), "--imp-average-plus"),
        (("--round-cap", "0"), "--round-cap"),
        (("--mp-rounding", "3"), "--mp-rounding"),
    ],
)
def test_score_event_refuses_bad_options_naming_them(args, option):
    section = imported(SEVEN, method="butler")
    with pytest.raises(CommandError, match=option):
        score_event(section, *args)


# The API -----------------------------------------------------------------------


def test_the_api_reads_the_settings(director):
    section = imported(SEVEN, method="butler")
    body = director.get(url(section.session.event_id)).json()
    assert body == {
        "method": "butler", "scale": 2, "neuberg": True, "average_plus": 60.0,
        "average": 50.0, "average_minus": 40.0, "average_rule": "flat",
        "mp_rounding": "exact", "butler_trim": "one", "butler_trim_count": 1,
        "butler_trim_percent": 5.0, "butler_rounding": "half-away",
        "cross_imps_total": False, "cross_imps_cap": None,
        "imp_average_plus": 3.0, "imp_round_cap": None,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"butler_trim": "none"}, 400.0),
        ({"butler_trim": "each-end", "butler_trim_count": 2}, 320.0),
        ({"butler_trim": "percent", "butler_trim_percent": 30}, 320.0),
        ({"butler_trim": "middle", "butler_trim_count": 1}, 400.0),
        ({"butler_trim": "none", "butler_rounding": "truncate"}, 390.0),
        ({"butler_trim": "none", "butler_rounding": "half-even"}, 400.0),
    ],
)
def test_the_api_sets_the_datum_and_rescores(
    director, django_capture_on_commit_callbacks, body, expected
):
    section = imported(SEVEN, method="butler")
    response = patch(director, section, django_capture_on_commit_callbacks, **body)
    assert response.status_code == 200, response.content
    assert response.json().items() >= body.items()
    assert datum(section) == expected


def test_the_api_sets_average_plus_in_imps(
    director, django_capture_on_commit_callbacks
):
    section = imported(AVERAGE_PLUS, method="butler", butler_trim="none")
    assert imps_of(section)[2] == (3.0, -3.0)
    response = patch(director, section, django_capture_on_commit_callbacks,
                     imp_average_plus="1.2")  # fmt: skip
    assert response.status_code == 200
    assert response.json()["imp_average_plus"] == 1.2
    assert imps_of(section) == [(8.0, -8.0), (-8.0, 8.0), (1.2, -1.2)]
    assert (total(section, 5), total(section, 6)) == (1.2, -1.2)


def test_the_api_sets_the_cross_imp_cap(director, django_capture_on_commit_callbacks):
    section = imported(CROSS, method="cross-imps")
    response = patch(director, section, django_capture_on_commit_callbacks,
                     cross_imps_cap=17, cross_imps_total=True)  # fmt: skip
    assert response.status_code == 200
    assert [ns for ns, _ in imps_of(section)] == [34.0, -6.0, -28.0]


def test_the_api_sets_the_round_cap(director, django_capture_on_commit_callbacks):
    section = imported(TWO_ROUNDS, method="butler", butler_trim="none",
                       butler_rounding="none")  # fmt: skip
    assert total(section, 1) == 19.0
    response = patch(director, section, django_capture_on_commit_callbacks,
                     imp_round_cap=10)  # fmt: skip
    assert response.status_code == 200
    assert [total(section, n) for n in (1, 2, 3, 4)] == [10.0, -10.0, -10.0, 10.0]
    assert [ns for ns, _ in imps_of(section)] == pytest.approx(
        [80 / 19, -80 / 19, 110 / 19, -110 / 19]
    )
    response = patch(director, section, django_capture_on_commit_callbacks,
                     imp_round_cap=None)  # fmt: skip
    assert response.status_code == 200
    assert total(section, 1) == 19.0


def test_the_api_sets_the_mp_rounding(director, django_capture_on_commit_callbacks):
    section = imported(NEUBERG)
    response = patch(director, section, django_capture_on_commit_callbacks,
                     mp_rounding="hundredths")  # fmt: skip
    assert response.status_code == 200
    line = Result.objects.get(board__section=section, board__number=1,
                              ns_pair__number=1)  # fmt: skip
    assert (line.mp_ns, line.mp_ew, line.pct_ns) == (5.67, 0.33, 94.5)
    assert total(section, 1, "pct") == pytest.approx(72.25)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"butler_trim": "half"}, "butler_trim"),
        ({"butler_trim_count": 0}, "butler_trim_count"),
        ({"butler_trim_count": "x"}, "butler_trim_count"),
        ({"butler_trim_percent": 50}, "butler_trim_percent"),
        ({"butler_trim_percent": "NaN"}, "butler_trim_percent"),
        ({"butler_rounding": "up"}, "butler_rounding"),
        ({"cross_imps_cap": 25}, "cross_imps_cap"),
        ({"cross_imps_cap": 0}, "cross_imps_cap"),
        ({"imp_average_plus": -1}, "imp_average_plus"),
        ({"imp_average_plus": 100}, "imp_average_plus"),
        ({"imp_round_cap": 0}, "imp_round_cap"),
        ({"imp_round_cap": "1e9"}, "imp_round_cap"),
        ({"mp_rounding": "3"}, "mp_rounding"),
        ({"method": "vp"}, "method"),
        ({"published": True}, "published"),
        ({"name": "Renamed"}, "name"),
    ],
)
def test_the_api_refuses_bad_values_naming_the_field(
    director, django_capture_on_commit_callbacks, body, field
):
    section = imported(SEVEN, method="butler")
    before = Event.objects.values().get(pk=section.session.event_id)
    response = patch(director, section, django_capture_on_commit_callbacks, **body)
    assert response.status_code == 400
    assert field in response.json()
    assert Event.objects.values().get(pk=section.session.event_id) == before
    assert datum(section) == 290.0


def test_only_a_director_changes_the_settings(
    client, django_user_model, django_capture_on_commit_callbacks
):
    event = event_create(name="Club night", date=dt.date(2026, 11, 24),
                         method="butler")  # fmt: skip
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    body = {"butler_trim": "none"}
    assert client.patch(url(event.pk), body, content_type="application/json"
                        ).status_code in (401, 403)  # fmt: skip
    table = Table.objects.filter(section=section).first()
    token = {"HTTP_AUTHORIZATION": f"Table {issue_table_token(table)}"}
    response = client.patch(url(event.pk), body, content_type="application/json",
                            **token)  # fmt: skip
    assert response.status_code == 403
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    response = client.patch(url(event.pk), body, content_type="application/json")
    assert response.status_code == 403
    assert Event.objects.get(pk=event.pk).butler_trim == "one"


def test_an_unpublished_event_is_hidden_and_a_teams_event_has_none(director):
    client = Client()
    section = imported(SEVEN, method="butler")
    assert client.get(url(section.session.event_id)).status_code == 404
    Event.objects.filter(pk=section.session.event_id).update(published=True)
    assert client.get(url(section.session.event_id)).status_code == 200
    teams = Event.objects.create(name="Teams", date=dt.date(2026, 11, 24),
                                 kind=Event.Kind.TEAMS)  # fmt: skip
    assert director.get(url(teams.pk)).status_code == 404
    assert director.get(url(999999)).status_code == 404


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


@pytest.mark.parametrize(
    "bad",
    [{"butler_trim_count": 0}, {"butler_trim_percent": 50}, {"imp_average_plus": -1},
     {"cross_imps_cap": 25}, {"imp_round_cap": 0}, {"mp_rounding": "tenths"}],
)  # fmt: skip
def test_the_database_refuses_what_the_scorer_would(bad):
    event = event_create(name="Shell", date=dt.date(2026, 11, 24))
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.filter(pk=event.pk).update(**bad)


@pytest.mark.parametrize("body", ['["butler_trim"]', '"none"', "{", "null"])
def test_the_api_refuses_a_body_that_is_not_an_object(director, body):
    section = imported(SEVEN, method="butler")
    response = director.patch(
        url(section.session.event_id), body, content_type="application/json"
    )
    assert response.status_code == 400
    assert Event.objects.get(pk=section.session.event_id).butler_trim == "one"


def test_the_api_has_no_put_or_delete(director):
    section = imported(SEVEN, method="butler")
    event_url = url(section.session.event_id)
    assert (
        director.put(event_url, {}, content_type="application/json").status_code == 405
    )
    assert director.delete(event_url).status_code == 405


# PBN out and back ------------------------------------------------------------------

# Board 1, nobody vulnerable: the contract of each score, so the lines export.
CONTRACTS = {450: ("4S", 11), 420: ("4S", 10), 400: ("3NT", 9), 110: ("2S", 8),
             -50: ("4S", 9), -100: ("4S", 8), 980: ("6S", 12)}  # fmt: skip
# Sorted -100 -50 110 400 420 450 980: top and bottom dropped, 1330 / 5 = 266
# (270); the middle 3 (110 400 420), 310 truncated.
PLAYED = {1: [(1, 2, 450), (3, 4, -100), (5, 6, 980), (7, 8, -50), (9, 10, 400),
              (11, 12, 110), (13, 14, 420)]}  # fmt: skip


def played(boards: dict, **settings: object) -> Section:
    """``imported`` with each line's contract, declarer North, and tricks."""
    section = imported(boards, **settings)
    for result in Result.objects.filter(board__section=section):
        contract, tricks = CONTRACTS[result.score_ns]
        result.contract, result.declarer, result.tricks = contract, "N", tricks
        result.save(update_fields=["contract", "declarer", "tricks"])
    return section


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


def test_score_event_refuses_a_count_the_trimming_does_not_use():
    section = imported(SEVEN, method="butler")
    with pytest.raises(CommandError, match="--butler-trim-count needs"):
        score_event(section, "--butler-trim-count", "2")
    with pytest.raises(CommandError, match="--butler-trim-percent needs"):
        score_event(section, "--butler-trim", "middle", "--butler-trim-percent", "9")
    report = score_event(
        section, "--butler-trim-count", "2", "--butler-trim", "each-end"
    )
    assert report["boards"][0]["datum"] == 320.0


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
