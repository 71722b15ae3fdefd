"""Duplicate bridge: properties of scores and result texts, on any contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games import Seat
from games.bridge import (
    Contract,
    Denomination,
    contract_score,
    is_vulnerable,
    parse_contract,
    result_score,
    result_text,
    trick_score,
    tricks_from_result,
)

contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    denomination=st.sampled_from(list(Denomination)),
    doubled=st.integers(0, 2),
)
trick_counts = st.integers(0, 13)
boards = st.integers(1, 10_000)


@given(contracts, trick_counts, boards)
def test_it_scores_the_same_for_either_partner_as_declarer(
    contract: Contract, tricks: int, board: int
) -> None:
    assert result_score(contract, "N", tricks, board) == result_score(
        contract, "S", tricks, board
    )
    assert result_score(contract, "E", tricks, board) == result_score(
        contract, "W", tricks, board
    )


@given(contracts, trick_counts, boards, st.sampled_from(list(Seat)))
def test_it_signs_the_score_by_the_declaring_side(
    contract: Contract, tricks: int, board: int, declarer: Seat
) -> None:
    own = contract_score(contract, tricks, is_vulnerable(board, declarer))
    sign = 1 if declarer.side == "NS" else -1
    assert result_score(contract, declarer, tricks, board) == sign * own


@given(contracts, st.booleans(), st.integers(0, 6))
def test_it_scores_a_made_contract_above_its_trick_score(
    contract: Contract, vulnerable: bool, overtricks: int
) -> None:
    tricks = min(13, contract.tricks_needed + overtricks)
    assert contract_score(contract, tricks, vulnerable) >= trick_score(contract) + 50


@given(contracts, st.booleans())
def test_it_costs_more_for_each_extra_undertrick(
    contract: Contract, vulnerable: bool
) -> None:
    scores = [
        contract_score(contract, tricks, vulnerable)
        for tricks in range(contract.tricks_needed)
    ]
    assert scores == sorted(scores)
    assert len(set(scores)) == len(scores)
    assert scores[-1] < 0


@given(contracts, st.booleans())
def test_it_never_scores_less_for_more_tricks(
    contract: Contract, vulnerable: bool
) -> None:
    scores = [contract_score(contract, tricks, vulnerable) for tricks in range(14)]
    assert scores == sorted(scores)


@given(contracts, st.booleans())
def test_it_costs_more_vulnerable_and_doubled(
    contract: Contract, vulnerable: bool
) -> None:
    down = contract.tricks_needed - 1
    assert contract_score(contract, down, True) < contract_score(contract, down, False)
    if contract.doubled < 2:
        harder = Contract(contract.level, contract.denomination, contract.doubled + 1)
        assert contract_score(harder, down, vulnerable) < contract_score(
            contract, down, vulnerable
        )


@given(contracts, trick_counts)
def test_it_round_trips_contract_and_result_texts(
    contract: Contract, tricks: int
) -> None:
    assert parse_contract(str(contract)) == contract
    assert tricks_from_result(contract, result_text(contract, tricks)) == tricks
