"""The Réussite played card by card (shared/seeds/004, « La Réussite »)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.barbu import (
    PLAYERS,
    REUSSITE_POINTS,
    Contract,
    Reussite,
    deal,
    deal_score,
    reussite_cards,
)
from games.cards import BRIDGE_RANKS, Card, Rank, Suit, deck_52
from games.errors import GameError
from tests.games.barbu.support import (
    cards,
    play_reussite,
    players_st,
)

# ---------------------------------------------------------------- réussite


def suits_deal() -> dict[str, list[Card]]:
    """A gets the clubs, B the diamonds, C the hearts, D the spades."""
    return {
        name: [card for card in deck_52() if card.suit == suit]
        for name, suit in zip(PLAYERS, Suit, strict=True)
    }


def test_reussite_cards_from_the_starting_rank() -> None:
    # « A partir d'une carte d'une certaine hauteur (un 9, par exemple), les
    # joueurs doivent compléter chaque famille par la carte immédiatement
    # supérieure ou inférieure. » ; « on dit que « la réussite est au 9 » »
    hand = cards("S9 S8 ST SJ H9 D8 C2")
    assert reussite_cards(hand, {}, "9") == frozenset(cards("S9 H9"))
    layout = {Suit.SPADES: (Rank.NINE, Rank.NINE)}
    assert reussite_cards(hand, layout, Rank.NINE) == frozenset(cards("S8 ST H9"))
    layout = {Suit.SPADES: (Rank.EIGHT, Rank.TEN), Suit.DIAMONDS: (Rank.NINE,) * 2}
    assert reussite_cards(hand, layout, Rank.NINE) == frozenset(cards("SJ H9 D8"))


def test_reussite_rows_end_at_the_ace_and_the_two() -> None:
    hand = cards("SA S2 H2")
    layout = {Suit.SPADES: (Rank.THREE, Rank.KING), Suit.HEARTS: (Rank.NINE, Rank.ACE)}
    assert reussite_cards(hand, layout, "9") == frozenset(cards("SA S2"))
    # From the ace a row can only grow down.
    layout = {Suit.HEARTS: (Rank.ACE, Rank.ACE)}
    assert reussite_cards(cards("HK SA SK"), layout, "A") == frozenset(cards("HK SA"))


def test_reussite_refuses_a_row_that_misses_the_starting_rank() -> None:
    with pytest.raises(GameError, match="Réussite row spades 8-T"):
        reussite_cards(cards("S7"), {Suit.SPADES: (Rank.EIGHT, Rank.TEN)}, "J")
    with pytest.raises(GameError, match="Réussite height"):
        reussite_cards(cards("S7"), {}, "C")


def test_a_reussite_played_suit_by_suit() -> None:
    # « Sur chaque choix, c'est le Déclarant qui entame » ; each player holds
    # one suit and lays it out from the 9: the declarer finishes first.
    game = Reussite(suits_deal(), "9", declarer="B")
    assert game.to_play == "B"
    assert game.playable() == frozenset(cards("D9"))
    with pytest.raises(GameError, match="it is B's turn, not A's"):
        game.play("A", "C9")
    with pytest.raises(GameError, match=r"B cannot lay DT; D9 may be laid now"):
        game.play("B", "DT")
    play_reussite(game, Random(7))
    assert game.finishing_order == ("B", "C", "D", "A")
    assert game.record() == {"order": ["B", "C", "D", "A"]}
    assert deal_score("reussite", game.record()) == {
        "A": -10,
        "B": 45,
        "C": 20,
        "D": 10,
    }
    with pytest.raises(GameError, match="Réussite finished"):
        game.play("A", "C2")


def test_in_a_reussite_one_passes_only_when_unable_to_play() -> None:
    # « Il est interdit de passer si l'on peut poser une carte, et l'on ne peut
    # poser qu'une carte à la fois. »
    hands = suits_deal()
    hands["A"][7], hands["B"][7] = hands["B"][7], hands["A"][7]  # C9 <-> D9
    game = Reussite(hands, Rank.NINE)
    assert game.to_play == "A"
    with pytest.raises(GameError, match="A may not pass while able to lay D9"):
        game.pass_turn("A")
    game.play("A", "D9")
    assert game.layout == {Suit.DIAMONDS: (Rank.NINE, Rank.NINE)}
    # « Dans le cas où l'on peut poser plusieurs cartes, on pose celle de son
    # choix. »
    assert game.playable() == frozenset(cards("C9 D8 DT"))
    game.play("B", "DT")
    game.play("C", "H9")
    game.play("D", "S9")
    # A holds clubs without the 9 and nothing next to D8-DT: he passes.
    assert game.playable() == frozenset()
    game.pass_turn("A")
    assert game.to_play == "B"
    assert game.hand("A") == frozenset(cards("C2 C3 C4 C5 C6 C7 C8 CT CJ CQ CK CA"))


def test_a_reussite_ends_when_three_players_are_out() -> None:
    game = Reussite(suits_deal(), "2")
    play_reussite(game, Random(3))
    assert game.finished and game.to_play is None
    assert len(game.finishing_order) == 4
    # The last player may still hold cards: his place is settled.
    assert game.hand(game.finishing_order[-1])


def test_an_unfinished_reussite_has_no_record() -> None:
    with pytest.raises(GameError, match="Réussite not finished"):
        Reussite(suits_deal(), "9").record()


def test_a_reussite_needs_the_whole_pack() -> None:
    hands = suits_deal()
    hands["A"] = [*hands["A"][:-1], Card(Suit.SPADES, Rank.TWO)]
    with pytest.raises(GameError, match="the four hands hold 51 distinct cards"):
        Reussite(hands, "9")
    hands["A"] = hands["A"][:-1]
    with pytest.raises(GameError, match="A's hand has 12 cards; expected 13"):
        Reussite(hands, "9")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(BRIDGE_RANKS), players_st)
def test_a_random_reussite_finishes_with_the_marks(
    seed: int, start: Rank, declarer: str
) -> None:
    rng = Random(seed)
    game = Reussite(deal(rng), start, declarer)
    assert game.to_play == declarer
    play_reussite(game, rng)
    assert sorted(game.finishing_order) == sorted(PLAYERS)
    points = deal_score(Contract.REUSSITE, game.record())
    assert sorted(points.values()) == sorted(REUSSITE_POINTS)
    assert sum(points.values()) == 65
    for low, high in game.layout.values():
        assert low <= start <= high
