"""Issue 18 items 3 and 5 through the database: each IMP-pairs option and the
printed rounding of matchpoints, given to ``score_event`` or set through
``/api/events/<id>/scoring/``, change the stored figures of a hand-worked
board; bad values are refused naming the field, by the command, the API and
the database.

The boards (``imp_night``) are those of ``tests/scoring/test_imp_options.py``.
"""

from __future__ import annotations

import datetime as dt
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from imp_night import (
    AVERAGE_PLUS,
    CROSS,
    NEUBERG,
    SEVEN,
    TWO_ROUNDS,
    datum,
    imported,
    imps_of,
    total,
)

from tournaments.models import (
    Event,
    Result,
    Section,
    Session,
    Table,
)
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def score_event(section: Section, *args: str) -> dict:
    out = StringIO()
    event = str(section.session.event_id)
    call_command("score_event", event, "--json", *args, stdout=out)
    return json.loads(out.getvalue())


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
        (("--round-cap", "inf"), "--round-cap"),
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
        "across_field": False,
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
    # A token is given, and accepted, only while its session is played.
    Session.objects.filter(event=event).update(status=Session.Status.PLAYING)
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
