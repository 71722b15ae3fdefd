"""Chinese bridge play: legal cards, the trick winner, a hand with the draw."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, Rank, Suit, deck_52
from games.chinese_bridge import (
    TRICKS_PER_HAND,
    ChineseHand,
    Trick,
    deal,
    legal_cards,
    parse_card,
    trick_winner,
)
from games.errors import GameError
from tests.games.chinese_bridge.support import (
    HAND_0,
    HAND_1,
    cards,
    no_trump_deal,
    play_out,
    scenario,
)

# ---------------------------------------------------------------- legal play


def test_the_leader_plays_any_card() -> None:
    # « Le joueur qui a la main choisit une des cartes de sa main »
    hand = cards("AS 2S KH 3D 7C")
    assert legal_cards(hand) == frozenset(hand)
    assert legal_cards(hand, None, "H") == frozenset(hand)


@pytest.mark.parametrize(
    "led", ["KS", "SK", Card(Suit.SPADES, Rank.KING), "S", Suit.SPADES]
)
def test_the_other_player_must_follow_suit(led: Card | Suit | str) -> None:
    # « L'autre joueur, s'il le peut, doit fournir : jouer une carte de la même
    # couleur. »
    assert legal_cards(cards("AS 2S KH 3D"), led, "H") == frozenset(cards("AS 2S"))


def test_a_void_player_may_ruff_or_discard() -> None:
    # « S'il ne peut pas fournir, il a le choix entre couper ou se défausser.
    # Donc, on n'est pas obligé de couper. »
    hand = cards("AH 2H KD 3C")
    assert legal_cards(hand, "KS", "H") == frozenset(hand)


def test_without_trump_a_void_player_discards_anything() -> None:
    # « Si la manche se joue sans atout, le second joueur ne peut bien sûr que se
    # défausser s'il ne peut fournir »
    hand = cards("AH 2H KD")
    assert legal_cards(hand, "KS", None) == frozenset(hand)
    assert trick_winner("2S", "AH", None) == 0


# ---------------------------------------------------------------- trick winner


@pytest.mark.parametrize(
    ("lead", "reply", "trump", "winner"),
    [
        # « qui a posé la carte la plus forte, si les deux cartes sont de même
        # couleur »
        pytest.param("KS", "AS", "H", 1, id="same-suit-follower-higher"),
        pytest.param("AS", "KS", None, 0, id="same-suit-leader-higher"),
        pytest.param("9D", "TD", "D", 1, id="two-trumps"),
        pytest.param("2C", "3C", None, 1, id="no-trump-same-suit"),
        # « qui a coupé (joué un atout) si l'une des deux cartes est un atout »
        pytest.param("AS", "2H", "H", 1, id="follower-ruffs"),
        pytest.param("2H", "AS", "H", 0, id="trump-led-wins"),
        # « qui a posé la première carte, si les deux cartes sont de couleur
        # différente et qu'aucune n'est un atout (on dit que le second joueur
        # s'est défaussé) »
        pytest.param("2S", "AH", "D", 0, id="discard"),
        pytest.param("2S", "AH", None, 0, id="discard-no-trump"),
        pytest.param("2S", "AH", Suit.DIAMONDS, 0, id="trump-as-suit"),
    ],
)
def test_trick_winner(lead: str, reply: str, trump: str | None, winner: int) -> None:
    assert trick_winner(lead, reply, trump) == winner


# ---------------------------------------------------------------- a hand


def test_the_dealer_leads_first() -> None:
    # « Le donneur a initialement la main. »
    assert scenario(dealer=0).to_play == 0
    assert scenario(dealer=1).to_play == 1
    assert scenario(dealer=1).turn == 1


def test_a_hand_step_by_step_with_the_draw() -> None:
    hand = scenario()
    assert hand.playable == frozenset(cards(HAND_0))
    assert hand.play("2C") is None
    assert hand.lead == parse_card("2C")
    assert hand.to_play == 1
    # Player 1 holds no club: he may ruff or discard.
    assert hand.playable == frozenset(cards(HAND_1))
    trick = hand.play("2D")
    assert trick == Trick(
        leader=0, lead=parse_card("2C"), reply=parse_card("2D"), winner=0
    )
    assert hand.tricks == (1, 0)
    # « Le joueur qui a gagné le pli le ramasse. Puis il choisit l'une des cartes
    # découvertes ... et la place dans sa main. »
    assert (hand.to_draw, hand.to_play, hand.turn) == (0, None, 0)
    hand.draw("AS")
    assert parse_card("AS") in hand.hands[0]
    assert len(hand.hands[0]) == 11
    # « Il découvre ensuite la carte cachée qu'il a ainsi fait apparaître en
    # sommet de pile »
    assert hand.piles[0] == tuple(cards("5S 6S 7S 8S"))
    assert hand.shown[0] == parse_card("5S")
    # « L'autre joueur choisit à son tour une carte découverte »
    assert hand.to_draw == 1
    hand.draw("KH")
    assert hand.shown == tuple(cards("5S 2H AD AC 9S TS"))
    # « Le joueur qui gagne le pli prend (ou garde) la main. »
    assert (hand.to_draw, hand.to_play, hand.leader) == (None, 0, 0)
    hand.play("3C")
    # Player 1 ruffs with the two of spades and wins.
    assert hand.play("2S") == Trick(0, parse_card("3C"), parse_card("2S"), 1)
    assert hand.tricks == (1, 1)
    # The winner draws first, then the loser; then the winner leads.
    assert hand.to_draw == 1
    hand.draw("5S")
    assert hand.to_draw == 0
    hand.draw("2H")
    assert (hand.to_play, hand.leader) == (1, 1)
    hand.play("3S")
    # Player 0 drew the ace of spades: he must follow with it.
    assert hand.playable == frozenset(cards("AS"))
    with pytest.raises(GameError, match="must follow spades, the suit led, with SA"):
        hand.play("4C")
    assert hand.play("AS").winner == 0
    assert hand.tricks == (2, 1)
    assert [trick.winner for trick in hand.history] == [0, 1, 0]


def test_only_a_face_up_card_may_be_drawn() -> None:
    hand = scenario()
    hand.play("2C")
    hand.play("2D")
    with pytest.raises(GameError, match=r"cannot draw S6: expected one of the face-up"):
        hand.draw("6S")  # under the ace of spades, face down
    with pytest.raises(GameError, match="cannot draw C3"):
        hand.draw("3C")  # in player 0's hand
    with pytest.raises(GameError, match="player 0 must first draw"):
        hand.play("3C")
    hand.draw("AS")
    with pytest.raises(GameError, match="cannot draw SA"):
        hand.draw("AS")  # already taken


def test_without_trump_a_discard_loses() -> None:
    hand = ChineseHand(no_trump_deal())
    assert hand.trump is None
    hand.play("2C")
    assert hand.play("4S").winner == 0  # no spade can ruff


def test_play_refuses_a_card_not_in_the_hand_or_out_of_turn() -> None:
    hand = scenario()
    with pytest.raises(GameError, match="player 0 cannot play D2: not in the hand"):
        hand.play("2D")
    with pytest.raises(GameError, match="no draw is due"):
        hand.draw("AS")
    with pytest.raises(GameError, match="expected a rank"):
        hand.play("ZZ")
    with pytest.raises(GameError, match="points are counted at the end"):
        _ = hand.points


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([0, 1]))
def test_a_random_hand_is_played_to_the_end(seed: int, dealer: int) -> None:
    rng = Random(seed)
    hand = ChineseHand(deal(rng, dealer))
    drawers = play_out(hand, rng)
    # « La manche se termine lorsque les 2 joueurs n'ont plus de carte en main. »
    assert hand.finished
    assert hand.hands == (frozenset(), frozenset())
    assert all(not pile for pile in hand.piles)
    # 22 cards in the hands + 30 in the piles = 52 cards, 26 tricks: 15 with a
    # draw (two cards each), then 11 with none.
    assert len(hand.history) == TRICKS_PER_HAND == 26
    assert len(drawers) == 30
    played = [card for trick in hand.history for card in (trick.lead, trick.reply)]
    assert sorted(played) == deck_52()
    assert sum(hand.tricks) == 26
    assert hand.points == hand.tricks
    # The winner draws first, then the loser, after each of the first 15 tricks.
    winners = [trick.winner for trick in hand.history]
    assert drawers == [who for won in winners[:15] for who in (won, 1 - won)]
    # « Le donneur a initialement la main. » then the winner leads.
    assert hand.history[0].leader == dealer
    for before, after in zip(hand.history, hand.history[1:], strict=False):
        assert after.leader == before.winner
    for trick in hand.history:
        won = trick_winner(trick.lead, trick.reply, hand.trump)
        assert trick.winner == (trick.leader if won == 0 else 1 - trick.leader)
    with pytest.raises(GameError, match="the hand is over after 26 tricks"):
        hand.play(played[0])
    with pytest.raises(GameError, match="no draw is due"):
        hand.draw(played[0])
    assert hand.to_play is None and hand.turn is None
    assert hand.playable == frozenset()


def test_when_the_piles_are_gone_nobody_draws() -> None:
    # « Lorsque les piles sont épuisées, la manche continue selon les mêmes
    # règles, en supprimant la phase de choix/découverte »
    rng = Random(5)
    hand = ChineseHand(deal(rng))
    while len(hand.history) < 15 or hand.to_draw is not None:
        if hand.to_draw is not None:
            hand.draw(hand.shown[0])
        else:
            hand.play(sorted(hand.playable)[0])
    assert hand.piles == ((),) * 6
    assert [len(cards_held) for cards_held in hand.hands] == [11, 11]
    hand.play(sorted(hand.playable)[0])
    hand.play(sorted(hand.playable)[0])
    assert hand.to_draw is None
    assert hand.to_play == hand.history[-1].winner
    assert [len(cards_held) for cards_held in hand.hands] == [10, 10]
