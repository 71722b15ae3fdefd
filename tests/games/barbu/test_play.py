"""Barbu play rules: legal cards, the trick winner, and the deal."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.barbu import (
    PLAYERS,
    Contract,
    check_play,
    deal,
    legal_cards,
    trick_winner,
)
from games.cards import Suit, deck_52
from games.errors import GameError
from tests.games.barbu.support import (
    cards,
)

# ---------------------------------------------------------------- trick play


def test_no_heart_lead_while_holding_another_suit() -> None:
    # « Il est interdit de jouer Cœur tant que l'on possède encore des
    # cartes d'une autre couleur. »
    hand = cards("HK H2 S3 D4")
    for contract in (Contract.BARBU, Contract.HEARTS):
        assert legal_cards(hand, [], contract) == frozenset(cards("S3 D4"))
        with pytest.raises(
            GameError, match="HK cannot be played: no heart may be led while"
        ):
            check_play("HK", hand, [], contract)
    # The other contracts put no limit on the lead.
    assert legal_cards(hand, [], Contract.QUEENS) == frozenset(hand)


def test_hearts_may_be_led_from_a_hand_of_hearts_only() -> None:
    hand = cards("HK H2")
    assert legal_cards(hand, [], Contract.BARBU) == frozenset(hand)


def test_hearts_may_be_discarded_and_must_be_followed() -> None:
    # « Il est en revanche permis de se défausser du Cœur si quelqu'un joue une
    # couleur où on n'a pas de carte, et bien sûr obligatoire de fournir du
    # Cœur si quelqu'un d'autre joue de cette couleur. »
    hand = cards("HK H2 S3 D4")
    assert legal_cards(hand, cards("C5"), Contract.BARBU) == frozenset(hand)
    check_play("HK", hand, cards("C5"), Contract.BARBU)
    assert legal_cards(hand, cards("H5"), Contract.BARBU) == frozenset(cards("HK H2"))


def test_players_must_follow_suit() -> None:
    # « Les joueurs sont tenus de fournir la couleur demandée »
    hand = cards("S2 SA D4")
    assert legal_cards(hand, cards("S9 ST"), "tricks") == frozenset(cards("S2 SA"))
    with pytest.raises(GameError, match="Tricks: D4 cannot be played: the hand must"):
        check_play("D4", hand, cards("S9"), "tricks")
    with pytest.raises(GameError, match="card C4 is not in the hand"):
        check_play("C4", hand, cards("S9"), "tricks")


def test_in_trump_a_void_player_must_ruff() -> None:
    # « Lorsqu'un joueur n'a pas de carte dans la couleur demandée ... il est
    # tenu de couper »
    hand = cards("H2 H9 D4 C7")
    assert legal_cards(hand, cards("SK"), "trump", "H") == frozenset(cards("H2 H9"))
    with pytest.raises(GameError, match="void in spades and must ruff"):
        check_play("D4", hand, cards("SK"), "trump", Suit.HEARTS)
    # Without trumps he discards what he likes.
    assert legal_cards(cards("D4 C7"), cards("SK"), "trump", "H") == frozenset(
        cards("D4 C7")
    )


def test_in_trump_a_void_player_must_over_ruff() -> None:
    # « ... et de surcouper si l'on a coupé devant lui »
    hand = cards("H2 H9 HQ D4")
    trick = cards("SK HT")
    assert legal_cards(hand, trick, "trump", "H") == frozenset(cards("HQ"))
    with pytest.raises(GameError, match="must over-ruff HT"):
        check_play("H9", hand, trick, "trump", "H")


def test_in_trump_a_player_who_cannot_over_ruff_still_ruffs() -> None:
    # The ruff stays compulsory: he under-ruffs rather than discards.
    hand = cards("H2 H9 D4")
    trick = cards("SK HJ S3")
    assert legal_cards(hand, trick, "trump", "H") == frozenset(cards("H2 H9"))


def test_in_trump_following_suit_need_not_go_higher() -> None:
    hand = cards("H2 HA S4")
    assert legal_cards(hand, cards("HK"), "trump", "H") == frozenset(cards("H2 HA"))
    assert legal_cards(hand, cards("S9"), "trump", "H") == frozenset(cards("S4"))


def test_the_trump_suit_belongs_to_the_trump_contract() -> None:
    with pytest.raises(GameError, match="Trump deal: no trump suit given"):
        legal_cards(cards("H2"), [], "trump")
    with pytest.raises(GameError, match="Queens deal: trump 'S' given"):
        legal_cards(cards("H2"), [], "queens", "S")
    with pytest.raises(GameError, match="Réussite is not played in tricks"):
        legal_cards(cards("H2"), [], "reussite")


@pytest.mark.parametrize(
    ("hand", "trick", "message"),
    [
        ("H2", "S3 S4 S5 S6", r"expected 0 to 3 distinct cards"),
        ("H2", "S3 S3", r"expected 0 to 3 distinct cards"),
        ("H2 S3", "S3", r"S3 is both in the trick and in the hand"),
        ("H2 H2", "", r"expected 1 to 13 distinct cards"),
        ("DC", "", r"card DC: not a card of the 52-card pack"),
    ],
)
def test_it_refuses_impossible_hands_and_tricks(
    hand: str, trick: str, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        legal_cards(cards(hand), cards(trick), "tricks")


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        # « Le joueur qui joue la plus forte carte de la couleur demandée
        # remporte la levée »
        ("S9 SA D2 S3", None, 1),
        ("S9 HA D2 S3", None, 0),
        # « en cas de coupe, c'est le joueur qui a coupé ou celui qui a fourni
        # le plus fort Atout, s'il y a eu surcoupe, qui remporte la levée »
        ("S9 SA H2 S3", "H", 2),
        ("S9 H5 H2 HQ", "H", 3),
        ("S9 SA D2 S3", "H", 1),
    ],
)
def test_the_trick_winner(trick: str, trump: str | None, winner: int) -> None:
    assert trick_winner(cards(trick), trump) == winner


# ---------------------------------------------------------------- dealing


@settings(max_examples=50)
@given(st.integers(0, 2**32))
def test_a_deal_gives_each_player_13_cards_and_each_card_once(seed: int) -> None:
    # « distribue une à une treize cartes à chaque joueur »
    hands = deal(Random(seed))
    assert list(hands) == list(PLAYERS)
    assert [len(hand) for hand in hands.values()] == [13, 13, 13, 13]
    dealt = [card for hand in hands.values() for card in hand]
    assert sorted(dealt) == deck_52()
    assert deal(Random(seed)) == hands


def test_a_deal_to_the_callers_players() -> None:
    hands = deal(Random(1), ("N", "E", "S", "W"))
    assert list(hands) == ["N", "E", "S", "W"]
