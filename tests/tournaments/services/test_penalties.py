"""Procedural penalties end to end: given through the API, stored, scored, ranked.

The section is the hand-worked one of ``tests/scoring/test_penalties.py``,
stored as an imported Mitchell: three NS and three EW pairs, two boards
played three times (top 4).  NS: 2NS 6 MP (75 %), 3NS 4 MP (50 %), 1NS 2 MP
(25 %); by cross-IMPs NS: 3NS +3.0, 2NS +0.5, 1NS -3.5; EW: 3EW +2.5, 2EW +2.0,
1EW -4.5.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from penalty_play import (  # noqa: F401 (fixtures)
    new_event,
    pair,
    penalty_event,
    penalty_section,
    stored_section,
)

from tournaments.models import (
    Event,
    Pair,
    PairScore,
    Penalty,
    Section,
    SectionScoring,
    Session,
)
from tournaments.services.penalties import penalty_give, penalty_withdraw
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def ns_table(section: Section) -> list[tuple]:
    scores = PairScore.objects.filter(pair__section=section, ranking="NS")
    return sorted(
        (s.rank, s.pair.label, round(s.mp, 6), round(s.pct, 6), s.penalty)
        for s in scores.select_related("pair")
    )


BEFORE = [
    ("1", "2NS", 6.0, 75.0, 0.0),
    ("2", "3NS", 4.0, 50.0, 0.0),
    ("3", "1NS", 2.0, 25.0, 0.0),
]


def give(client, section, capture, **body):
    with capture(execute=True):
        return client.post(
            f"/api/sections/{section.pk}/penalties/",
            body,
            content_type="application/json",
        )


def test_a_matchpoint_penalty_lowers_that_pair_and_its_rank(
    director, section, django_capture_on_commit_callbacks
):
    assert ns_table(section) == BEFORE
    ew_before = list(
        PairScore.objects.filter(pair__section=section, ranking="EW").values_list(
            "pair_id", "mp", "pct", "rank"
        )
    )
    response = give(
        director,
        section,
        django_capture_on_commit_callbacks,
        pair=pair(section, "2NS").pk,
        unit="mp",
        amount=3,
        reason="Slow play",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["pair_label"], body["unit"], body["amount"], body["reason"]) == (
        "2NS",
        "mp",
        3.0,
        "Slow play",
    )
    assert body["given_by"] == "td" and body["in_force"] is True
    assert ns_table(section) == [
        ("1", "3NS", 4.0, 50.0, 0.0),
        ("2", "2NS", 3.0, 37.5, 3.0),
        ("3", "1NS", 2.0, 25.0, 0.0),
    ]
    assert (
        list(
            PairScore.objects.filter(pair__section=section, ranking="EW").values_list(
                "pair_id", "mp", "pct", "rank"
            )
        )
        == ew_before
    )


def test_a_quarter_top_and_a_second_penalty_add_up(
    director, section, django_capture_on_commit_callbacks
):
    target = pair(section, "2NS").pk
    capture = django_capture_on_commit_callbacks
    give(director, section, capture, pair=target, unit="top_pct", amount="25",
         reason="Mobile phone")  # fmt: skip
    assert ns_table(section)[0] == ("1", "2NS", 5.0, 62.5, 1.0)
    give(director, section, capture, pair=target, unit="mp", amount="1.00",
         reason="Late")  # fmt: skip
    assert ns_table(section)[:2] == [
        ("1=", "2NS", 4.0, 50.0, 2.0),
        ("1=", "3NS", 4.0, 50.0, 0.0),
    ]


def test_withdrawing_a_penalty_restores_the_ranking_and_keeps_the_record(
    director, section, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    given = give(director, section, capture, pair=pair(section, "2NS").pk,
                 unit="mp", amount=3, reason="Slow play").json()  # fmt: skip
    with capture(execute=True):
        response = director.delete(f"/api/penalties/{given['id']}/")
    assert response.status_code == 200
    assert response.json()["in_force"] is False
    assert response.json()["withdrawn_by"] == "td"
    assert ns_table(section) == BEFORE
    penalty = Penalty.objects.get()
    assert penalty.withdrawn_at is not None and penalty.given_by.username == "td"
    listed = director.get(f"/api/sections/{section.pk}/penalties/").json()
    assert [(p["id"], p["in_force"]) for p in listed] == [(given["id"], False)]
    again = director.delete(f"/api/penalties/{given['id']}/")
    assert again.status_code == 400 and "penalty" in again.json()


def test_an_imp_penalty_lowers_the_total_and_the_rank(
    director, event, django_capture_on_commit_callbacks
):
    Event.objects.filter(pk=event.pk).update(method=Event.Method.CROSS_IMPS)
    section = stored_section(Event.objects.get(pk=event.pk))
    response = give(director, section, django_capture_on_commit_callbacks,
                    pair=pair(section, "3NS").pk, unit="imps", amount=3,
                    reason="Unauthorised information")  # fmt: skip
    assert response.status_code == 201, response.content
    scores = PairScore.objects.filter(pair__section=section).select_related("pair")
    rows = sorted((s.ranking, s.rank, s.pair.label, s.imps, s.penalty) for s in scores)
    assert rows == [
        ("EW", "1", "3EW", 2.5, 0.0),
        ("EW", "2", "2EW", 2.0, 0.0),
        ("EW", "3", "1EW", -4.5, 0.0),
        ("NS", "1", "2NS", 0.5, 0.0),
        ("NS", "2", "3NS", 0.0, 3.0),
        ("NS", "3", "1NS", -3.5, 0.0),
    ]
    refused = give(director, section, django_capture_on_commit_callbacks,
                   pair=pair(section, "3NS").pk, unit="mp", amount=3,
                   reason="x")  # fmt: skip
    assert refused.status_code == 400 and "unit" in refused.json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"unit": "points", "amount": 3, "reason": "x"}, "unit"),
        ({"unit": "imps", "amount": 3, "reason": "x"}, "unit"),
        ({"unit": "mp", "amount": 0, "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": -1, "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": "lots", "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": "NaN", "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": "Infinity", "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": "1.005", "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": 1000, "reason": "x"}, "amount"),
        ({"unit": "top_pct", "amount": 101, "reason": "x"}, "amount"),
        ({"unit": "mp", "amount": 1, "reason": "  "}, "reason"),
        ({"unit": "mp", "amount": 1}, "reason"),
        ({"unit": "mp", "amount": 1, "reason": "x" * 201}, "reason"),
        ({"unit": "mp", "amount": 1, "reason": "x", "pair": "2NS"}, "pair"),
        ({"unit": "mp", "amount": 1, "reason": "x", "pair": 999999}, "pair"),
        ({"unit": "mp", "amount": 1, "reason": "x", "pair": 10**12}, "pair"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    director, section, django_capture_on_commit_callbacks, body, field
):
    body = {"pair": pair(section, "2NS").pk, **body}
    response = give(director, section, django_capture_on_commit_callbacks, **body)
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert not Penalty.objects.exists()
    assert ns_table(section) == BEFORE


def test_another_section_s_pair_is_a_404(
    director, event, section, django_capture_on_commit_callbacks
):
    other = stored_section(event, number=2)
    response = give(director, section, django_capture_on_commit_callbacks,
                    pair=pair(other, "2NS").pk, unit="mp", amount=1,
                    reason="x")  # fmt: skip
    assert response.status_code == 404
    assert not Penalty.objects.exists()
    missing = director.get("/api/sections/999999/penalties/")
    assert missing.status_code == 404
    assert director.delete("/api/penalties/999999/").status_code == 404


def test_a_closed_session_is_refused(
    director, section, django_capture_on_commit_callbacks
):
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.CLOSED)
    response = give(director, section, django_capture_on_commit_callbacks,
                    pair=pair(section, "2NS").pk, unit="mp", amount=1,
                    reason="x")  # fmt: skip
    assert response.status_code == 400 and "pair" in response.json()
    assert not Penalty.objects.exists()


def test_only_the_director_reads_gives_or_withdraws(client, five_tables, section):
    token = issue_table_token(five_tables.table_set.get(number=1))
    target = five_tables.pairs.first()
    penalty = penalty_give(five_tables, pair=target, unit="mp", amount=1,
                           reason="Slow play", user=None)  # fmt: skip
    body = {"pair": target.pk, "unit": "mp", "amount": 1, "reason": "x"}
    url = f"/api/sections/{five_tables.pk}/penalties/"
    for headers in ({"Authorization": f"Table {token}"}, {}):
        assert client.get(url, headers=headers).status_code in (401, 403)
        posted = client.post(url, body, content_type="application/json",
                             headers=headers)  # fmt: skip
        assert posted.status_code in (401, 403)
        removed = client.delete(f"/api/penalties/{penalty.pk}/", headers=headers)
        assert removed.status_code in (401, 403)
    assert Penalty.objects.count() == 1
    assert Penalty.objects.get().in_force


def test_the_service_refuses_teams_and_unknown_units(section):
    target = pair(section, "1NS")
    with pytest.raises(Exception, match="unit"):
        penalty_give(section, pair=target, unit="vp", amount=1, reason="x", user=None)
    given = penalty_give(section, pair=target, unit="mp", amount="0.5",
                         reason=" Late ", user=None)  # fmt: skip
    assert (given.amount, given.reason) == (given.amount.__class__("0.50"), "Late")
    penalty_withdraw(given, user=None)
    with pytest.raises(Exception, match="already withdrawn"):
        penalty_withdraw(given, user=None)


def test_a_double_submit_fines_once(
    director, section, django_capture_on_commit_callbacks
):
    body = {"pair": pair(section, "2NS").pk, "unit": "mp", "amount": 3,
            "reason": "Slow play"}  # fmt: skip
    first = give(director, section, django_capture_on_commit_callbacks, **body)
    second = give(director, section, django_capture_on_commit_callbacks, **body)
    assert (first.status_code, second.status_code) == (201, 400)
    assert "reason" in second.json()
    assert Penalty.objects.count() == 1
    assert ns_table(section)[1] == ("2", "2NS", 3.0, 37.5, 3.0)
    body["reason"] = "Slow play, round 2"
    third = give(director, section, django_capture_on_commit_callbacks, **body)
    assert third.status_code == 201
    assert ns_table(section)[2] == ("3", "2NS", 0.0, 0.0, 6.0)


def test_a_teams_section_takes_no_penalty(director, django_capture_on_commit_callbacks):
    event = new_event()
    Event.objects.filter(pk=event.pk).update(kind=Event.Kind.TEAMS)
    teams = Section.objects.create(
        session=event.sessions.get(), movement=Section.Movement.GAME, tables=1,
        rounds=1, boards_per_round=1,
    )  # fmt: skip
    team_pair = Pair.objects.create(section=teams, number=1, names="Team pair")
    response = give(director, teams, django_capture_on_commit_callbacks,
                    pair=team_pair.pk, unit="mp", amount=1, reason="x")  # fmt: skip
    assert response.status_code == 400 and "pair" in response.json()
    assert not Penalty.objects.exists()


def test_the_api_ranking_carries_the_penalty(
    director, section, django_capture_on_commit_callbacks
):
    give(director, section, django_capture_on_commit_callbacks,
         pair=pair(section, "2NS").pk, unit="mp", amount=3,
         reason="Slow play")  # fmt: skip
    url = f"/api/events/{section.session.event_id}/rankings/"
    rankings = director.get(url).json()
    ns = next(r for r in rankings if r["direction"] == "NS")["entries"]
    assert [
        (e["rank"], e["pair"], e["mp"], e["pct"], e.get("penalty")) for e in ns
    ] == [
        ("1", "3", 4.0, 50.0, None),
        ("2", "2", 3.0, 37.5, 3.0),
        ("3", "1", 2.0, 25.0, None),
    ]


def test_the_phantom_takes_no_penalty(
    director, section, django_capture_on_commit_callbacks
):
    phantom = Pair.objects.create(
        section=section, number=4, direction="EW", phantom=True
    )
    response = give(director, section, django_capture_on_commit_callbacks,
                    pair=phantom.pk, unit="mp", amount=1, reason="x")  # fmt: skip
    assert response.status_code == 400 and "pair" in response.json()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("unit", "amount", "reason"),
    [
        ("vp", "1", "x"),
        ("mp", "0", "x"),
        ("mp", "-1", "x"),
        ("top_pct", "100.01", "x"),
        ("imps", "100.01", "x"),
        ("mp", "1", ""),
    ],
)
def test_the_database_refuses_what_the_service_refuses(section, unit, amount, reason):
    with pytest.raises(IntegrityError), transaction.atomic():
        Penalty.objects.create(
            pair=pair(section, "1NS"), unit=unit, amount=Decimal(amount), reason=reason
        )


def test_giving_and_withdrawing_mark_the_section_stale(section):
    scoring = SectionScoring.objects.filter(section=section)
    before = scoring.values_list("changes", flat=True).first() or 0
    given = penalty_give(section, pair=pair(section, "1NS"), unit="mp", amount=1,
                         reason="Late", user=None)  # fmt: skip
    assert scoring.get().changes == before + 1
    assert scoring.get().stale_since is not None
    penalty_withdraw(given, user=None)
    assert scoring.get().changes == before + 2
