"""Bridgeote at 3, 5, 6 and 7 players: each seat's individual mark.

Rule book (shared/seeds/003): at 3, 5 and 7 players the taker picks a partner
after the auction; « chacun des attaquants marquera les points gagnés par
l'équipe et les adversaires comptabiliseront chacun le nombre total de points
réalisés »; failed, « les défenseurs prendront chacun le total des points ...
auxquels viendront s'ajouter les annonces », doubled or quadrupled after a
contre or surcontre; the écart counts with the defence. At 6, two teams of
three seated alternately, marked as at four.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bridgeote import contract_made, parse_contract
from games.bridgeote.individual import TableDeal, seat_marks
from games.errors import GameError


def test_a_five_player_deal_made() -> None:
    """5 players, 7 cards each and 1 in the écart. Seat 2 takes 100 ♥ and
    chooses seat 4; seats 0, 1 and 3 defend. The attackers' tricks hold 110
    card points and seat 2 announced the Bridgeote of hearts (30).

    Target 100; 110 + 30 = 140 >= 100: made. Each attacker marks the
    contract, 100; each defender the defence's cards, écart included:
    160 - 110 = 50 (no announcement of theirs)."""
    deal = TableDeal(5, "100H", taker=2, partner=4, taker_points=110,
                     taker_announced=30)  # fmt: skip
    assert seat_marks(deal) == (50, 50, 100, 50, 100)


def test_a_five_player_deal_down_and_contre() -> None:
    """Seat 1 takes 100 ♥, contré by seat 3; he chooses seat 2, who holds the
    Bridgeote (30). Their tricks hold 60: 60 + 30 = 90 < 100, down. Each of
    the three defenders takes the whole deal and the announcements, doubled:
    (160 + 30) x 2 = 380; the attackers nothing."""
    deal = TableDeal(5, "100HX", taker=1, partner=2, taker_points=60,
                     taker_announced=30)  # fmt: skip
    assert seat_marks(deal) == (380, 0, 0, 380, 380)


def test_a_three_player_deal_the_lone_defender_keeps_the_ecart() -> None:
    """3 players, 10 cards each, 6 in the écart. Seat 0 takes 80 TA with
    seat 1; their tricks hold 150, announcing 50 (a Belote and a Bridgeote).
    Target 80 + 50 = 130; 200 made. Attackers 130 each; the defender his
    tricks and the écart: 260 - 150 = 110."""
    deal = TableDeal(3, "80TA", taker=0, partner=1, taker_points=150,
                     taker_announced=50)  # fmt: skip
    assert seat_marks(deal) == (130, 130, 110)


def test_a_seven_player_capot() -> None:
    """7 players, 5 cards each, 1 in the écart. Seat 6 bids capot ♠ with
    seat 3 and takes every trick: the écart's card is the defence's, so the
    takers' tricks hold 160 minus it, here 158 (a bridgeote of ♦, 2). A capot
    bid made is worth 250 to each attacker; the defenders hold 2 in the écart."""
    deal = TableDeal(7, "CAPOTS", taker=6, partner=3, taker_points=158,
                     capot=True)  # fmt: skip
    assert seat_marks(deal) == (2, 2, 2, 250, 2, 2, 250)


def test_six_players_are_two_teams_of_three() -> None:
    """Seat 1 takes 100 ♥ for seats 1, 3, 5; 110 card points: made. Each of
    them 100, each of seats 0, 2, 4 160 - 110 = 50."""
    deal = TableDeal(6, "100H", taker=1, partner=None, taker_points=110)
    assert seat_marks(deal) == (50, 100, 50, 100, 50, 100)


@pytest.mark.parametrize(
    ("deal", "match"),
    [
        (TableDeal(4, "100H", 0, None, 100), "3, 5, 6 or 7"),
        (TableDeal(8, "100H", 0, 1, 100), "3, 5, 6 or 7"),
        (TableDeal(5, "100H", 0, None, 100), "partner"),
        (TableDeal(5, "100H", 0, 0, 100), "partner"),
        (TableDeal(5, "100H", 0, 5, 100), "partner"),
        (TableDeal(6, "100H", 0, 1, 100), "partner"),  # not of his team
        (TableDeal(5, "100H", 0, 1, 161), "card points"),
        (TableDeal(5, "100H", 0, 1, 100, 40), "announcements"),
        # Two attackers at 7 hold 10 cards: 100 at TA at most.
        (TableDeal(7, "100TA", 0, 1, 100, 110), "announcements"),
        (TableDeal(5, "100SA", 0, 1, 100, 0, 20), "announcements"),
        (TableDeal(5, "70H", 0, 1, 100), "contract"),
    ],
)
def test_impossible_deals_are_refused(deal: TableDeal, match: str) -> None:
    with pytest.raises(GameError, match=match):
        seat_marks(deal)


def test_seven_attackers_may_announce_100_at_tout_atout() -> None:
    """Two Bridgeotes and two Belotes in 10 cards: 100. Target 150;
    60 + 100 = 160 made: 150 each; defenders 260 - 60 = 200."""
    deal = TableDeal(7, "100TA", 0, 1, 60, 100)
    assert seat_marks(deal) == (150, 150, 200, 200, 200, 200, 200)


@given(
    st.sampled_from([3, 5, 7]),
    st.data(),
    st.sampled_from(["80", "100", "120", "160", "CAPOT"]),
    st.sampled_from(["C", "D", "H", "S", "TA", "SA"]),
    st.integers(0, 2),
    st.booleans(),
)
def test_attackers_share_one_mark_and_defenders_another(
    players: int, data: st.DataObject, bid: str, strain: str, doubled: int,
    capot: bool,
) -> None:  # fmt: skip
    """Whatever the deal: both attackers mark the same, every defender the
    same; made, the attackers mark the contract's value (doubled: the whole
    deal times 2 or 4); down, the attackers mark 0."""
    taker = data.draw(st.integers(0, players - 1))
    partner = data.draw(st.integers(0, players - 1).filter(lambda p: p != taker))
    total = 160 if strain in "CDHS" else 260
    points = data.draw(st.integers(0, total))
    contract = parse_contract(f"{bid}{strain}{'X' * doubled}")
    marks = seat_marks(TableDeal(players, contract, taker, partner, points,
                                 capot=capot))  # fmt: skip
    attack = {marks[taker], marks[partner]}
    defence = {m for seat, m in enumerate(marks) if seat not in (taker, partner)}
    assert len(attack) == 1 and len(defence) == 1
    made = contract_made(contract, points, capot=capot)
    if not made:
        assert attack == {0}
    elif doubled:
        assert attack == {contract.total * (2 if doubled == 1 else 4)}
        assert defence == {0}
    else:
        assert attack == {contract.target}
        assert defence == {total - points}
