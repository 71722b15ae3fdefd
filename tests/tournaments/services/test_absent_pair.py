"""The director marks a pair absent: its opponents are awarded the boards.

Figures worked by hand on the five-table Mitchell of
``test_running_withdrawals.py``: every table bids 4S by North; 1NS makes
eleven tricks, every other NS pair ten.  2EW is absent in round 5, where it
should have met 1NS at table 1 on boards 9-10.

Boards of sets 1-4: 5 lines, top 8; 1NS +450 scores 8, the other NS 3.
Boards 9-10: 4 real lines (all +420), raw 3 of 6, factored to
(3 + 1) * 5 / 4 - 1 = 4 of 8: the absent table does not change the top.
60/0: 1NS scores 60 % of 8 = 4.8 on each, 2EW 0.  1NS: 64 + 9.6 = 73.6 / 80
= 92 %; 2EW: 40 (five sets at 5, as in the withdrawal test) + 0 = 40 / 80
= 50 %.
"""

from __future__ import annotations

import datetime as dt

import pytest
from absent_play import awards
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from running_play import enter_rounds, error_fields, percentages

from tournaments.models import Result, ResultChange, Section, SectionChange, Session
from tournaments.selectors.movement import section_movement
from tournaments.services.absent_awards import pair_absent
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import result_adjust
from tournaments.services.running import pair_withdraw

pytestmark = pytest.mark.django_db


def running_section_of(choice: MovementChoice) -> Section:
    """A section of this movement, its session playing."""
    event = event_create(name="Howell night", date=dt.date(2026, 11, 24))
    pairs = 2 * choice.tables
    section = section_create(
        session=event.sessions.get(),
        choice=choice,
        entries=[PairEntry(names=f"Player {n} – Partner {n}") for n in range(pairs)],
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return Section.objects.get(pk=section.pk)


def test_an_absent_pair_scored_sixty_nil(five_tables, admin_user):
    section = five_tables
    enter_rounds(section, range(1, 5))
    written = pair_absent(
        section, pair="2ew", first=5, last=5, award="60/0", user=admin_user
    )
    assert written == 2
    assert awards(section) == [
        (9, 1, 2, "60", "0", "EW", 5, 1),
        (10, 1, 2, "60", "0", "EW", 5, 1),
    ]
    # The rest of round 5 is played; the awarded table is left alone.
    assert enter_rounds(section, range(5, 6)) == 8
    assert percentages(section) == {
        "1NS": "92.00", "2NS": "40.00", "3NS": "40.00", "4NS": "40.00",
        "5NS": "40.00", "1EW": "47.50", "2EW": "50.00", "3EW": "47.50",
        "4EW": "47.50", "5EW": "47.50",
    }  # fmt: skip
    lines = Result.objects.filter(board__section=section, board__number=9)
    assert {line.top for line in lines} == {8.0}
    award = lines.get(absent="EW")
    assert (award.mp_ns, award.mp_ew, award.pct_ns, award.pct_ew) == (
        pytest.approx(4.8),
        0,
        60,
        0,
    )
    assert sorted(line.mp_ns for line in lines if not line.absent) == [4, 4, 4, 4]
    scores = {p.label: p.score for p in section.pairs.select_related("score")}
    assert (scores["1NS"].mp, scores["1NS"].top, scores["1NS"].boards) == (
        pytest.approx(73.6),
        80,
        10,
    )
    assert (scores["2EW"].mp, scores["2EW"].top, scores["2EW"].boards) == (40, 80, 10)
    audit = ResultChange.objects.filter(result__absent="EW").order_by("id")
    assert [(a.action, a.after["absent"], a.user) for a in audit] == [
        ("adjust", "EW", admin_user),
        ("adjust", "EW", admin_user),
    ]
    change = SectionChange.objects.get(section=section)
    assert (change.action, change.pair, change.round) == ("absent", "2EW", 5)
    assert change.after == {"first": 5, "last": 5, "award": "60/0", "lines": 2}


@pytest.mark.parametrize(
    ("award", "marks", "pct_1ns", "pct_2ew"),
    [
        ("A+/A-", ("A+", "A-"), "92.00", "58.00"),
        ("60/40", ("60", "40"), "92.00", "58.00"),
    ],
)
def test_otherawards(five_tables, award, marks, pct_1ns, pct_2ew):
    """A+/A- (flat 60/40 by the event's rule) and 60/40: 2EW scores 3.2 a
    board: 40 + 6.4 = 46.4 / 80 = 58 %."""
    enter_rounds(five_tables, range(1, 5))
    assert pair_absent(five_tables, pair="2EW", first=5, award=award) == 2
    assert {line[3:5] for line in awards(five_tables)} == {marks}
    enter_rounds(five_tables, range(5, 6))
    pcts = percentages(five_tables)
    assert (pcts["1NS"], pcts["2EW"]) == (pct_1ns, pct_2ew)


def test_an_absent_ns_pair_over_several_rounds(five_tables):
    """1NS absent in rounds 1-2: it stays at table 1 (boards 1-2, then 3-4);
    the EW pairs it should have met are awarded 60 %, 1NS 0 %."""
    written = pair_absent(five_tables, pair="1NS", first=1, last=2, award="60/0")
    assert written == 4
    stored = awards(five_tables)
    assert [(a[0], a[1], a[3], a[4], a[5], a[6]) for a in stored] == [
        (1, 1, "0", "60", "NS", 1),
        (2, 1, "0", "60", "NS", 1),
        (3, 1, "0", "60", "NS", 2),
        (4, 1, "0", "60", "NS", 2),
    ]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"pair": "9NS", "first": 5}, "pair"),
        ({"pair": "", "first": 5}, "pair"),
        ({"pair": "2EW", "first": 0}, "first"),
        ({"pair": "2EW", "first": "5"}, "first"),
        ({"pair": "2EW", "first": 5, "last": 6}, "last"),
        ({"pair": "2EW", "first": 5, "last": 4}, "last"),
        ({"pair": "2EW", "first": 5, "award": "50/50"}, "award"),
        ({"pair": "2EW", "first": 5, "award": None}, "award"),
        ({"pair": "2EW", "first": 4}, "first"),  # round 4 already played
    ],
)
def test_refusals_name_the_field_and_write_nothing(five_tables, kwargs, field):
    enter_rounds(five_tables, range(1, 5))
    before = Result.objects.count()
    with pytest.raises(ValidationError) as error:
        pair_absent(five_tables, **kwargs)
    assert field in error_fields(error)
    assert Result.objects.count() == before
    assert not SectionChange.objects.exists()


def test_a_withdrawn_pair_or_a_second_absence_is_refused(five_tables):
    pair_withdraw(five_tables, pair="3EW", round=4)
    with pytest.raises(ValidationError) as error:
        pair_absent(five_tables, pair="3EW", first=4)
    assert "first" in error_fields(error)
    assert pair_absent(five_tables, pair="2EW", first=5) == 2
    with pytest.raises(ValidationError) as error:
        pair_absent(five_tables, pair="2EW", first=5)
    assert "first" in error_fields(error)
    assert len(awards(five_tables)) == 2


def test_a_closed_session_is_refused(five_tables):
    Session.objects.filter(pk=five_tables.session_id).update(
        status=Session.Status.CLOSED
    )
    with pytest.raises(ValidationError) as error:
        pair_absent(five_tables, pair="2EW", first=5)
    assert "section" in error_fields(error)


def test_only_an_award_has_an_absent_side(five_tables):
    """The database refuses an absent side on a played line."""
    enter_rounds(five_tables, range(1, 2))
    line = Result.objects.filter(board__section=five_tables).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.filter(pk=line.pk).update(absent="EW")


def test_the_write_path_refuses_a_bad_absent_side(five_tables):
    pairs = {p.label: p for p in five_tables.pairs.all()}
    board = five_tables.boards.get(number=1)
    with pytest.raises(ValidationError) as error:
        result_adjust(
            board=board, ns_pair=pairs["1NS"], ew_pair=pairs["1EW"],
            ns="60", ew="0", absent="N",
        )  # fmt: skip
    assert error_fields(error) == {"absent"}


def test_a_seat_facing_the_phantom_stays_a_sit_out(phantom_section):
    """7 tables, 7EW the phantom: 1NS meets it once in 7 rounds, so 1NS absent
    all session gives awards at its 6 other seatings only (2 boards each)."""
    movement = section_movement(phantom_section)
    pair_id = next(p.id for p in movement.pairs if p.label == "1NS")
    facing_phantom = [
        seating
        for seating, _ in movement.seatings_of_pair(pair_id)
        if movement.absent_in(movement.opponent(seating, pair_id), seating.round)
    ]
    assert len(facing_phantom) == 1
    assert pair_absent(phantom_section, pair="1NS", first=1, award="60/0") == 12
    stored = awards(phantom_section)
    assert {a[2] for a in stored} == {1, 2, 3, 4, 5, 6}  # never the phantom 7EW
    assert {(a[3], a[4], a[5]) for a in stored} == {("0", "60", "NS")}


def test_a_howell_pair_absent_in_either_direction():
    """A 4-table Howell: the absent pair sits NS at some tables and EW at
    others; the award always goes against its own side."""
    section = running_section_of(MovementChoice("howell", 4, 2))
    movement = section_movement(section)
    pair_id = next(p.id for p in movement.pairs if p.label == "1")
    seatings = movement.seatings_of_pair(pair_id)
    written = pair_absent(section, pair="1", first=1, award="60/40")
    assert written == 2 * len(seatings)
    lines = Result.objects.filter(board__section=section).select_related(
        "ns_pair", "ew_pair"
    )
    assert {line.absent for line in lines} == {"NS", "EW"}
    for line in lines:
        absent_pair = line.ns_pair if line.absent == "NS" else line.ew_pair
        assert absent_pair.label == "1"
        marks = (line.adjusted_ns, line.adjusted_ew)
        assert marks == (("40", "60") if line.absent == "NS" else ("60", "40"))
