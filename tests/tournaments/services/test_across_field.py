"""Two sections playing the same boards, scored across the field.

Board 1 of two 3-table Mitchells, three lines in each section.  NS scores:
section A 420, 140, -50; section B 450, 170, -100.  As one field of six
lines the top is 2 x (6 - 1) = 10 and the NS matchpoints are, best first,
450: 10, 420: 8, 170: 6, 140: 4, -50: 2, -100: 0 (Neuberg's N is 3 + 3 = 6,
every play is there, so nothing is factored).  Scored alone, section A's
top is 4: 420: 4, 140: 2, -50: 0.  Each NS pair has played one board, so its
percentage is its MP over 10: the field's NS places are B 450 first, A 420
second, ..., B -100 sixth; within section A, 420, 140, -50 are 1, 2, 3.
"""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from section_play import board_slots, enter_board

from tournaments.models import Board, Event, PairScore, Result, ScoringRequest, Section
from tournaments.rescore import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.rescoring import rescore
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db

# (contract, declarer, tricks) giving NS 420, 140, -50 and 450, 170, -100.
SECTION_A = [("4S", "N", 10), ("2S", "N", 9), ("4S", "N", 9)]
SECTION_B = [("4S", "N", 11), ("3S", "N", 10), ("4S", "N", 8)]


def two_sections(across: bool) -> tuple[Section, Section]:
    event = event_create(name="Simultaneous", date=dt.date(2026, 11, 25))
    Event.objects.filter(pk=event.pk).update(across_field=across)
    session = event.sessions.get()
    return tuple(
        section_create(
            session=session, choice=MovementChoice("mitchell", 3, 2), letter=letter
        )
        for letter in "AB"
    )


def enter(section: Section, contracts, *, rescore_it: bool = False) -> list[Result]:
    """Board 1's lines of ``section``, not rescored unless told."""
    return enter_board(section, 1, contracts, rescore=rescore_it)


def mp_by_score(*sections: Section) -> dict[int, tuple]:
    lines = Result.objects.filter(board__section__in=sections, board__number=1)
    return {line.score_ns: (line.mp_ns, line.mp_ew, line.top) for line in lines}


def places(section: Section) -> dict[int, tuple[str, str]]:
    """NS score on board 1 -> (place in section, place in field) of its NS pair."""
    lines = Result.objects.filter(board__section=section, board__number=1)
    scores = {s.pair_id: s for s in PairScore.objects.filter(pair__section=section)}
    return {
        line.score_ns: (
            scores[line.ns_pair_id].rank,
            scores[line.ns_pair_id].field_rank,
        )
        for line in lines
    }


def test_two_sections_are_matchpointed_as_one_field():
    a, b = two_sections(across=True)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    rescore_section(a.pk)
    assert mp_by_score(a, b) == {
        450: (10.0, 0.0, 10.0), 420: (8.0, 2.0, 10.0), 170: (6.0, 4.0, 10.0),
        140: (4.0, 6.0, 10.0), -50: (2.0, 8.0, 10.0), -100: (0.0, 10.0, 10.0),
    }  # fmt: skip
    assert places(a) == {420: ("1", "2"), 140: ("2", "4"), -50: ("3", "5")}
    assert places(b) == {450: ("1", "1"), 170: ("2", "3"), -100: ("3", "6")}
    ns = PairScore.objects.get(pair__section=a, ranking="NS", rank="1")
    assert (ns.mp, ns.top, ns.pct, ns.boards) == (8.0, 10.0, 80.0, 1)


def test_each_section_alone_when_not_across_the_field():
    a, b = two_sections(across=False)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    rescore_section(a.pk)
    assert mp_by_score(a) == {
        420: (4.0, 0.0, 4.0),
        140: (2.0, 2.0, 4.0),
        -50: (0.0, 4.0, 4.0),
    }
    assert places(a) == {420: ("1", ""), 140: ("2", ""), -50: ("3", "")}
    # Section B was not rescored with A.
    assert set(
        Result.objects.filter(board__section=b).values_list("mp_ns", flat=True)
    ) == {None}


def test_a_line_changed_in_one_section_rescores_the_board_in_both():
    a, b = two_sections(across=True)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    rescore_section(a.pk)
    # B's 450 becomes 4S-2 by N, -100: A's 420 is now the field's top.
    board, ns, ew = board_slots(b, 1)[0]
    result_submit(
        board=board, ns_pair=ns, ew_pair=ew, contract="4S", declarer="N", tricks=8,
        result=Result.objects.get(board=board, ns_pair=ns),
    )  # fmt: skip
    assert ScoringRequest.objects.filter(section=b).count() == 1
    outcome = rescore(b.pk, queued=True)
    assert (outcome["boards"], outcome["lines"], outcome["fresh"]) == (1, 6, 1)
    assert mp_by_score(a, b) == {
        420: (10.0, 0.0, 10.0), 170: (8.0, 2.0, 10.0), 140: (6.0, 4.0, 10.0),
        -50: (4.0, 6.0, 10.0), -100: (1.0, 9.0, 10.0),
    }  # fmt: skip
    assert places(a)[420] == ("1", "1")
    figures = _figures(a, b)
    rescore_section(a.pk)
    assert _figures(a, b) == figures
    assert not Section.objects.get(pk=a.pk).stale


def _figures(*sections: Section) -> list:
    lines = Result.objects.filter(board__section__in=sections).order_by("pk")
    scores = PairScore.objects.filter(pair__section__in=sections).order_by("pair")
    return [
        *lines.values_list("mp_ns", "mp_ew", "top"),
        *scores.values_list("mp", "top", "pct"),
        *[(s.rank, s.field_rank) for s in scores],
    ]


def test_butler_across_the_field_takes_one_datum_for_both_sections():
    a, b = two_sections(across=True)
    Event.objects.filter(pk=a.session.event_id).update(method="butler")
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    rescore_section(b.pk)
    # Six scores, one dropped at each end (450, -100): mean of 420, 170,
    # 140, -50 = 170, already a multiple of ten.
    boards = Board.objects.filter(section__in=[a, b], number=1)
    datums = list(boards.values_list("datum", flat=True))
    assert datums == [170.0, 170.0]


def test_the_api_turns_scoring_across_the_field_on_and_rescores(
    director, django_capture_on_commit_callbacks
):
    a, b = two_sections(across=False)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    url = reverse("api-event-scoring", args=[a.session.event_id])
    with django_capture_on_commit_callbacks(execute=True):
        response = director.patch(
            url, {"across_field": True}, content_type="application/json"
        )
    assert response.status_code == 200, response.content
    assert response.json()["across_field"] is True
    assert mp_by_score(a, b)[420] == (8.0, 2.0, 10.0)
    assert places(b)[450] == ("1", "1")
    Event.objects.filter(pk=a.session.event_id).update(published=True)
    rankings = director.get(
        reverse("api-event-rankings", args=[a.session.event_id])
    ).json()
    ns = next(r for r in rankings if r["direction"] == "NS")["entries"]
    assert [(e["rank"], e["section"], e["section_rank"]) for e in ns] == [
        ("1", "B", "1"), ("2", "A", "1"), ("3", "B", "2"),
        ("4", "A", "2"), ("5", "A", "3"), ("6", "B", "3"),
    ]  # fmt: skip
    refused = director.patch(
        url, {"across_field": "sometimes"}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert "across_field" in refused.json()


def test_the_results_page_ranks_the_field_with_each_section_place(client):
    a, b = two_sections(across=True)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    rescore_section(a.pk)
    Event.objects.filter(pk=a.session.event_id).update(published=True)
    page = client.get(reverse("results:event", args=[a.session.event_id]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Scored across the field" in text
    assert "In section" in text
    # Section A's 420 pair: 2nd in the field's NS ranking, 1st in its section.
    ns = board_slots(a, 1)[0][1]
    assert f"<tr><td>2</td><td>1</td><td>A{ns.number}</td>" in text


def test_score_event_across_the_field_or_by_section():
    a, b = two_sections(across=False)
    enter(a, SECTION_A)
    enter(b, SECTION_B)
    event = a.session.event_id

    def board_one(*args: str) -> dict[tuple[str, int], float]:
        out = io.StringIO()
        call_command("score_event", str(event), "--json", *args, stdout=out)
        boards = json.loads(out.getvalue())["boards"]
        return {
            (board["section"], line["score_ns"]): line["mp_ns"]
            for board in boards
            if board["board"] == 1
            for line in board["lines"]
        }

    assert board_one("--across-field")[("A", 420)] == 8.0
    assert board_one()[("A", 420)] == 4.0
    Event.objects.filter(pk=event).update(across_field=True)
    assert board_one()[("B", 450)] == 10.0
    assert board_one("--by-section")[("B", 450)] == 4.0
    with pytest.raises(CommandError):
        call_command("score_event", str(event), "--across-field", "--by-section")


def test_sections_playing_other_boards_keep_their_own_neuberg_n():
    event = event_create(name="Two sets", date=dt.date(2026, 11, 25))
    Event.objects.filter(pk=event.pk).update(across_field=True)
    session = event.sessions.get()
    a = section_create(
        session=session, choice=MovementChoice("mitchell", 3, 2), letter="A"
    )
    section_create(
        session=session,
        choice=MovementChoice("mitchell", 3, 2),
        letter="B",
        first_board=7,
    )
    enter(a, SECTION_A)
    rescore_section(a.pk)
    # Board 1 is played 3 times, all in section A: no factor up to 6.
    assert mp_by_score(a) == {
        420: (4.0, 0.0, 4.0),
        140: (2.0, 2.0, 4.0),
        -50: (0.0, 4.0, 4.0),
    }
