"""Pairs movements checked by hand: Mitchells, Howells, phantoms and arrow
switches."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.tournaments.conftest import meetings, play_counts
from tournaments.movements import (
    BoardShare,
    howell,
    mitchell,
    pair_card,
    table_card,
    validate,
)


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
