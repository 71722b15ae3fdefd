"""A late pair takes the phantom's seat in a running section: the movement,
the tablets, the sheet and the cards follow; the late pair is scored on the
boards it played.

Figures worked by hand: every table bids 4S by North; 1NS makes eleven
tricks, every other NS pair ten.  On a board played by n pairs the top is
2(n - 1); a board played fewer times than the most (7 here) is factored up
by Neuberg: (mp + 1) * N / n - 1.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from running_play import (
    PLAY,
    SIGN_IN,
    enter_rounds,
    error_fields,
    percentages,
    running_section,
)

from tournaments.models import SectionChange, Session
from tournaments.movements import validate
from tournaments.selectors.movement import section_movement
from tournaments.services.results import result_submit
from tournaments.services.running import (
    late_pair_join,
    pair_withdraw,
)

pytestmark = pytest.mark.django_db


# --- a late pair --------------------------------------------------------


def test_a_late_pair_takes_the_phantoms_seat_from_its_round(
    phantom_section, admin_user
):
    section = phantom_section
    before = section_movement(section)
    assert before.phantom.label == "7EW"
    pair = late_pair_join(
        section, names=["Ann Late", "Bob Later"], round=3, user=admin_user
    )
    section.refresh_from_db()
    assert (pair.label, pair.names) == ("7EW", "Ann Late – Bob Later")
    assert section.phantom is False
    assert section.absences == [
        {"pair": "7EW", "first": 1, "last": 2, "reason": "late"}
    ]
    movement = section_movement(section)
    assert movement is not before and validate(movement) == []
    # EW pair e sits at table e + r - 1 (mod 7): 7EW is at table 7 in round 1,
    # table 1 in round 2 (both sit-outs, as before), table 2 from round 3.
    seat = {r: movement.seating(r, movement.position(14, r)[0]) for r in (1, 2, 3)}
    assert [seat[r].table for r in (1, 2, 3)] == [7, 1, 2]
    assert [movement.is_sit_out(seat[r]) for r in (1, 2, 3)] == [True, True, False]
    # The phantom's seats in rounds 1-2 held set 7 (table 7) and set 2
    # (table 1): those boards stay one play short; the others are played 7 times.
    assert [movement.times_played(b) for b in (13, 14, 3, 4, 1, 7)] == [
        6, 6, 6, 6, 7, 7,
    ]  # fmt: skip
    change = SectionChange.objects.get(section=section)
    assert (change.action, change.pair, change.round, change.user) == (
        "late-pair", "7EW", 3, admin_user,
    )  # fmt: skip
    assert change.before == {"phantom": True, "absences": []}


def test_the_late_pair_is_scored_on_the_boards_it_played(phantom_section):
    section = phantom_section
    enter_rounds(section, range(1, 3))
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    enter_rounds(section, range(3, 8))
    pct = percentages(section)
    boards = {p.label: p.score.boards for p in section.pairs.select_related("score")}
    # 1NS sat out round 2 (the phantom's seat at table 1), 7NS round 1; 2NS
    # meets the late pair in round 3 and plays every round.
    assert (boards["1NS"], boards["7NS"], boards["2NS"], boards["7EW"]) == (
        12, 12, 14, 10,
    )  # fmt: skip
    # 1NS tops every board: 12 of 12 on its ten boards played 7 times; on set
    # 7 (played 6 times) 10 of 10, factored to 11 * 7 / 6 - 1 = 11.8333.
    # (120 + 23.6667) / 144 = 99.77 %.
    assert pct["1NS"] == "99.77"
    # 7EW plays sets 4, 6, 1, 3, 5 (7 lines each) and never meets 1NS: it
    # beats 1NS's opponents and ties the five others, 2 + 5 = 7 of 12.
    # 70 / 120 = 58.33 %.
    assert pct["7EW"] == "58.33"


def test_the_late_pair_sits_down_at_its_table_on_the_tablet(client, phantom_section):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    client.post(SIGN_IN, {"code": section.table_set.get(number=2).code})
    page = client.get(PLAY, {"round": 3}).content.decode()
    assert "7EW" in page and "Ann Late" in page
    assert "no boards this round" not in page
    client.post("/table/sign-out/")
    client.post(SIGN_IN, {"code": section.table_set.get(number=1).code})
    page = client.get(PLAY, {"round": 2}).content.decode()
    assert "Nobody plays at this table in this round." in page
    assert "withdrew" not in page


def test_only_the_late_pairs_own_rounds_take_results(phantom_section):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    pairs = {p.label: p for p in section.pairs.all()}
    # Round 3, table 2: 2NS v 7EW on set 4 (boards 7-8).
    line = result_submit(
        board=section.boards.get(number=7), ns_pair=pairs["2NS"],
        ew_pair=pairs["7EW"], contract="4S", declarer="N", tricks=10,
    )  # fmt: skip
    assert (line.round.number, line.table.number) == (3, 2)
    # Round 2, table 1: 1NS v 7EW on set 2 was a sit-out and stays one.
    with pytest.raises(ValidationError) as error:
        result_submit(
            board=section.boards.get(number=3), ns_pair=pairs["1NS"],
            ew_pair=pairs["7EW"], contract="4S", declarer="N", tricks=10,
        )  # fmt: skip
    assert error_fields(error) == {"ns_pair"}


def test_the_movement_sheet_and_table_card_name_the_late_pair(
    director, phantom_section
):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    sheet = director.get(f"/director/sections/{section.pk}/movement/").content.decode()
    assert "2NS v 7EW" in sheet and "1NS sits out" in sheet
    assert "7EW came late: it plays from round 3" in sheet
    cards = director.get(f"/director/sections/{section.pk}/cards/table/")
    assert "Ann Late – Bob Later" in cards.content.decode()


@pytest.mark.parametrize(
    ("names", "round", "field"),
    [
        (["Ann Late", "Bob Later"], 0, "round"),
        (["Ann Late", "Bob Later"], 8, "round"),
        (["Ann Late", ""], 3, "names"),
        (["Ann Late"], 3, "names"),
        (["x" * 91, "Bob"], 3, "names"),
    ],
)
def test_a_late_pair_with_bad_input_is_refused(phantom_section, names, round, field):
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=names, round=round)
    assert error_fields(error) == {field}
    assert phantom_section.pairs.count() == 13
    assert not SectionChange.objects.exists()


def test_a_late_pair_cannot_join_a_round_already_started(phantom_section):
    enter_rounds(phantom_section, range(1, 4))
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=3)
    assert "Round 3 has already started" in error.value.message_dict["round"][0]
    pair = late_pair_join(phantom_section, names=["Ann", "Bob"], round=4)
    assert pair.label == "7EW"


def test_a_section_without_a_phantom_has_no_seat_for_a_late_pair(five_tables):
    with pytest.raises(ValidationError) as error:
        late_pair_join(five_tables, names=["Ann", "Bob"], round=2)
    assert error_fields(error) == {"section"}


def test_a_second_late_pair_finds_the_seat_taken(phantom_section):
    late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Cid", "Dan"], round=2)
    assert error_fields(error) == {"section"}
    assert phantom_section.pairs.count() == 14


def test_a_closed_session_does_not_change(phantom_section):
    Session.objects.update(status=Session.Status.CLOSED)
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    assert error_fields(error) == {"section"}


# --- other movements, club players, the movement cache ---------------------


def test_a_late_pair_takes_pair_8_of_a_4_table_howell():
    from tournaments.models import Club
    from tournaments.services.events import (
        MovementChoice,
        event_create,
        section_create,
    )

    club = Club.objects.create(name="Riverside BC")
    event = event_create(name="Howell night", date=dt.date(2026, 11, 24), club=club)
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("howell", 4, 2, phantom=True),
    )
    Session.objects.update(status=Session.Status.PLAYING)
    before = section_movement(section)
    assert before.phantom.label == "8"
    pair = late_pair_join(section, names=["ann  late", "Bob Later"], round=4)
    assert pair.label == "8"
    assert sorted(p.full_name for p in pair.players.all()) == [
        "Bob Later", "ann late",
    ]  # fmt: skip
    assert club.players.count() == 2
    movement = section_movement(section)
    assert movement.seatings == before.seatings and validate(movement) == []
    # Pair 8 is stationary at table 1 in a Howell with a phantom: table 1
    # sits out rounds 1-3 and plays from round 4.
    assert [movement.is_sit_out(movement.seating(r, 1)) for r in range(1, 8)] == [
        True, True, True, False, False, False, False,
    ]  # fmt: skip
    # A second pair of the same names joins no section: the club's members
    # are found again, not made twice.
    other = running_section(7, phantom=True)
    other.session.event.club = club
    other.session.event.save()
    late_pair_join(other, names=["Ann Late", "bob later"], round=2)
    assert club.players.count() == 2


def test_the_movement_follows_each_change_without_a_stale_cache(five_tables):
    first = section_movement(five_tables)
    pair_withdraw(five_tables, pair="4NS", round=3)
    fresh = section_movement(type(five_tables).objects.get(pk=five_tables.pk))
    assert fresh is not first
    assert fresh.is_sit_out(fresh.seating(3, 4))
    assert not first.is_sit_out(first.seating(3, 4))
    assert "4NS withdrew: its opponents sit out from round 3" in fresh.notes


def test_a_late_pair_is_refused_when_its_number_is_taken(phantom_section):
    from tournaments.models import Pair

    Pair.objects.create(section=phantom_section, number=7, direction="EW")
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    assert "7EW is already in this section" in error.value.message_dict["section"][0]
    phantom_section.refresh_from_db()
    assert phantom_section.phantom and phantom_section.absences == []
