"""Pairs movements: pure data, checked by the validator and by hand.

No database here: movements are plain dataclasses.  Published movements (the
thebridsk bridgescorer YAML files and the emkael/howellki library in
``shared/data/movements``) serve as oracles.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import Counter
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import (
    BoardShare,
    Movement,
    MovementPair,
    Seating,
    assert_sound,
    boards_per_round_for,
    format_boards,
    howell,
    mitchell,
    pair_card,
    set_boards,
    standard_movements,
    table_card,
    validate,
)

MOVEMENTS_DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "movements"
YAML_DIR = MOVEMENTS_DATA / "bridgescorer_yaml"
HOWELLKI = MOVEMENTS_DATA / "howellki-movements.json"


def real_seatings(movement: Movement) -> list[Seating]:
    return [s for s in movement.seatings if not movement.is_sit_out(s)]


def meetings(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((s.ns, s.ew)) for s in real_seatings(movement))


def play_counts(movement: Movement) -> Counter[int]:
    return Counter(b for s in real_seatings(movement) for b in s.boards)


def mitchell_variants():
    """Yield the keyword arguments of every Mitchell shape worth checking.

    3-30 tables, both even fixes, with and without a phantom (in both seats),
    full and curtailed, with arrow switches.
    """
    for tables in range(3, 31):
        evens = ("skip", "relay") if tables % 2 == 0 else ("skip",)
        for even in evens:
            full = tables - 1 if even == "skip" and tables % 2 == 0 else tables
            lengths = {full} if even == "relay" else {1, full // 2 + 1, full - 1, full}
            for rounds in sorted(lengths):
                yield {"tables": tables, "even": even, "rounds": rounds}
            for phantom in ("NS", "EW"):
                yield {
                    "tables": tables,
                    "even": even,
                    "pairs": 2 * tables - 1,
                    "phantom": phantom,
                }
            yield {"tables": tables, "even": even, "arrow_switch": (1, full)}
            yield {
                "tables": tables,
                "even": even,
                "pairs": 2 * tables - 1,
                "arrow_switch": range(2, full + 1, 2),
                "boards_per_round": 2,
            }


def test_every_mitchell_is_sound():
    count = 0
    for kwargs in mitchell_variants():
        movement = mitchell(**kwargs)
        assert validate(movement) == [], (kwargs, validate(movement)[:5])
        assert_sound(movement)
        count += 1
    assert count > 250


@pytest.mark.parametrize("tables", range(2, 11))
@pytest.mark.parametrize("phantom", [False, True])
def test_every_howell_is_sound_and_complete(tables, phantom):
    pairs = 2 * tables - phantom
    for boards_per_round in (1, 2, 3):
        movement = howell(tables, boards_per_round=boards_per_round, pairs=pairs)
        assert validate(movement) == []
    sets = 2 * tables - 1
    assert movement.rounds == sets and movement.board_sets == sets
    assert len(movement.pairs) == 2 * tables
    real = [p.id for p in movement.pairs if not p.phantom]
    assert len(real) == pairs
    # Every real pair meets every other real pair exactly once.
    assert meetings(movement) == Counter(frozenset(m) for m in combinations(real, 2))
    # Every pair plays every set exactly once (the phantom included).
    for pair in movement.pairs:
        played = sorted(s.board_set for s, _ in movement.seatings_of_pair(pair.id))
        assert played == list(range(1, sets + 1))
    # Each board is played T times, T - 1 with a phantom.
    assert set(play_counts(movement).values()) == {tables - phantom}
    assert movement.single_winner


@pytest.mark.parametrize("tables", range(4, 11))
def test_a_howell_of_four_tables_or_more_never_shares_boards(tables):
    movement = howell(tables)
    assert movement.shares == ()
    for r in range(1, movement.rounds + 1):
        sets = [s.board_set for s in movement.seatings_of_round(r)]
        assert len(set(sets)) == tables
    in_play = {
        r: {s.board_set: s.table for s in movement.seatings_of_round(r)}
        for r in range(1, movement.rounds + 1)
    }
    for s in movement.seatings:
        if s.round > 1:
            # Each table plays the next higher set each round ...
            before = movement.seating(s.round - 1, s.table).board_set
            assert s.board_set == before % movement.rounds + 1
            # ... coming from the next table up, or from a relay stand.
            came_from = in_play[s.round - 1].get(s.board_set)
            assert came_from in (None, s.table % tables + 1)
    stands = [note for note in movement.notes if note.startswith("Relay stand")]
    assert 1 <= len(stands) <= 2


def test_the_four_table_howell_has_a_one_set_and_a_two_set_relay_stand():
    # EBU club layout (e.g. Exeter BC): one set on a relay stand between two
    # tables and two sets between two others.
    assert howell(4).notes[2:] == (
        "Relay stand between tables 3 and 4 (1 set): boards from table 4 go "
        "onto it, table 3 takes the next set from it",
        "Relay stand between tables 4 and 1 (2 sets): boards from table 1 go "
        "onto it, table 4 takes the next set from it",
    )


def test_two_and_three_table_howells_declare_their_shares():
    two = howell(2)
    assert [(sh.round, sh.board_set, sh.tables) for sh in two.shares] == [
        (1, 1, (1, 2)),
        (2, 2, (1, 2)),
        (3, 3, (1, 2)),
    ]
    assert (two.seating(1, 2).ns, two.seating(1, 2).ew) == (3, 2)
    three = howell(3)
    assert three.shares == (BoardShare(5, 5, (1, 2, 3)),)
    assert set(play_counts(three).values()) == {3}
    assert "Round 5: tables 1, 2 and 3 share set 5" in three.notes


def test_the_seven_table_mitchell_by_hand():
    m = mitchell(7)
    assert m.name == "Mitchell 7 tables, 7 rounds x 3 boards"
    assert (m.tables, m.rounds, m.boards_per_round) == (7, 7, 3)
    assert len(m.pairs) == 14 and m.boards == tuple(range(1, 22))
    first = m.seating(1, 1)
    assert (m.pair(first.ns).label, m.pair(first.ew).label) == ("1NS", "1EW")
    assert first.boards == (1, 2, 3)
    second = m.seating(2, 1)
    # EW move up (7EW comes from table 7), boards move down (set 2 from table 2).
    assert (m.pair(second.ns).label, m.pair(second.ew).label) == ("1NS", "7EW")
    assert second.boards == (4, 5, 6)
    assert m.seating(2, 2).ew == m.pair(8).id and m.pair(8).label == "1EW"
    assert m.seating(2, 7).boards == (1, 2, 3)
    assert m.seating(7, 1).boards == (19, 20, 21)
    assert {m.times_played(b) for b in m.boards} == {7}
    # Every EW pair meets every NS pair once and plays every board once.
    assert meetings(m) == Counter(
        frozenset((ns, ew)) for ns in range(1, 8) for ew in range(8, 15)
    )
    assert m.next_position(8, 1) == (2, "EW")
    assert m.next_position(14, 1) == (1, "EW")
    assert m.next_position(1, 7) is None
    assert not m.single_winner
    assert m.kind == "mitchell" and m.variant == "plain"


def test_the_skip_mitchell_skips_after_half_the_rounds():
    m = mitchell(8)
    assert m.rounds == 7 and m.variant == "skip"
    assert "EW skip one table after round 4 (move up two tables)" in m.notes
    one_ew = 9
    tables = [m.position(one_ew, r)[0] for r in range(1, 8)]
    assert tables == [1, 2, 3, 4, 6, 7, 8]  # table 5 skipped
    assert {m.times_played(b) for b in m.boards} == {7}
    assert len(m.boards) == 24
    with pytest.raises(ValueError, match="rounds must be 1 to 7"):
        mitchell(8, rounds=8)  # the "revenge" round would meet 1NS again


def test_the_relay_mitchell_has_a_share_and_a_bye_stand():
    m = mitchell(8, even="relay")
    assert m.rounds == 8 and m.variant == "relay"
    round_one = {s.table: s.board_set for s in m.seatings_of_round(1)}
    # Sets 1-4 on tables 1-4, set 5 on the bye stand, 6-8 on tables 5-7,
    # table 8 shares table 1's set.
    assert round_one == {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 7, 7: 8, 8: 1}
    round_two = {s.table: s.board_set for s in m.seatings_of_round(2)}
    assert round_two[4] == 5  # from the bye stand to table 4
    assert 6 not in round_two.values()  # from table 5 to the bye stand
    assert round_two[7] == 1  # the shared boards go to table 7
    assert round_two[1] == round_two[8] == 2
    assert m.shares[0] == BoardShare(1, 1, (1, 8))
    assert (
        "Bye stand between tables 4 and 5: boards from table 5 go to the bye "
        "stand, boards on it go to table 4" in m.notes
    )
    assert {m.times_played(b) for b in m.boards} == {8}
    assert meetings(m) == Counter(
        frozenset((ns, ew)) for ns in range(1, 9) for ew in range(9, 17)
    )
    with pytest.raises(ValueError, match="rounds must be 8 for a relay Mitchell"):
        mitchell(8, even="relay", rounds=7)


def test_an_odd_mitchell_can_be_curtailed():
    m = mitchell(9, rounds=7, boards_per_round=2)
    assert m.name == "Mitchell 9 tables, 7 rounds x 2 boards"
    assert {m.times_played(b) for b in m.boards} == {7}
    assert len(m.boards) == 18 and validate(m) == []


def test_a_half_table_mitchell_has_an_ew_phantom():
    m = mitchell(7, pairs=13)
    phantom = m.phantom
    assert phantom is not None and phantom.label == "7EW" and phantom.id == 14
    assert "(13 pairs)" in m.name
    sit_outs = [s for s in m.seatings if m.is_sit_out(s)]
    assert len(sit_outs) == 7
    assert sorted(s.ns for s in sit_outs) == list(range(1, 8))  # each NS once
    assert {m.times_played(b) for b in m.boards} == {6}
    card = table_card(m, 1)
    assert [row["round"] for row in card if row["sit_out"]] == [2]
    assert card[1]["ew"] is None and card[1]["ns"] == "1NS"
    rows = pair_card(m, 1)
    assert rows[1]["opponents"] is None and rows[1]["sit_out"]
    with pytest.raises(ValueError, match="phantom"):
        pair_card(m, phantom.id)


def test_a_half_table_relay_mitchell_sits_out_at_the_share_table():
    m = mitchell(8, even="relay", pairs=15)
    assert m.phantom is not None and m.phantom.label == "8NS"
    assert all(m.is_sit_out(m.seating(r, 8)) for r in range(1, 9))
    assert {m.times_played(b) for b in m.boards} == {7}
    assert m.shares == () and table_card(m, 1)[0]["shared_with"] == ()
    assert (
        "Relay: table 8 would share table 1's boards, but it is the sit-out "
        "table" in m.notes
    )
    ew_phantom = mitchell(8, even="relay", pairs=15, phantom="EW")
    # Also sound, but tables 1 and 8 still pass boards in 6 of the 8 rounds
    # (EW8 sits at table 8 in round 1 and at table 1 in round 2).
    assert [share.round for share in ew_phantom.shares] == [3, 4, 5, 6, 7, 8]
    assert {ew_phantom.times_played(b) for b in ew_phantom.boards} == {7}
    assert validate(ew_phantom) == []


def test_a_half_table_howell_makes_the_stationary_pair_the_phantom():
    m = howell(4, pairs=7)
    assert m.phantom is not None and m.phantom.id == 8
    assert all(m.is_sit_out(m.seating(r, 1)) for r in range(1, 8))
    assert {m.times_played(b) for b in m.boards} == {3}
    assert "Phantom: pair 8 (table 1 sits out every round)" in m.notes


def test_the_four_table_howell_by_hand():
    m = howell(4)
    assert m.name == "Howell 4 tables, 7 rounds x 2 boards"
    assert len(m.pairs) == 8 and m.boards == tuple(range(1, 15))
    for pair in m.pairs:
        met = {m.opponent(s, pair.id) for s, _ in m.seatings_of_pair(pair.id)}
        assert met == {p.id for p in m.pairs} - {pair.id}
    assert {m.times_played(b) for b in m.boards} == {4}
    # Pair 8 is stationary at table 1 NS and meets pair r with set r in round r.
    for r in range(1, 8):
        s = m.seating(r, 1)
        assert (s.ns, s.ew, s.board_set) == (8, r, r)
    # Every other pair takes the seat of the next lower-numbered pair.
    for r in range(1, 7):
        for p in range(2, 8):
            assert m.position(p, r + 1) == m.position(p - 1, r)
        assert m.position(1, r + 1) == m.position(7, r)
    assert m.pair(3).label == "3"


def test_arrow_switch_swaps_the_seats_and_makes_one_winner():
    plain = mitchell(7)
    m = mitchell(7, arrow_switch=[7])
    assert m.single_winner and m.arrow_switch_rounds == frozenset({7})
    for t in range(1, 8):
        before, after = plain.seating(7, t), m.seating(7, t)
        assert (after.ns, after.ew) == (before.ew, before.ns)
        assert plain.seating(6, t) == m.seating(6, t)
    assert m.seatings_of_pair(1)[-1][1] == "EW"
    assert m.next_position(1, 6) == (1, "EW")
    assert table_card(m, 1)[-1]["arrow_switch"]
    assert "Arrow switch in round(s) 7: NS pairs play the EW cards" in m.notes


def test_the_movement_helpers():
    m = mitchell(5, boards_per_round=2)
    assert m.pair(6).label == "1EW" and m.pair(6).direction == "EW"
    with pytest.raises(KeyError):
        m.pair(11)
    with pytest.raises(KeyError):
        m.seating(6, 1)
    assert [s.table for s in m.seatings_of_round(3)] == [1, 2, 3, 4, 5]
    assert m.board_sets == 5 and m.phantom is None
    assert [s.table for s, _ in m.seatings_of_pair(6)] == [1, 2, 3, 4, 5]
    assert m.seatings == tuple(sorted(m.seatings, key=lambda s: (s.round, s.table)))
    assert m.share_of(m.seating(1, 1)) is None


# -- the validator catches corrupted movements -------------------------------


def corrupt(movement: Movement, round: int, table: int, **changes) -> Movement:
    seatings = tuple(
        replace(s, **changes) if (s.round, s.table) == (round, table) else s
        for s in movement.seatings
    )
    return replace(movement, seatings=seatings)


def test_the_validator_catches_a_pair_meeting_twice():
    m = mitchell(5)
    # Round 2, table 1: 1NS meets 1EW again (they met in round 1).
    problems = validate(corrupt(m, 2, 1, ew=6))
    assert any("pairs 1NS and 1EW meet 2 times" in p for p in problems)


def test_the_validator_catches_a_board_played_twice():
    m = mitchell(5)
    problems = validate(corrupt(m, 2, 1, board_set=1, boards=(1, 2, 3)))
    assert "pair 1NS plays board 1 2 times (rounds 1 and 2)" in problems


def test_the_validator_catches_a_set_at_two_tables():
    m = howell(4)
    s = m.seating(1, 2)
    problems = validate(corrupt(m, 1, 3, board_set=s.board_set, boards=s.boards))
    assert any(
        "set 2 is at tables 2 and 3 without a declared share" in p for p in problems
    )
    assert any("not played equally often" in p for p in problems)


def test_the_validator_catches_a_pair_at_two_tables():
    m = mitchell(5)
    problems = validate(corrupt(m, 1, 2, ew=6))
    assert "round 1: pair 1EW is at tables 1 and 2" in problems
    assert "round 1: pair 2EW has no seat" in problems


def test_the_validator_catches_broken_structure():
    m = mitchell(5)
    assert "round 1 table 1: no pair 99" in validate(corrupt(m, 1, 1, ew=99))
    assert "round 1 table 1: pair 1NS faces itself" in validate(corrupt(m, 1, 1, ew=1))
    gap = replace(m, seatings=m.seatings[1:])
    assert "round 1 table 1: no seating" in validate(gap)
    shuffled = replace(m, seatings=tuple(reversed(m.seatings)))
    assert "seatings are not sorted by round then table" in validate(shuffled)
    twice = replace(m, pairs=(*m.pairs, MovementPair(11, 1, "NS")))
    assert "pair label 1NS is used twice" in validate(twice)
    arrows = replace(m, arrow_switch_rounds=frozenset({9}))
    assert "arrow switch in rounds outside the movement: [9]" in validate(arrows)
    ghost = replace(m, shares=(BoardShare(1, 1, (1, 2)),))
    assert any("does not happen" in p for p in validate(ghost))
    relabelled = corrupt(m, 1, 1, boards=(1, 2, 4))
    assert "set 1 is not always the same boards" in validate(relabelled)
    with pytest.raises(ValueError, match="is not sound:\n- "):
        assert_sound(relabelled)


def test_a_relay_mitchell_without_its_declared_shares_is_not_sound():
    m = mitchell(6, even="relay")
    problems = validate(replace(m, shares=()))
    assert len(problems) == 6 and all("without a declared share" in p for p in problems)


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(3, 30),
    even=st.sampled_from(["skip", "relay"]),
    half_table=st.booleans(),
    boards_per_round=st.integers(1, 4),
    data=st.data(),
)
def test_any_mitchell_is_sound(tables, even, half_table, boards_per_round, data):
    full = tables - 1 if even == "skip" and tables % 2 == 0 else tables
    relay = even == "relay" and tables % 2 == 0
    rounds = full if relay else data.draw(st.integers(1, full))
    arrows = data.draw(st.sets(st.integers(1, rounds)))
    m = mitchell(
        tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        even=even,
        pairs=2 * tables - half_table,
        arrow_switch=arrows,
    )
    assert validate(m) == []
    assert len(m.seatings) == tables * rounds
    assert m.single_winner == bool(arrows)
    assert len(m.boards) == m.board_sets * boards_per_round


# -- arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mitchell(2), "tables must be 3 to 30, got 2"),
        (lambda: mitchell(31), "tables must be 3 to 30, got 31"),
        (lambda: mitchell("7"), "tables must be 3 to 30, got '7'"),
        (lambda: mitchell(7, rounds=0), "rounds must be 1 to 7, got 0"),
        (lambda: mitchell(7, rounds=8), "rounds must be 1 to 7, got 8"),
        (lambda: mitchell(7, boards_per_round=0), "boards_per_round must be 1 to 10"),
        (lambda: mitchell(8, even="hesitation"), "even must be 'skip' or 'relay'"),
        (lambda: mitchell(7, pairs=12), "pairs must be 14 or 13 for 7 tables, got 12"),
        (lambda: mitchell(7, arrow_switch=[8]), "arrow_switch rounds must be 1 to 7"),
        (lambda: mitchell(7, pairs=13, phantom="N"), "phantom must be 'NS' or 'EW'"),
        (lambda: mitchell(7, phantom="NS"), "phantom is only for an odd number"),
        (lambda: howell(1), "tables must be 2 to 10, got 1"),
        (lambda: howell(11), "tables must be 2 to 10, got 11"),
        (lambda: howell(4, pairs=9), "pairs must be 8 or 7 for 4 tables, got 9"),
        (lambda: howell(4, boards_per_round=11), "boards_per_round must be 1 to 10"),
        (lambda: standard_movements(4), "pairs must be 5 to 60, got 4"),
        (lambda: standard_movements(61), "pairs must be 5 to 60, got 61"),
    ],
)
def test_bad_arguments_name_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_the_movement_modules_use_the_standard_library_only():
    package = Path(__file__).resolve().parents[2] / "tournaments" / "movements"
    modules = sorted(package.glob("*.py"))
    assert {path.name for path in modules} >= {"__init__.py", "model.py"}
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names, (path, name)


def test_cards_refuse_a_missing_table_or_pair():
    m = mitchell(5)
    with pytest.raises(ValueError, match="table must be 1 to 5, got 6"):
        table_card(m, 6)
    with pytest.raises(KeyError):
        pair_card(m, 11)


# -- what the app proposes -----------------------------------------------------


@pytest.mark.parametrize("pairs", range(5, 61))
def test_every_standard_movement_is_sound_and_seats_everybody(pairs):
    proposed = standard_movements(pairs)
    assert proposed
    for movement in proposed:
        assert validate(movement) == []
        assert sum(not p.phantom for p in movement.pairs) == pairs
        assert 18 <= movement.rounds * movement.boards_per_round <= 40
    kinds = [m.kind for m in proposed]
    tables = (pairs + 1) // 2
    assert ("howell" in kinds) == (pairs <= 20)
    assert ("mitchell" in kinds) == (pairs >= 6)
    assert kinds[0] == ("howell" if pairs <= 10 else "mitchell")
    if tables % 2 == 0 and pairs >= 6:
        variants = [m.variant for m in proposed if m.kind == "mitchell"]
        assert variants == (["relay", "skip"] if tables <= 14 else ["skip"])


def test_the_standard_session_lengths():
    assert [m.name for m in standard_movements(8)] == [
        "Howell 4 tables, 7 rounds x 4 boards",
        "Relay-and-bye-stand Mitchell 4 tables, 4 rounds x 6 boards",
        "Skip Mitchell 4 tables, 3 rounds x 9 boards",
    ]
    assert standard_movements(14)[0].name == "Mitchell 7 tables, 7 rounds x 4 boards"
    assert standard_movements(29)[0].name == (
        "Mitchell 15 tables (29 pairs), 13 rounds x 2 boards"
    )
    assert boards_per_round_for(13) == 2 and boards_per_round_for(9) == 3


# -- guide cards -----------------------------------------------------------------


def test_the_table_card_of_a_relay_mitchell():
    m = mitchell(6, even="relay", boards_per_round=4)
    card = table_card(m, 1)
    assert card[0] == {
        "round": 1,
        "ns": "1NS",
        "ew": "1EW",
        "board_set": 1,
        "boards": "1-4",
        "sit_out": False,
        "arrow_switch": False,
        "shared_with": (6,),
    }
    assert table_card(m, 2)[0]["shared_with"] == ()
    assert [row["ew"] for row in card] == ["1EW", "6EW", "5EW", "4EW", "3EW", "2EW"]


def test_the_pair_card_says_where_to_go_next():
    m = mitchell(7)
    card = pair_card(m, 8)  # 1EW
    assert [row["table"] for row in card] == [1, 2, 3, 4, 5, 6, 7]
    assert card[0] == {
        "round": 1,
        "table": 1,
        "direction": "EW",
        "opponents": "1NS",
        "board_set": 1,
        "boards": "1-3",
        "sit_out": False,
        "next_table": 2,
        "next_direction": "EW",
    }
    assert card[-1]["next_table"] is None and card[-1]["next_direction"] is None
    h = howell(3)
    assert [row["opponents"] for row in pair_card(h, 6)] == ["1", "2", "3", "4", "5"]


def test_board_formatting():
    assert format_boards((1, 2, 3)) == "1-3"
    assert format_boards([7]) == "7"
    assert format_boards([5, 1, 2]) == "1-2, 5"
    assert set_boards(3, 4) == (9, 10, 11, 12)


# -- published movements as oracles ------------------------------------------------


def read_bridgescorer(path: Path) -> tuple[int, list[dict[str, int | list[int]]]]:
    """Read the hands of a bridgescorer movement YAML (a fixed, simple layout)."""
    teams, hands = 0, []
    current: dict = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"numberTeams: (\d+)$", line):
            teams = int(match[1])
        elif match := re.match(r"- table: (\d+)$", line):
            current = {"table": int(match[1]), "boards": []}
            hands.append(current)
        elif match := re.match(r"  (round|ns|ew): (\d+)$", line):
            current[match[1]] = int(match[2])
        elif match := re.match(r"  - (\d+)$", line):
            current["boards"].append(int(match[1]))
    return teams, hands


def bridgescorer_movement(name: str) -> Movement:
    """Turn a published complete Howell into a Movement, shares declared."""
    path = YAML_DIR / f"Movement.{name}.yaml"
    if not path.exists():
        pytest.skip(f"{path} is not available")
    teams, hands = read_bridgescorer(path)
    per_round = len(hands[0]["boards"])
    seatings = []
    for hand in sorted(hands, key=lambda h: (h["round"], h["table"])):
        boards = tuple(hand["boards"])
        board_set = (boards[0] - 1) // per_round + 1
        seatings.append(
            Seating(
                hand["round"], hand["table"], hand["ns"], hand["ew"], board_set, boards
            )
        )
    at: dict[tuple[int, int], list[int]] = {}
    for s in seatings:
        at.setdefault((s.round, s.board_set), []).append(s.table)
    return Movement(
        kind="howell",
        name=name,
        tables=max(s.table for s in seatings),
        rounds=max(s.round for s in seatings),
        boards_per_round=per_round,
        pairs=tuple(MovementPair(p, p, None) for p in range(1, teams + 1)),
        seatings=tuple(seatings),
        shares=tuple(
            BoardShare(r, board_set, tuple(tables))
            for (r, board_set), tables in at.items()
            if len(tables) > 1
        ),
    )


@pytest.mark.parametrize(
    ("name", "tables", "per_round"),
    [
        ("Howell08T4B14", 4, 2),
        ("Howell08T4B21", 4, 3),
        ("Howell10T5B18", 5, 2),
        ("Howell12T6B22", 6, 2),
        ("Howell14T7B26", 7, 2),
        ("Howell06T3B15Relay", 3, 3),
        ("Howell06T3B30Relay", 3, 6),
    ],
)
def test_published_complete_howells_match_ours(name, tables, per_round):
    published = bridgescorer_movement(name)
    assert validate(published) == []  # the validator accepts the published one
    ours = howell(tables, boards_per_round=per_round)
    assert (ours.tables, ours.rounds) == (published.tables, published.rounds)
    assert ours.board_sets == published.board_sets
    assert ours.boards == published.boards
    assert set(play_counts(ours).values()) == set(play_counts(published).values())
    assert meetings(ours) == meetings(published)
    assert len(ours.shares) == len(published.shares)


def test_our_three_table_howell_is_the_published_one():
    published = bridgescorer_movement("Howell06T3B15Relay")
    assert howell(3, boards_per_round=3).seatings == published.seatings


def test_the_validator_flags_the_published_double_two_table_howell():
    # Howell04T2B18 plays each opponent twice on purpose: not a complete Howell.
    problems = validate(bridgescorer_movement("Howell04T2B18"))
    assert any("meet 2 times" in p for p in problems)


@pytest.mark.parametrize(
    ("name", "tables"), [("Howell07T3B21", 4), ("Howell09T4B18", 5)]
)
def test_published_half_table_howells_match_our_phantom(name, tables):
    published = bridgescorer_movement(name)
    ours = howell(
        tables, boards_per_round=published.boards_per_round, pairs=2 * tables - 1
    )
    real = real_seatings(ours)
    assert len(real) == len(published.seatings)
    assert ours.boards == published.boards
    assert set(play_counts(ours).values()) == set(play_counts(published).values())
    assert meetings(ours) == meetings(published)


def howellki_movement(tables: int) -> tuple[dict, Movement]:
    """Rebuild a complete howellki Howell from its round 1 and its rules.

    Every moving pair takes the seat of the next lower-numbered pair and every
    table plays the next set each round.  The library stores only round 1 and
    the route of pair 1, so the rebuilt movement is checked against that route.
    """
    if not HOWELLKI.exists():
        pytest.skip(f"{HOWELLKI} is not available")
    n = 2 * tables - 1
    entry = json.loads(HOWELLKI.read_text(encoding="utf-8"))[f"{tables}-{n}"]
    seat_of = {
        pair: (i // 2 + 1, "NS" if i % 2 == 0 else "EW")
        for i, pair in enumerate(entry["positions"])
    }
    first_set = {table: s for s, table in enumerate(entry["sets"], start=1) if table}
    seatings = []
    for r in range(1, n + 1):
        occupant = {seat_of[2 * tables]: 2 * tables}
        for pair in range(1, n + 1):
            occupant[seat_of[(pair - r) % n + 1]] = pair
        for t in range(1, tables + 1):
            board_set = (first_set[t] + r - 2) % n + 1
            seatings.append(
                Seating(
                    r,
                    t,
                    occupant[t, "NS"],
                    occupant[t, "EW"],
                    board_set,
                    set_boards(board_set, 2),
                )
            )
    movement = Movement(
        kind="howell",
        name=f"howellki {tables}-{n}",
        tables=tables,
        rounds=n,
        boards_per_round=2,
        pairs=tuple(MovementPair(p, p, None) for p in range(1, 2 * tables + 1)),
        seatings=tuple(seatings),
    )
    return entry, movement


@pytest.mark.parametrize("tables", range(4, 11))
def test_howellki_complete_howells_match_ours(tables):
    entry, theirs = howellki_movement(tables)
    route = []
    for r in [*range(2, theirs.rounds + 1), 1]:
        table, direction = theirs.position(1, r)
        route.append(f"{table}{direction[0]}")
    assert route == entry["movement"]  # the rebuild is the published movement
    assert validate(theirs) == []
    ours = howell(tables)
    assert (ours.tables, ours.rounds) == (entry["tables"], entry["rounds"])
    assert ours.board_sets == len(entry["sets"])
    assert len(ours.pairs) == len(entry["positions"])
    assert sum(1 for t in entry["sets"] if t) == tables  # a set per table
    assert meetings(ours) == meetings(theirs)
    assert play_counts(ours) == play_counts(theirs)
