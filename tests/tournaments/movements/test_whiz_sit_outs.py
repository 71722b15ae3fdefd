"""Whiz with 3T - 1 players: sit-outs go round the field (issue 22, item 3).

The phantom N T keeps table T out of play every round; the E and S players
who visit it sit out.  On main, 11 players on 4 tables had 4E and 1S sit out
twice while 2E and 3S never did.  Now no player sits out twice before every
player has sat out once, for every table count (3 to 12) and every length.
"""

from __future__ import annotations

import dataclasses

import pytest

from tournaments.whiz.movements import (
    EAST,
    SOUTH,
    check_whiz_movement,
    meeting_report,
    sit_out_problems,
    whiz_movement,
)

TABLES = range(3, 13)


def idle_labels(movement) -> list[list[str]]:
    """The labels of the real players sitting out, round by round."""
    return [
        [
            movement.player(pid).label
            for s in movement.seatings
            if s.round == r and s.sits_out
            for pid in s.player_ids
            if not movement.player(pid).phantom
        ]
        for r in range(1, movement.rounds + 1)
    ]


def test_eleven_players_on_four_tables_sit_out_once_each():
    """E players go round 1 -> 2 -> 4 -> 3 -> 1, S players 1 -> 4 -> 2 -> 3 -> 1,
    each starting at his own table; 4N is the phantom, table 4 sits out.

    Who is at table 4 in round r: the E player whose circuit reaches table 4
    after r - 1 moves: 4E (there in round 1), 2E (2 -> 4), 1E (1 -> 2 -> 4),
    3E (3 -> 1 -> 2 -> 4); S: 4S, 1S (1 -> 4), 3S (3 -> 1 -> 4), 2S
    (2 -> 3 -> 1 -> 4).  Eight sit-outs, eight different players; the three
    N players never sit out.
    """
    movement = whiz_movement(4, 3, players=11)
    assert check_whiz_movement(movement) == []
    assert [p.label for p in movement.phantoms] == ["4N"]
    assert idle_labels(movement) == [
        ["4E", "4S"],
        ["2E", "1S"],
        ["1E", "3S"],
        ["3E", "2S"],
    ]
    # The whole grid, tables 1 to 4 (N E S), worked from the circuits above;
    # boards move down one table: set (t - 1 + r - 1) mod 4 + 1.
    seats = {
        r: [
            (s.table, s.board_set, *(movement.player(p).label for p in s.player_ids))
            for s in movement.seatings
            if s.round == r
        ]
        for r in range(1, 5)
    }
    assert seats[1] == [
        (1, 1, "1N", "1E", "1S"), (2, 2, "2N", "2E", "2S"),
        (3, 3, "3N", "3E", "3S"), (4, 4, "4N", "4E", "4S"),
    ]  # fmt: skip
    assert seats[2] == [
        (1, 2, "1N", "3E", "3S"), (2, 3, "2N", "1E", "4S"),
        (3, 4, "3N", "4E", "2S"), (4, 1, "4N", "2E", "1S"),
    ]  # fmt: skip
    assert seats[3] == [
        (1, 3, "1N", "4E", "2S"), (2, 4, "2N", "3E", "1S"),
        (3, 1, "3N", "2E", "4S"), (4, 2, "4N", "1E", "3S"),
    ]  # fmt: skip
    assert seats[4] == [
        (1, 4, "1N", "2E", "4S"), (2, 1, "2N", "4E", "3S"),
        (3, 2, "3N", "1E", "1S"), (4, 3, "4N", "3E", "2S"),
    ]  # fmt: skip
    # Each E and S player plays 3 of the 4 sets, each once: 1E plays sets 1,
    # 3 and 2 (rounds 1, 2, 4), 4E sets 4, 3, 1 (rounds 2 to 4).
    sets = {
        label: [s.board_set for s in movement.player_seatings(pid) if not s.sits_out]
        for label, pid in (("1E", 5), ("4E", 8))
    }
    assert sets == {"1E": [1, 3, 2], "4E": [4, 3, 1]}
    assert {movement.times_played(b) for b in movement.boards} == {3}
    report = meeting_report(movement)
    # Every E and S player meets the three real N players; with 4 tables no
    # circuit pair lets him meet 3 different players of the other moving line:
    # 1E meets 1S, 4S, 1S (rounds 1, 2, 4): 2.
    assert [report["N-E"].of(pid) for pid in range(5, 9)] == [3, 3, 3, 3]
    assert report["E-S"].fewest == 2
    assert any("1 → 2 → 4 → 3 → 1" in note for note in movement.notes)
    assert any("1 → 4 → 2 → 3 → 1" in note for note in movement.notes)
    assert "Table 4 sits out every round" in movement.notes


@pytest.mark.parametrize("tables", TABLES)
def test_every_table_count_sits_each_player_out_at_most_once(tables):
    """Full and curtailed sessions: 2 sit-outs a round, never the same player
    twice; a full session idles each of the 2T E and S players exactly once."""
    for rounds in range(1, tables + 1):
        movement = whiz_movement(tables, 2, players=3 * tables - 1, rounds=rounds)
        assert check_whiz_movement(movement) == [], (tables, rounds)
        assert sit_out_problems(movement) == []
        idle = [label for labels in idle_labels(movement) for label in labels]
        assert len(idle) == len(set(idle)) == 2 * rounds
        assert not any(label.endswith("N") for label in idle)
    full = whiz_movement(tables, 2, players=3 * tables - 1)
    idle = sorted(label for labels in idle_labels(full) for label in labels)
    moving = sorted(p.label for p in full.players if p.line in (EAST, SOUTH))
    assert idle == moving


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
def test_the_circuits_keep_the_meetings(tables):
    """Even table counts use circuits: an E or S player visits every table
    once, so he meets the T - 1 real N players; from 6 tables up he meets
    T - 1 different players of the other moving line, and R - 1 in any
    curtailed session of R rounds."""
    full = whiz_movement(tables, 2, players=3 * tables - 1)
    report = meeting_report(full)
    moving = [p.id for p in full.players if p.line != "N"]
    north = [p.id for p in full.players if p.line == "N" and not p.phantom]
    assert {report["N-E"].of(pid) for pid in moving if pid <= 2 * tables} == {
        tables - 1
    }
    assert {report["N-E"].of(pid) for pid in north} == {tables}
    assert {report["N-S"].of(pid) for pid in north} == {tables}
    if tables > 4:
        for rounds in range(2, tables + 1):
            short = whiz_movement(tables, 2, players=3 * tables - 1, rounds=rounds)
            assert meeting_report(short)["E-S"].fewest == rounds - 1


def test_the_validator_names_a_second_sit_out():
    """Swap 3E (at table 4 in round 4) with 4E (table 2), who sat out in
    round 1: 4E would sit out again while 3E and 2S (and the N players, who
    never sit out with 11 players) had not sat out yet."""
    movement = whiz_movement(4, 3, players=11)
    at_two, at_four = movement.seating(4, 2), movement.seating(4, 4)
    seatings = tuple(
        dataclasses.replace(s, east=at_four.east)
        if s == at_two
        else dataclasses.replace(s, east=at_two.east)
        if s == at_four
        else s
        for s in movement.seatings
    )
    bad = dataclasses.replace(movement, seatings=seatings)
    assert "round 4: 4E sits out for the 2nd time before 1N, 2N, 3N, 3E, 2S" in (
        check_whiz_movement(bad)
    )
    assert sit_out_problems(movement) == []


def test_full_fields_and_two_phantoms_keep_the_offsets():
    """The circuits are for 3T - 1 players only: 12 players on 4 tables move
    by the embedded offsets as before (E up one table, up two, up one)."""
    movement = whiz_movement(4, 2)
    assert [movement.seating(r, 1).east for r in range(1, 5)] == [5, 8, 6, 5]
    assert not any("circuit" in note for note in movement.notes)


@pytest.mark.django_db
def test_the_table_cards_of_eleven_players_give_the_circuits(director):
    """The director's table cards: table 4 sits out every round, and the
    notes tell the E and S players their circuits."""
    from django.urls import reverse

    from tournaments.models import Event

    form = {
        "name": "Whiz eleven", "date": "2026-11-23", "mark": "standard",
        "boards_per_round": "3", "rounds": "",
        "players": "\n".join(f"Player {n}" for n in range(1, 12)),
    }  # fmt: skip
    assert director.post(reverse("director:whiz-event-new"), form).status_code == 302
    event = Event.objects.get()
    page = director.get(reverse("director:whiz-cards", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="guide-card table-card"') == 4
    assert "E players move each round to the next table of the circuit " in html
    assert "1 → 2 → 4 → 3 → 1" in html and "1 → 4 → 2 → 3 → 1" in html
    assert "Table 4 sits out every round" in html
