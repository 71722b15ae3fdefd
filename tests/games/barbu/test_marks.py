"""Barbu deal scores from the table's record, and their totals.

Expected figures come from the French rule book (shared/seeds/004), quoted in
a comment next to each case, or from the choices the docstring of
``games.barbu`` writes down where the book is silent.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.barbu import (
    CONTRACT_TOTALS,
    RECORD_KEYS,
    Contract,
    check_deal_total,
    deal,
    deal_score,
    settle_doubles,
)
from games.cards import Suit
from games.errors import GameError
from tests.games.barbu.support import (
    EXAMPLE_TRICKS,
    RECORDS,
    TRICK_CONTRACTS,
    any_doubles,
    any_record,
    play_tricks,
    players_st,
    record_of,
)

# ---------------------------------------------------------------- deal scores


@pytest.mark.parametrize(
    ("contract", "record", "points"),
    [
        # « Le barbu ... C'est le R♥. Il faut éviter de le ramasser ... sous
        # peine d'une pénalité de 20 points. »
        pytest.param(
            Contract.BARBU,
            {"king": "B"},
            {"A": 0, "B": -20, "C": 0, "D": 0},
            id="barbu",
        ),
        # « une pénalité de 2 points par Cœur et de 6 points pour l'As » (the
        # ace is 6 in all: A's 3 hearts with the ace are -2 -2 -6).
        pytest.param(
            Contract.HEARTS,
            {"hearts": {"A": 3, "B": 5, "C": 5}, "ace": "A"},
            {"A": -10, "B": -10, "C": -10, "D": 0},
            id="hearts",
        ),
        # « une pénalité de 6 points par Dame »
        pytest.param(
            Contract.QUEENS,
            {"queens": {"A": 1, "C": 3}},
            {"A": -6, "B": 0, "C": -18, "D": 0},
            id="queens",
        ),
        # The worked example's tricks, « A réalise 5 levées, B 4 levées, C 3
        # levées et D 1 levée », at « 2 points par levée ».
        pytest.param(
            Contract.TRICKS,
            {"tricks": EXAMPLE_TRICKS},
            {"A": -10, "B": -8, "C": -6, "D": -2},
            id="tricks",
        ),
        # « ni l'avant-dernière levée, pénalisée de 10 points, ni la dernière
        # levée, pénalisée de 20 points »
        pytest.param(
            Contract.LAST_TWO,
            {"penultimate": "C", "last": "D"},
            {"A": 0, "B": 0, "C": -10, "D": -20},
            id="last-two",
        ),
        pytest.param(
            Contract.LAST_TWO,
            {"penultimate": "D", "last": "D"},
            {"A": 0, "B": 0, "C": 0, "D": -30},
            id="last-two-both",
        ),
        # « Chaque levée réalisée rapporte 5 points. »
        pytest.param(
            Contract.TRUMP,
            {"tricks": {"A": 6, "B": 3, "C": 3, "D": 1}},
            {"A": 30, "B": 15, "C": 15, "D": 5},
            id="trump",
        ),
        # « Le joueur qui se débarrasse le premier de toutes ses cartes marque
        # 45 points, le deuxième 20 points, le troisième 10 points et le
        # dernier se voit infliger une pénalité de 10 points. »
        pytest.param(
            Contract.REUSSITE,
            {"order": ["C", "A", "D", "B"]},
            {"A": 20, "B": -10, "C": 45, "D": 10},
            id="reussite",
        ),
    ],
)
def test_it_scores_the_rule_book_marks(
    contract: Contract, record: dict[str, object], points: dict[str, int]
) -> None:
    assert deal_score(contract, record) == points
    check_deal_total(contract, points)


def test_the_ace_of_hearts_costs_six_in_all() -> None:
    # Book silent on whether the ace's 6 adds to its 2: club practice, -30 in
    # all, makes it 6 in all.
    alone = deal_score("hearts", {"hearts": {"A": 1, "B": 12}, "ace": "A"})
    assert alone == {"A": -6, "B": -24, "C": 0, "D": 0}


def test_it_takes_the_player_keys_the_caller_gives() -> None:
    seats = ("N", "E", "S", "W")
    points = deal_score("queens", {"queens": {"N": 2, "W": 2}}, seats)
    assert points == {"N": -12, "E": 0, "S": 0, "W": -12}


@pytest.mark.parametrize(
    ("contract", "record", "message"),
    [
        (
            "queens",
            {"queens": {"A": 1, "B": 2}},
            r"Queens record counts 3 queens; expected 4 queens",
        ),
        (
            "hearts",
            {"hearts": {"A": 12}, "ace": "A"},
            r"Hearts record counts 12 hearts; expected 13 hearts",
        ),
        (
            "tricks",
            {"tricks": {"A": 5, "B": 5, "C": 4}},
            r"Tricks record counts 14 tricks; expected 13 tricks",
        ),
        (
            "trump",
            {"tricks": {"A": 12}},
            r"Trump record counts 12 tricks; expected 13 tricks",
        ),
        (
            "hearts",
            {"hearts": {"A": 13}, "ace": "B"},
            r"B took the ace of hearts but is recorded with 0 hearts",
        ),
        ("barbu", {"king": "E"}, r"Barbu record \"king\": 'E' is not one of"),
        ("barbu", {}, r"Barbu record with keys none: expected exactly king"),
        (
            "last-two",
            {"penultimate": "A", "last": "B", "first": "C"},
            r"Last two record with keys penultimate, last, first: expected exactly",
        ),
        ("tricks", {"tricks": {"A": -1, "B": 14}}, r"A took -1; expected a whole"),
        ("tricks", {"tricks": {"X": 13}}, r"Tricks record \"tricks\": 'X' is not"),
        ("tricks", {"tricks": [13]}, r"expected a mapping player -> number"),
        (
            "reussite",
            {"order": ["A", "A", "B", "C"]},
            r"Réussite finishing order .*: expected the four players A, B, C, D",
        ),
        ("reussite", {"order": "ABCD"}, r"Réussite finishing order 'ABCD'"),
    ],
)
def test_it_refuses_a_record_that_does_not_add_up(
    contract: str, record: dict[str, object], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        deal_score(contract, record)


@pytest.mark.parametrize(
    "players", [("A", "B", "C"), ("A", "B", "C", "C"), "ABCD", ("A", "B", "C", "")]
)
def test_it_refuses_players_that_are_not_four_distinct_keys(players) -> None:
    with pytest.raises(GameError, match="expected four distinct player keys"):
        deal_score("barbu", {"king": "A"}, players)


def test_every_contract_has_a_record_strategy() -> None:
    assert set(RECORDS) == set(Contract) == set(RECORD_KEYS)


@given(any_record())
def test_a_valid_record_totals_the_theoretical_total(
    drawn: tuple[Contract, dict[str, object]],
) -> None:
    contract, record = drawn
    points = deal_score(contract, record)
    assert sum(points.values()) == CONTRACT_TOTALS[contract]
    check_deal_total(contract, points)


@given(any_record(), any_doubles())
def test_doubles_keep_the_theoretical_total(
    drawn: tuple[Contract, dict[str, object]], doubles: list[tuple[str, str, int]]
) -> None:
    contract, record = drawn
    points = settle_doubles(deal_score(contract, record), doubles)
    assert sum(points.values()) == CONTRACT_TOTALS[contract]
    check_deal_total(contract, points)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(TRICK_CONTRACTS),
    st.sampled_from(list(Suit)),
    players_st,
)
def test_a_deal_played_by_the_rules_totals_the_theoretical_total(
    seed: int, contract: Contract, suit: Suit, declarer: str
) -> None:
    rng = Random(seed)
    trump = suit if contract == Contract.TRUMP else None
    # « Sur chaque choix, c'est le Déclarant qui entame »: play_tricks has
    # the declarer lead the first trick, then each trick's winner.
    tricks = play_tricks(deal(rng), contract, declarer, rng, trump)
    assert len(tricks) == 13
    points = deal_score(contract, record_of(contract, tricks))
    assert sum(points.values()) == CONTRACT_TOTALS[contract]
