"""Bridgeote marks of a deal and the end of the game (shared/seeds/003)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bridgeote import (
    GAME_POINTS,
    BridgeoteContract,
    contract_made,
    deal_score,
    game_winner,
)
from games.errors import GameError
from tests.games.bridgeote.support import contracts

# ---------------------------------------------------------------- marks


def test_a_contract_is_made_with_exactly_its_points() -> None:
    # « Celui-ci est réussi si les points réalisés sont supérieurs ou égaux à
    # ceux annoncés. »
    assert contract_made("100S", 100)
    assert not contract_made("100S", 99)


def test_announcements_help_make_the_contract() -> None:
    # « Les Bridg/Bel/Re permettent de réaliser le contrat. »
    assert contract_made("100S", 80, 20)
    assert contract_made("130TA", 120, 60)


def test_a_made_contract_scores_only_its_bid_and_the_defence_its_points() -> None:
    # « Seuls les points annoncés sont comptabilisés pour l'équipe qui joue le
    # coup. » « L'équipe adverse marque ses points »
    assert deal_score("100S", 100) == (100, 60)
    assert deal_score("100S", 150, 30) == (100, 10)
    assert deal_score("80H", 100, 0, 20) == (80, 80)


def test_ta_and_sa_contracts_score_the_bid_plus_50() -> None:
    # « 80 TA ... soit 130 pts »: the takers score what they had to make.
    assert deal_score("80TA", 130) == (130, 130)
    assert deal_score("90SA", 150) == (140, 110)
    assert deal_score("100TA", 110, 50, 20) == (150, 170)


def test_a_failed_contract_gives_the_defence_the_deal_and_the_announcements() -> None:
    # « Si le contrat n'est pas réalisé, les défenseurs prendront chacun le total
    # des points (160 à la couleur, 260 à TA et SA ...) auxquels viendront
    # s'ajouter les annonces (Brig, Bel, Reb). »
    assert deal_score("100S", 90) == (0, 160)
    assert deal_score("100S", 60, 30) == (0, 190)
    assert deal_score("100S", 60, 0, 20) == (0, 180)
    assert deal_score("80TA", 129) == (0, 260)
    assert deal_score("80SA", 100) == (0, 260)


@pytest.mark.parametrize(
    ("contract", "points", "taker", "defence", "score"),
    [
        # « Dans ce cas c'est le nombre total des points du jeu (160, 260, 360)
        # y compris les Bridg/Bel/Re annoncées qui sera doublé ou quadruplé au
        # profit du gagnant. »
        ("80HX", 100, 20, 0, (360, 0)),  # (160 + 20) x 2
        ("80HX", 70, 0, 0, (0, 320)),  # 160 x 2
        ("80HX", 60, 0, 30, (0, 380)),  # (160 + 30) x 2
        ("80HXX", 90, 0, 0, (640, 0)),  # 160 x 4
        ("80HXX", 50, 20, 0, (0, 720)),  # (160 + 20) x 4, 50 + 20 < 80
        ("100TAX", 160, 50, 30, (680, 0)),  # (260 + 50 + 30) x 2
        ("100SAXX", 149, 0, 0, (0, 1040)),  # 260 x 4, 149 < 150
        ("CAPOTSX", 160, 30, 0, (560, 0)),  # capot bid: (250 + 30) x 2
    ],
)
def test_contre_and_surcontre_give_the_winner_the_whole_deal_doubled(
    contract: str, points: int, taker: int, defence: int, score: tuple[int, int]
) -> None:
    capot = contract.startswith("CAPOT")
    assert deal_score(contract, points, taker, defence, capot) == score


def test_a_capot_bid_must_win_every_trick() -> None:
    # « (... ou 250 et 350 en cas de capot demandé) »
    assert deal_score("CAPOTS", 160, capot=True) == (250, 0)
    assert deal_score("CAPOTS", 160, 20, capot=False) == (0, 270)
    assert deal_score("CAPOTTA", 260, 30, capot=True) == (350, 0)
    assert deal_score("CAPOTSA", 250) == (0, 350)
    assert deal_score("CAPOTTAXX", 200, 20, 20) == (0, 1560)  # (350 + 40) x 4


def test_a_capot_that_was_not_bid_scores_no_more_than_the_bid() -> None:
    assert deal_score("80S", 160, capot=True) == (80, 0)


@pytest.mark.parametrize(
    ("contract", "points", "taker", "defence"),
    [
        ("80S", 161, 0, 0),
        ("80S", -1, 0, 0),
        ("80TA", 261, 0, 0),
        ("80S", "100", 0, 0),
        ("80S", 100, 25, 0),
        ("80S", 100, 20, 20),  # only one king and queen of trumps
        ("80S", 100, 50, 0),  # a suit contract has one trump suit
        ("80SA", 100, 20, 0),
        ("80TA", 100, 50, 70),  # five suits' worth
        ("80TA", 100, 130, 0),
    ],
)
def test_it_refuses_impossible_points_or_announcements(
    contract: str, points: object, taker: int, defence: int
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        deal_score(contract, points, taker, defence)  # type: ignore[arg-type]


def test_all_trumps_may_announce_in_four_suits() -> None:
    assert deal_score("80TA", 200, 60, 60) == (130, 120)
    assert deal_score("80TA", 200, 120, 0) == (130, 60)


@given(
    contracts,
    st.integers(0, 260),
    st.booleans(),
)
def test_contre_doubles_and_surcontre_quadruples_the_undoubled_failure(
    contract: BridgeoteContract, points: int, capot: bool
) -> None:
    points = min(points, 160 if contract.trumps is not None else 260)
    plain = BridgeoteContract(contract.bid, contract.strain)
    made = contract_made(contract, points, capot=capot)
    score = deal_score(contract, points, capot=capot)
    assert min(score) >= 0
    if contract.doubled:
        whole = deal_score(plain, 0)[1] * (2 if contract.doubled == 1 else 4)
        assert score == ((whole, 0) if made else (0, whole))
    elif made:
        assert score[0] == contract.target


# ---------------------------------------------------------------- game


def test_the_game_is_won_at_1500() -> None:
    # « Le but du jeu est d'atteindre ou de dépasser 1 500 points. »
    assert GAME_POINTS == 1500
    assert game_winner([1500, 1490]) == 0
    assert game_winner([1499, 1200]) is None
    assert game_winner([1510, 1620, 900]) == 1
    assert game_winner([1600, 1600]) is None


def test_it_refuses_no_totals() -> None:
    with pytest.raises(GameError, match="one total"):
        game_winner([])
