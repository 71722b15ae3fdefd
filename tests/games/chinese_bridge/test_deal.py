"""Chinese bridge: the deal and the trump it sets (shared/seeds/001).

Each rule-book case quotes the French line it checks; the choices Donne makes
where the book is silent are listed in the docstring of
``games.chinese_bridge``.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, Rank, Suit, deck_52
from games.chinese_bridge import (
    deal,
    trump_from_shown,
)
from tests.games.chinese_bridge.support import (
    HAND_0,
    cards,
    no_trump_deal,
    scenario,
)

# ---------------------------------------------------------------- the deal


@settings(max_examples=50)
@given(st.integers(0, 2**32), st.sampled_from([0, 1]))
def test_a_deal_gives_each_card_exactly_once(seed: int, dealer: int) -> None:
    # « Le donneur distribue 11 cartes à chacun des 2 joueurs, puis distribue
    # les cartes restantes en 6 piles de 5 cartes, face cachée. »
    dealt = deal(Random(seed), dealer)
    assert [len(hand) for hand in dealt.hands] == [11, 11]
    assert [len(pile) for pile in dealt.piles] == [5] * 6
    everything = [card for hand in dealt.hands for card in hand]
    everything += [card for pile in dealt.piles for card in pile]
    assert sorted(everything) == deck_52()
    assert dealt.dealer == dealer
    assert deal(Random(seed), dealer) == dealt


def test_the_top_card_of_each_pile_is_shown() -> None:
    # « Puis il découvre les 6 cartes qui sont au sommet de chacune des 6 piles. »
    dealt = deal(Random(7))
    assert dealt.shown == tuple(pile[0] for pile in dealt.piles)
    assert len(dealt.shown) == 6


def test_the_deal_starts_with_the_dealers_opponent_and_tops_are_dealt_last() -> None:
    pack = deck_52()
    Random(11).shuffle(pack)
    dealt = deal(Random(11), dealer=0)
    assert dealt.hands[1] == frozenset(pack[0:22:2])
    assert dealt.hands[0] == frozenset(pack[1:22:2])
    assert dealt.piles[0] == tuple(reversed(pack[22:27]))
    swapped = deal(Random(11), dealer=1)
    assert swapped.hands == (dealt.hands[1], dealt.hands[0])
    assert swapped.piles == dealt.piles


def test_a_deal_built_from_text() -> None:
    hand = scenario()
    assert hand.deal.hands[0] == frozenset(cards(HAND_0))
    assert hand.deal.shown == tuple(cards("AS KH AD AC 9S TS"))


# ---------------------------------------------------------------- trump


@pytest.mark.parametrize(
    ("shown", "trump"),
    [
        # « Si toutes les cartes visibles ont une valeur inférieure à 10, la
        # manche est jouée sans atout. »
        pytest.param(["9S", "8H", "7D", "6C", "5S", "2H"], None, id="all-below-10"),
        pytest.param(["9C", "9D", "9H", "9S", "8C", "8D"], None, id="nines"),
        # « Sinon, l'atout est fixé par la carte découverte la plus forte. »
        pytest.param(["TD", "9S", "9H", "2C", "3C", "4C"], "D", id="a-ten-counts"),
        pytest.param(["AS", "TD", "9C"], "S", id="brief-example"),
        pytest.param(["2S", "3H", "QC", "JH", "TS", "KD"], "D", id="highest-last"),
        pytest.param(["KD", "2S", "3H", "QC", "JH", "TS"], "D", id="highest-first"),
        pytest.param(["2S", "3H", "AC", "JH", "TS", "KD"], "C", id="ace-of-clubs"),
        # « L'ordre des cartes et des couleurs est le même qu'au bridge (...
        # et pique, coeur, carreau, trèfle) »: equal ranks go by suit.
        pytest.param(["KH", "KS", "2C"], "S", id="tie-spades-over-hearts"),
        pytest.param(["AC", "AD", "5S"], "D", id="tie-diamonds-over-clubs"),
        pytest.param(["QC", "QH", "QD", "JS"], "H", id="tie-hearts-over-diamonds"),
        pytest.param(["TC", "TD", "9S", "9H"], "D", id="tie-of-tens"),
        pytest.param(["TC"], "C", id="single-ten"),
    ],
)
def test_trump_from_shown(shown: list[str], trump: str | None) -> None:
    assert trump_from_shown(shown) == trump


def test_trump_from_shown_reads_every_card_form() -> None:
    assert trump_from_shown(["10H", "9S"]) == "H"
    assert trump_from_shown(["SK", "HK"]) == "S"
    assert trump_from_shown([Card(Suit.HEARTS, Rank.JACK), "9S"]) == "H"
    assert trump_from_shown(["♦Q", "J♠"]) == "D"


def test_the_deal_knows_its_trump() -> None:
    # Aces of spades, diamonds and clubs are shown: spades rank first.
    assert scenario().deal.trump is Suit.SPADES
    assert scenario().trump is Suit.SPADES
    assert no_trump_deal().trump is None


def test_the_trump_is_set_once_at_the_deal() -> None:
    # Drawing the ace of spades uncovers lower cards; the trump stays spades.
    hand = scenario()
    hand.play("2C")
    hand.play("2D")
    hand.draw("AS")
    assert trump_from_shown(list(hand.shown)) == "D"
    assert hand.trump is Suit.SPADES
