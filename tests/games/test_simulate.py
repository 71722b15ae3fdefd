"""Simulated table results: legal, reproducible, and shaped like a club night."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge import parse_contract, result_score
from games.cards import Card, Seat
from games.deal import Deal
from games.simulate import TableResult, estimate_contract, simulate_table_result

GAME_LEVELS = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
SAMPLE_DEALS = 500


def check_legal(deal: Deal, board: int, result: TableResult) -> None:
    contract = parse_contract(result.contract)
    assert 0 <= result.tricks <= 13
    if contract.is_pass:
        assert result.passed_out
        assert (result.declarer, result.tricks, result.lead) == ("", 0, "")
        return
    assert result.declarer in ("N", "E", "S", "W")
    leader = Seat.parse(result.declarer).next()
    assert Card.parse(result.lead) in deal.hand(leader)
    assert len(result.lead) == 2
    result_score(contract, result.declarer, result.tricks, board)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), board=st.integers(1, 36))
def test_every_result_is_a_legal_traveller_line(seed: int, board: int) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    check_legal(deal, board, simulate_table_result(deal, board, rng))


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), edge=st.floats(-1, 1))
def test_a_pair_edge_keeps_results_legal(seed: int, edge: float) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    check_legal(deal, 1, simulate_table_result(deal, 1, rng, ns_edge=edge))


def test_a_seed_replays_the_same_results() -> None:
    def night(seed: int) -> list[TableResult]:
        rng = random.Random(seed)
        deals = [Deal.random(rng) for _ in range(20)]
        return [
            simulate_table_result(deal, board, rng)
            for board, deal in enumerate(deals, start=1)
            for _ in range(5)
        ]

    assert night(11) == night(11)
    assert night(11) != night(12)


def test_tables_playing_one_deal_do_not_all_agree() -> None:
    rng = random.Random(3)
    varied = 0
    for board in range(1, 21):
        deal = Deal.random(rng)
        lines = {simulate_table_result(deal, board, rng) for _ in range(7)}
        varied += len(lines) > 1
    assert varied >= 15


def test_the_estimate_is_what_a_strong_hand_would_reach() -> None:
    # North-South hold 31 HCP and ten spades between them.
    deal = Deal.from_pbn(
        "N:AKQJ6.AK2.A2.K32 T98.QJT9.QJT.QJT 75432.54.K54.A54 .8763.98763.9876"
    )
    contract, declarer = estimate_contract(deal, 1)
    assert contract in ("6S", "7S")
    assert declarer in ("N", "S")


def test_the_estimate_of_a_flat_weak_deal_is_a_pass() -> None:
    # Every hand 10 HCP, 4-3-3-3: nobody opens.
    deal = Deal.from_pbn(
        "N:AT98.KT9.QT9.JT9 K76.Q876.J87.A87 Q54.J54.A654.K65 J32.A32.K32.Q432"
    )
    assert estimate_contract(deal, 1) == ("Pass", "")


def test_the_hand_on_declarers_left_leads() -> None:
    rng = random.Random(5)
    for board in range(1, 41):
        deal = Deal.random(rng)
        result = simulate_table_result(deal, board, rng)
        if not result.passed_out:
            leader = Seat.parse(result.declarer).next()
            assert Card.parse(result.lead) in deal.hand(leader)


@pytest.fixture(scope="module")
def club_night() -> list[TableResult]:
    rng = random.Random(2024)
    results = []
    for number in range(SAMPLE_DEALS):
        board = number % 16 + 1
        results.append(simulate_table_result(Deal.random(rng), board, rng))
    return results


def test_games_and_slams_are_bid_on_a_club_like_share_of_boards(
    club_night: list[TableResult],
) -> None:
    high = 0
    for result in club_night:
        contract = parse_contract(result.contract)
        if not contract.is_pass:
            high += contract.level >= GAME_LEVELS[str(contract.denomination)]
    assert 0.35 <= high / len(club_night) <= 0.75


def test_most_contracts_make_but_not_all(club_night: list[TableResult]) -> None:
    played = [r for r in club_night if not r.passed_out]
    made = sum(r.tricks >= parse_contract(r.contract).tricks_needed for r in played)
    assert 0.40 <= made / len(played) <= 0.90
    down_two = sum(
        r.tricks <= parse_contract(r.contract).tricks_needed - 2 for r in played
    )
    assert down_two > 0


def test_few_boards_are_passed_out(club_night: list[TableResult]) -> None:
    passed = sum(r.passed_out for r in club_night)
    assert passed / len(club_night) < 0.05


def test_there_are_slams_doubles_part_scores_and_every_strain(
    club_night: list[TableResult],
) -> None:
    contracts = [parse_contract(r.contract) for r in club_night if not r.passed_out]
    assert any(c.level >= 6 for c in contracts)
    assert any(c.doubled for c in contracts)
    assert sum(c.level <= 2 for c in contracts) >= len(contracts) // 10
    assert {str(c.denomination) for c in contracts} == {"C", "D", "H", "S", "NT"}


def test_the_stronger_side_usually_declares() -> None:
    rng = random.Random(2024)
    stronger = played = 0
    for number in range(SAMPLE_DEALS):
        deal = Deal.random(rng)
        result = simulate_table_result(deal, number % 16 + 1, rng)
        ns = deal.hcp("N") + deal.hcp("S")
        if result.passed_out or ns == 20:
            continue
        played += 1
        stronger += Seat.parse(result.declarer).side == ("NS" if ns > 20 else "EW")
    assert stronger / played >= 0.8
