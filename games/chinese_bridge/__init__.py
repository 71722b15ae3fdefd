"""Chinese bridge (bridge chinois): two players, tricks, and a draw from six piles.

The dealer gives 11 cards to each player and lays the other 30 face down in 6
piles of 5, then turns up the top card of each pile; the highest card shown
sets the trump, and there is none when every shown card is below the ten.
Each trick is two cards. While cards are left in the piles, the trick winner
and then the loser each take one face-up top card into the hand and turn up
the card it uncovers, so both hands keep 11 cards; once the piles are gone
the hands are played out. A hand is 26 tricks: 15 with a draw (30 cards, two
a trick), then 11 without. Each player scores his tricks. Figures and rules
follow the French rule book (shared/seeds/001).

Players are numbered 0 and 1 in ``deal``, ``ChineseDeal`` and ``ChineseHand``;
the score sheet ``ChineseGame`` names them ("A" and "B" by default), its first
name being player 0.

Where the rule book is silent or loose, Donne follows the common practice:

- Card text is written rank then suit, "AS", "TD", "10H", "9C"; the suit-first
  form of ``games.cards`` ("SA") is read too: in a 52-card pack the two forms
  are never ambiguous. Cards are printed suit first, as everywhere in Donne.
- Trump: the book gives the suit order with the card order (« l'ordre des
  cartes et des couleurs est le même qu'au bridge »), so between shown cards
  of the same rank the higher suit wins: spades, hearts, diamonds, clubs. A
  ten sets the trump (only cards « inférieure à 10 » leave the hand without
  trump). The trump is set once, from the six cards shown at the deal; cards
  turned up later never change it.
- A trump led wins against any card of another suit: the trick goes to the
  trump (« qui a coupé ... si l'une des deux cartes est un atout »).
- Dealing: one card at a time, alternately, the dealer's opponent first; then
  the piles one after the other, the last card laid on a pile being its top.
- Drawing: a player may take the face-up card of any pile that is not empty;
  the card it uncovers is turned up at once, before the other player draws.
- Points: one per trick (« le nombre de points correspondant »), so a hand is
  worth 26 points in all and either player's tricks give the other's.
- Game to a number of points: it ends after the hand in which a player reaches
  the target, and the higher total wins; equal totals play on, hand by hand,
  until they differ.
- Game to a number of hands: the number must be even (« il faut choisir un
  nombre pair »); equal totals after the last hand are a draw, without a
  winner, since a deciding hand would give one player an extra deal.

The package is split by concern: ``rules`` (the pack, card text, the trump
and the points of a hand), ``deal``, ``play`` (legal cards, tricks, a hand
in play) and ``sheet`` (the game's score sheet).
"""

from games.chinese_bridge.deal import ChineseDeal, deal
from games.chinese_bridge.play import ChineseHand, Trick, legal_cards, trick_winner
from games.chinese_bridge.rules import (
    CARDS_PER_HAND,
    CARDS_PER_PILE,
    PILES,
    PLAYERS,
    TRICKS_PER_HAND,
    hand_points,
    parse_card,
    trump_from_shown,
)
from games.chinese_bridge.sheet import ChineseGame, HandRow

__all__ = [
    "CARDS_PER_HAND",
    "CARDS_PER_PILE",
    "PILES",
    "PLAYERS",
    "TRICKS_PER_HAND",
    "ChineseDeal",
    "ChineseGame",
    "ChineseHand",
    "HandRow",
    "Trick",
    "deal",
    "hand_points",
    "legal_cards",
    "parse_card",
    "trick_winner",
    "trump_from_shown",
]
