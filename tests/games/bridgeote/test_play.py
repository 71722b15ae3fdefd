"""Bridgeote play rules: follow, go over, ruff, over-ruff, pisser (shared/seeds/003)."""

from __future__ import annotations

import pytest

from games.bridgeote import (
    check_play,
    legal_cards,
    team_positions,
)
from games.errors import GameError
from tests.games.bridgeote.support import (
    cards,
)

# ---------------------------------------------------------------- play

HEARTS = "H"


def test_any_card_may_be_led() -> None:
    # « Le joueur placé à gauche du donneur bénéficie de l'entame. »
    hand = cards("JH 7S AD")
    assert legal_cards(hand, [], HEARTS) == hand


def test_a_player_must_follow_suit() -> None:
    # « Il est obligatoire de fournir la couleur demandée »
    hand = cards("7S KS JH AD")
    assert legal_cards(hand, ["AS"], HEARTS) == cards("7S KS")


def test_following_a_plain_suit_need_not_go_over() -> None:
    assert legal_cards(cards("7S AS JH"), ["KS"], HEARTS) == cards("7S AS")


def test_at_trumps_a_player_must_go_over() -> None:
    # « A l'atout ou à tout-atout (TA) obligation de « monter » »
    assert legal_cards(cards("JH 7H AS"), ["9H"], HEARTS) == cards("JH")


def test_at_trumps_a_player_goes_over_even_his_partner() -> None:
    # Partner (position 0) leads the 9 and wins: the rule still applies.
    assert legal_cards(cards("JH 8H"), ["9H", "7H"], HEARTS) == cards("JH")


def test_at_trumps_any_trump_when_none_is_higher() -> None:
    assert legal_cards(cards("AH 7H AS"), ["9H"], HEARTS) == cards("AH 7H")


def test_at_all_trumps_a_player_must_go_over_in_the_suit_led() -> None:
    # TA: the 9 beats the ace, the king does not.
    assert legal_cards(cards("9S KS JH"), ["AS"], "TA") == cards("9S")
    assert legal_cards(cards("KS 7S JH"), ["AS"], "TA") == cards("KS 7S")


def test_at_no_trumps_following_is_enough() -> None:
    assert legal_cards(cards("AS 7S JH"), ["KS"], "SA") == cards("AS 7S")


def test_a_void_player_must_ruff_an_opponent_who_is_winning() -> None:
    # « Obligation de couper un adversaire si celui-ci est maître »
    assert legal_cards(cards("JH 7H AD"), ["AS"], HEARTS) == cards("JH 7H")


def test_a_void_player_must_over_ruff_an_opponent() -> None:
    # The partner led the AS (position 0), an opponent ruffed with the 9H.
    assert legal_cards(cards("JH 7H AD"), ["AS", "9H"], HEARTS) == cards("JH")


def test_a_void_player_under_ruffs_when_he_cannot_over_ruff() -> None:
    # « Obligation de « pisser » (fournir un atout inférieur) sur une coupe de
    # l'adversaire sans possibilité de sur-couper. »
    assert legal_cards(cards("AH 7H AD"), ["AS", "9H"], HEARTS) == cards("AH 7H")


def test_an_opponent_over_ruffing_the_partner_must_be_over_ruffed_or_pissed_on() -> (
    None
):
    # Partner (position 1) ruffed with the 9, the opponent over-ruffed with the J.
    assert legal_cards(cards("AH AD"), ["AS", "9H", "JH"], HEARTS) == cards("AH")


def test_no_obligation_when_the_partner_is_winning() -> None:
    # « Pas d'obligation de couper si le partenaire est maître. »
    hand = cards("JH 7H AD")
    assert legal_cards(hand, ["AS", "7S"], HEARTS) == hand
    # Partner (position 1) ruffed and is winning: no need to over-ruff.
    assert legal_cards(hand, ["AS", "9H", "7S"], HEARTS) == hand


def test_a_void_player_without_trumps_discards_anything() -> None:
    hand = cards("AD 7C")
    assert legal_cards(hand, ["AS", "9H"], HEARTS) == hand


@pytest.mark.parametrize("contract", ["TA", "SA"])
def test_at_ta_and_sa_a_void_player_discards_anything(contract: str) -> None:
    hand = cards("JH AD")
    assert legal_cards(hand, ["AS"], contract) == hand


def test_partners_are_told_by_their_positions_at_three_players() -> None:
    # Seat 1 leads; seat 0, third to play, has seat 2 (position 1) as partner.
    positions = team_positions({0, 2}, leader=1, players=3)
    assert positions == {1, 2}
    hand = cards("JH AD")
    assert legal_cards(hand, ["AS", "KS"], HEARTS, partners=positions) == cards("JH")
    assert legal_cards(hand, ["KS", "AS"], HEARTS, partners=positions) == hand


def test_it_says_which_rule_a_card_breaks() -> None:
    with pytest.raises(GameError, match="follow suit"):
        check_play("JH", cards("JH 7S"), ["AS"], HEARTS)
    with pytest.raises(GameError, match="under-ruff"):
        check_play("AD", cards("AH AD"), ["AS", "9H"], HEARTS)
    with pytest.raises(GameError, match="not in the hand"):
        check_play("KD", cards("AH AD"), ["AS"], HEARTS)
    check_play("7H", cards("JH 7H"), ["AS", "7S"], HEARTS)


def test_a_refused_card_is_named_with_the_rule_it_breaks() -> None:
    with pytest.raises(
        GameError, match=r"^Bridgeote: HJ cannot be played: follow suit \(S\)$"
    ):
        check_play("JH", cards("JH 7S"), ["AS"], HEARTS)
    with pytest.raises(GameError, match=r"^Bridgeote: card DK is not in the hand$"):
        check_play("KD", cards("AH AD"), ["AS"], HEARTS)


@pytest.mark.parametrize(
    ("hand", "trick"),
    [
        ([], ["AS"]),
        (["AS"], ["AS"]),
        (["JH", "HJ"], []),
        (["JH"], ["AS", "KS", "QS", "BS", "JS", "9S", "8S"]),
        ("JH", []),
    ],
)
def test_it_refuses_impossible_hands_and_tricks(
    hand: list[str], trick: list[str]
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        legal_cards(hand, trick, HEARTS)
