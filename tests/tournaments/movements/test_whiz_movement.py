"""Whiz-Bridge movements: three lines of players, boards moving like a Mitchell.

No database here: movements are plain dataclasses.
"""

from __future__ import annotations

import dataclasses
import re
from itertools import combinations, permutations, product

import pytest

from tournaments.whiz.movements import (
    EAST,
    LINES,
    NORTH,
    SOUTH,
    WhizMovement,
    WhizPlayer,
    WhizSeating,
    check_whiz_movement,
    meeting_report,
    whiz_movement,
    whiz_offsets,
)

TABLES = range(3, 13)

# Distinct N-E, N-S and E-S opponents of every player in a full session, as
# documented in tournaments/whiz/movements/__init__.py.
FULL_MEETINGS = {
    3: (3, 3, 1),
    4: (3, 3, 3),
    5: (5, 5, 5),
    6: (5, 5, 5),
    7: (7, 7, 7),
    8: (7, 7, 7),
    9: (9, 9, 7),
    10: (9, 9, 9),
    11: (11, 11, 11),
    12: (11, 11, 11),
}

# Two phantoms in a full session: their labels and the rounds they share.
TWO_PHANTOMS = {
    3: (("3E", "3S"), [1, 2, 3]),
    4: (("4N", "4E"), [1, 4]),
    5: (("5N", "5E"), [1]),
    6: (("6N", "6E"), [1, 6]),
    7: (("7N", "7E"), [1]),
    8: (("8N", "8E"), [1, 8]),
    9: (("9E", "1S"), [3, 8]),
    10: (("10N", "7E"), [6, 10]),
    11: (("11N", "11E"), [1]),
    12: (("12N", "12E"), [1, 12]),
}


def best_counts(tables: int, rounds: int) -> tuple[int, int, int]:
    """Return the documented best (N-E, N-S, E-S) counts for ``rounds`` rounds."""
    if rounds == tables:
        return FULL_MEETINGS[tables]
    if tables == 3:
        return (rounds, rounds, 1)
    if tables == 4 and rounds == 3:
        return (3, 3, 2)
    if tables == 9 and rounds == 8:
        return (8, 8, 7)
    return (rounds, rounds, rounds)


def offset_counts(
    tables: int, east: tuple[int, ...], south: tuple[int, ...]
) -> tuple[int, int, int]:
    """Return the (N-E, N-S, E-S) distinct meetings that offsets give."""
    return (
        len(set(east)),
        len(set(south)),
        len({(y - x) % tables for x, y in zip(east, south, strict=True)}),
    )


def plays_each_set_once(tables: int, offsets: tuple[int, ...]) -> bool:
    """Return True if a player moving by ``offsets`` never meets a set twice."""
    sets = [(x + k) % tables for k, x in enumerate(offsets)]
    return len(set(sets)) == len(sets)


def every_case():
    """Yield (tables, players, rounds) for every movement the module can build."""
    for tables in TABLES:
        for players in (3 * tables, 3 * tables - 1, 3 * tables - 2):
            for rounds in range(1, tables + 1):
                yield tables, players, rounds


def labels_of(movement: WhizMovement, seating: WhizSeating) -> tuple[str, ...]:
    return tuple(movement.player(pid).label for pid in seating.player_ids)


# --- soundness ---------------------------------------------------------------


def test_every_movement_is_sound():
    count = 0
    for tables, players, rounds in every_case():
        movement = whiz_movement(tables, 2, players=players, rounds=rounds)
        assert check_whiz_movement(movement) == [], (tables, players, rounds)
        count += 1
    assert count == 3 * sum(TABLES)


@pytest.mark.parametrize("tables", TABLES)
@pytest.mark.parametrize("missing", [0, 1, 2])
@pytest.mark.parametrize("short", [False, True])
def test_real_players_play_each_round_they_do_not_sit_out(tables, missing, short):
    rounds = tables // 2 + 1 if short else tables
    movement = whiz_movement(tables, 3, players=3 * tables - missing, rounds=rounds)
    assert check_whiz_movement(movement) == []
    assert len(movement.seatings) == rounds * tables
    for player in movement.players:
        seatings = movement.player_seatings(player.id)
        assert [s.round for s in seatings] == list(range(1, rounds + 1))
        assert {getattr(s, _seat(player.line)) for s in seatings} == {player.id}
        if player.phantom:
            continue
        played = [s.board_set for s in seatings if not s.sits_out]
        assert len(played) == len(set(played)) == rounds - movement.sit_outs(player.id)


def _seat(line: str) -> str:
    return {NORTH: "north", EAST: "east", SOUTH: "south"}[line]


@pytest.mark.parametrize("tables", TABLES)
def test_full_session_plays_every_set_everywhere(tables):
    movement = whiz_movement(tables, 2)
    assert movement.board_sets == tables
    assert movement.boards == tuple(range(1, 2 * tables + 1))
    assert {movement.times_played(b) for b in movement.boards} == {tables}
    for player in movement.players:
        sets = {s.board_set for s in movement.player_seatings(player.id)}
        assert sets == set(range(1, tables + 1))
    for r in range(1, tables + 1):
        assert movement.seating(r, 1).board_set == r  # boards move down one table
        for t in range(1, tables + 1):
            seating = movement.seating(r, t)
            assert seating.north == t
            assert not seating.sits_out


# --- the embedded offsets ----------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_every_offset_prefix_is_legal_and_reaches_the_documented_best(tables):
    full_east, full_south = whiz_offsets(tables)
    for rounds in range(1, tables + 1):
        east, south = whiz_offsets(tables, rounds)
        assert (east, south) == (full_east[:rounds], full_south[:rounds])
        assert east[0] == south[0] == 0
        assert plays_each_set_once(tables, east)
        assert plays_each_set_once(tables, south)
        assert offset_counts(tables, east, south) == best_counts(tables, rounds)
        report = meeting_report(whiz_movement(tables, 1, rounds=rounds))
        expected = best_counts(tables, rounds)
        for lines, count in zip(("N-E", "N-S", "E-S"), expected, strict=True):
            assert report[lines].fewest == report[lines].most == count
            assert report[lines].best == rounds


@pytest.mark.parametrize("tables", [3, 4])
def test_small_tables_cannot_do_better(tables):
    """Try every offset sequence: the documented counts are the best."""
    for rounds in range(1, tables + 1):
        legal = [
            (0, *rest)
            for rest in product(range(tables), repeat=rounds - 1)
            if plays_each_set_once(tables, (0, *rest))
        ]
        best = max(offset_counts(tables, x, y) for x in legal for y in legal)
        assert best == best_counts(tables, rounds)


@pytest.mark.parametrize("tables", [4, 6, 8])
def test_an_even_number_of_tables_cannot_be_complete(tables):
    """No offsets meet every player of a line and play every set once."""
    for rest in permutations(range(1, tables)):
        assert not plays_each_set_once(tables, (0, *rest))


def test_nine_tables_meet_at_most_seven_of_the_third_line():
    """225 complete offset sequences; no two differ in more than 7 ways."""
    complete = [
        (0, *rest)
        for rest in permutations(range(1, 9))
        if plays_each_set_once(9, (0, *rest))
    ]
    assert len(complete) == 225
    best = max(
        len({(y - x) % 9 for x, y in zip(xs, ys, strict=True)})
        for xs in complete
        for ys in complete
    )
    assert best == 7


# --- meetings ----------------------------------------------------------------


@pytest.mark.parametrize("tables", [5, 7, 11])
def test_linear_tables_are_perfect(tables):
    movement = whiz_movement(tables, 2)
    met = movement.meetings()
    assert len(met) == 3 * tables * tables
    assert set(met.values()) == {1}
    for a, b in combinations(movement.players, 2):
        assert met[frozenset((a.id, b.id))] == (a.line != b.line)
    assert whiz_offsets(tables) == (
        tuple(range(tables)),
        tuple(2 * k % tables for k in range(tables)),
    )
    assert "E players move up one table each round" in movement.notes[2]
    assert "S players move up two tables each round" in movement.notes[3]


@pytest.mark.parametrize("tables", TABLES)
def test_meeting_report_of_a_full_session(tables):
    report = meeting_report(whiz_movement(tables, 2))
    assert list(report) == ["N-E", "N-S", "E-S"]
    for lines, count in zip(report, FULL_MEETINGS[tables], strict=True):
        assert report[lines].best == tables
        assert report[lines].fewest == report[lines].most == count
        assert len(report[lines].distinct) == 2 * tables


def test_meeting_report_counts_real_opponents_only():
    movement = whiz_movement(5, 2, players=14)  # 5N is a phantom
    report = meeting_report(movement)
    assert report["N-E"].of(1) == 5
    assert report["N-E"].of(6) == 4  # 1E never meets the missing 5N
    assert report["E-S"].fewest == 4  # each E and S sits out once
    with pytest.raises(KeyError):
        report["N-E"].of(5)


def test_meetings_skip_sit_out_tables():
    movement = whiz_movement(5, 2, players=14)
    phantom = movement.player(5)
    assert all(phantom.id not in pair for pair in movement.meetings())
    assert sum(movement.meetings().values()) == 3 * 4 * 5


# --- phantoms ----------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_one_phantom_is_north_of_the_last_table(tables):
    for rounds in range(1, tables + 1):
        movement = whiz_movement(tables, 2, players=3 * tables - 1, rounds=rounds)
        assert [p.label for p in movement.phantoms] == [f"{tables}N"]
        assert [s.table for s in movement.seatings if s.sits_out] == [tables] * rounds
        idle = [movement.sit_outs(p.id) for p in movement.players if not p.phantom]
        assert sum(idle) == 2 * rounds
        for player in movement.players:
            if player.line != NORTH:
                met = sum(
                    s.north == tables for s in movement.player_seatings(player.id)
                )
                assert movement.sit_outs(player.id) == met
    full = whiz_movement(tables, 2, players=3 * tables - 1)
    idle = {movement.sit_outs(p.id) for p in full.players if p.line != NORTH}
    # Every E and S player sits out once (even T too, by the circuits).
    assert idle == {1}
    assert {full.times_played(b) for b in full.boards} == {tables - 1}
    assert f"Table {tables} sits out every round" in full.notes


@pytest.mark.parametrize("tables", TABLES)
def test_two_phantoms_share_a_table_as_often_as_possible(tables):
    for rounds in range(1, tables + 1):
        movement = whiz_movement(tables, 2, players=3 * tables - 2, rounds=rounds)
        first, second = movement.phantoms
        assert first.line != second.line
        shared = _shared_rounds(movement, first.id, second.id)
        best = max(
            len(_shared_rounds(movement, a.id, b.id))
            for a, b in combinations(movement.players, 2)
            if a.line != b.line
        )
        assert len(shared) == best
        idle = [movement.sit_outs(p.id) for p in movement.players if not p.phantom]
        assert sum(idle) == 4 * rounds - 3 * len(shared)
        tables_out = sum(s.sits_out for s in movement.seatings)
        assert tables_out == 2 * rounds - len(shared)
    labels, shared = TWO_PHANTOMS[tables]
    full = whiz_movement(tables, 2, players=3 * tables - 2)
    assert tuple(p.label for p in full.phantoms) == labels
    first, second = full.phantoms
    assert _shared_rounds(full, first.id, second.id) == shared


def _shared_rounds(movement: WhizMovement, a: int, b: int) -> list[int]:
    return [
        s.round for s in movement.seatings if a in s.player_ids and b in s.player_ids
    ]


def test_three_tables_with_seven_players():
    movement = whiz_movement(3, 2, players=7)
    assert [p.label for p in movement.phantoms] == ["3E", "3S"]
    idle = {p.label: movement.sit_outs(p.id) for p in movement.players}
    assert idle == {
        "1N": 1, "2N": 1, "3N": 1,
        "1E": 0, "2E": 0, "3E": 3,
        "1S": 0, "2S": 0, "3S": 3,
    }  # fmt: skip


# --- a 4-table movement checked by hand --------------------------------------


def test_four_tables_by_hand():
    """E offsets 0, 1, 3, 0 (a skip Mitchell); S offsets 0, 2, 3, 3."""
    movement = whiz_movement(4, 2)
    expected = {
        # round: per table 1..4, (board set, N, E, S)
        1: [(1, "1N", "1E", "1S"), (2, "2N", "2E", "2S"),
            (3, "3N", "3E", "3S"), (4, "4N", "4E", "4S")],
        2: [(2, "1N", "4E", "3S"), (3, "2N", "1E", "4S"),
            (4, "3N", "2E", "1S"), (1, "4N", "3E", "2S")],
        3: [(3, "1N", "2E", "2S"), (4, "2N", "3E", "3S"),
            (1, "3N", "4E", "4S"), (2, "4N", "1E", "1S")],
        4: [(4, "1N", "1E", "2S"), (1, "2N", "2E", "3S"),
            (2, "3N", "3E", "4S"), (3, "4N", "4E", "1S")],
    }  # fmt: skip
    for r, row in expected.items():
        for t, (board_set, *labels) in enumerate(row, start=1):
            seating = movement.seating(r, t)
            assert seating.board_set == board_set
            assert seating.boards == (2 * board_set - 1, 2 * board_set)
            assert labels_of(movement, seating) == tuple(labels)
    assert movement.notes[1:5] == (
        "N players stay at their table",
        "E players move up one table each round (counting on from table 4 to "
        "table 1), but move up two tables after round 2",
        "S players follow the guide card: in rounds 1 to 4 S player 1 sits at "
        "tables 1, 3, 4 and 4; S player n sits n - 1 tables higher (counting on "
        "from table 4 to table 1)",
        "Boards move down one table (table 1 to table 4)",
    )
    # 1E meets 1N twice (rounds 1 and 4) and never 3N: 4 tables cannot do better.
    met = movement.meetings()
    assert met[frozenset((1, 5))] == 2
    assert met[frozenset((3, 5))] == 0


# --- model helpers -----------------------------------------------------------


def test_player_labels_and_ids():
    movement = whiz_movement(3, 1)
    assert [p.label for p in movement.players] == [
        f"{n}{line}" for line in LINES for n in (1, 2, 3)
    ]
    assert [p.id for p in movement.players] == list(range(1, 10))
    assert movement.player(4) == WhizPlayer(id=4, line=EAST, number=1)
    assert movement.name == "Whiz 3 tables, 3 rounds x 1 board"
    assert whiz_movement(3, 1, players=8).name.startswith("Whiz 3 tables (8 players)")
    with pytest.raises(KeyError, match="no player 10"):
        movement.player(10)
    with pytest.raises(KeyError, match="no table 4 in round 1"):
        movement.seating(1, 4)


def test_three_tables_note_that_east_and_south_move_together():
    notes = whiz_movement(3, 2).notes
    assert any("E and S players move together" in note for note in notes)
    assert "N players stay at their table" in notes


@pytest.mark.parametrize("tables", [8, 9, 10, 12])
def test_irregular_lines_follow_the_guide_card(tables):
    notes = whiz_movement(tables, 2).notes
    assert any(note.startswith("S players follow the guide card") for note in notes)


# --- arguments ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: whiz_movement(2, 3), "tables must be 3 to 12, got 2"),
        (lambda: whiz_movement(13, 3), "tables must be 3 to 12, got 13"),
        (lambda: whiz_movement("5", 3), "tables must be 3 to 12, got '5'"),
        (lambda: whiz_movement(True, 3), "tables must be 3 to 12, got True"),
        (lambda: whiz_movement(5, 0), "boards_per_round must be 1 to 10, got 0"),
        (lambda: whiz_movement(5, 11), "boards_per_round must be 1 to 10, got 11"),
        (lambda: whiz_movement(5, 2, players=12), "players must be 13 to 15, got 12"),
        (lambda: whiz_movement(5, 2, players=16), "players must be 13 to 15, got 16"),
        (lambda: whiz_movement(5, 2, rounds=0), "rounds must be 1 to 5, got 0"),
        (lambda: whiz_movement(5, 2, rounds=6), "rounds must be 1 to 5, got 6"),
        (lambda: whiz_offsets(14), "tables must be 3 to 12, got 14"),
        (lambda: whiz_offsets(4, 5), "rounds must be 1 to 4, got 5"),
    ],
)
def test_bad_arguments_name_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


# --- the validator catches mistakes ------------------------------------------


def _replace(movement: WhizMovement, round: int, table: int, **changes):
    """Return the movement with one seating changed."""
    seatings = tuple(
        dataclasses.replace(s, **changes) if (s.round, s.table) == (round, table) else s
        for s in movement.seatings
    )
    return dataclasses.replace(movement, seatings=seatings)


def test_validator_catches_a_player_at_two_tables():
    movement = whiz_movement(5, 2)
    bad = _replace(movement, 2, 3, east=movement.seating(2, 4).east)
    problems = check_whiz_movement(bad)
    assert "round 2: player 3E is at tables 3 and 4" in problems
    assert "round 2: player 2E has no seat" in problems


def test_validator_catches_a_repeated_board_set():
    movement = whiz_movement(5, 2)
    bad = _replace(movement, 2, 1, board_set=1, boards=(1, 2))
    problems = check_whiz_movement(bad)
    assert "round 2: set 1 is at tables 1 and 5" in problems
    assert "round 2: set 2 is at no table" in problems
    assert "player 1N plays set 1 2 times (rounds 1 and 2)" in problems


def test_validator_catches_a_player_switching_line():
    movement = whiz_movement(5, 2)
    seating = movement.seating(3, 2)
    bad = _replace(movement, 3, 2, east=seating.south, south=seating.east)
    problems = check_whiz_movement(bad)
    east, south = (movement.player(p).label for p in (seating.east, seating.south))
    assert f"round 3 table 2: {south} sits East" in problems
    assert f"round 3 table 2: {east} sits South" in problems


def test_validator_catches_grid_and_roster_mistakes():
    movement = whiz_movement(4, 2, players=11)
    missing = dataclasses.replace(movement, seatings=movement.seatings[1:])
    assert "round 1 table 1: no seating" in check_whiz_movement(missing)
    wrong_boards = _replace(movement, 1, 2, boards=(5, 6))
    assert "round 1 table 2: set 2 is not boards 3-4" in check_whiz_movement(
        wrong_boards
    )
    undeclared = _replace(movement, 1, 4, phantom_seats=())
    assert "round 1 table 4: phantom seats are ['N'], declared none" in (
        check_whiz_movement(undeclared)
    )
    players = tuple(dataclasses.replace(p, phantom=True) for p in movement.players)
    crowd = dataclasses.replace(movement, players=players)
    assert any(
        p.startswith("more than two phantoms") for p in check_whiz_movement(crowd)
    )
    stranger = _replace(movement, 2, 1, north=99)
    assert "round 2 table 1: no player 99" in check_whiz_movement(stranger)
