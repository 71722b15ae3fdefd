"""Barbu: the seven contracts, the manche and game sheet, play rules and marks.

A game is four manches; in each, one player is dealer and "Déclarant" for
seven deals and chooses each of the seven contracts exactly once, in the order
he likes. Figures and rules follow the French rule book (shared/seeds/004).

Players are four distinct keys given by the caller in seating (clockwise)
order: ("A", "B", "C", "D") by default, as in the rule book's worked example;
seats ("N", "E", "S", "W") or names work the same.

A deal is scored from what the table records (``RECORD_KEYS``): who took the
king of hearts, the hearts and the ace of hearts, the queens, the tricks, the
last two tricks, the trump tricks, or the réussite's finishing order. Doubles
are then settled pair by pair (``settle_doubles``), which keeps the deal's
total equal to the contract's theoretical total (``CONTRACT_TOTALS``).

Where the rule book is silent, Donne follows French Barbu as bridge clubs
play it:

- Hearts: the ace of hearts costs 6 in all, not 6 on top of 2, so that the
  contract totals 12 x -2 - 6 = -30, the figure club sheets check.
- Barbu and Hearts: no heart may be led while the hand holds another suit, at
  any point of the deal (there is no "hearts broken"); hearts may always be
  discarded on another suit led.
- Trump: a player void in the suit led must ruff; if a trump was played
  before him he must over-ruff when he can and otherwise still ruff (under-
  ruff), the book making the ruff compulsory; only a player without trumps may
  discard. Following suit, trumps included, he need not play higher.
- Réussite: the declarer plays first and the turn goes clockwise, one card at
  a time. A suit is opened only by its card of the chosen rank, which may be
  laid at any time; a row then grows by the next rank up or down, the ace
  being the top and the two the bottom (no wrap-around). A player with no card
  to lay passes. The deal stops when three players are out: the fourth is
  last.
- Doubles: allowed on all seven contracts and between any two players, except
  that the declarer never doubles: he may only redouble a player who doubled
  him (``(doubler, doubled, 2)``). A double is settled on the difference of
  the two players' points in the deal, as in the worked example; a redouble
  counts that difference twice. The book's "contres obligatoires" have no
  number: each other player must double the declarer at least twice per
  manche (``COMPULSORY_DOUBLES``, 0 to turn the check off).
- Manches: the first manche is declared by the first player given, each next
  one by the next player clockwise who has not declared yet, unless the
  caller names the declarer.
- End of game: the settlement of each player is the sum of the differences
  between his total and each other player's total.

The package is split by concern:

- ``contracts``: the seven contracts, their marks and totals, the players;
- ``marks``: one deal's points from the table's record, and the doubles;
- ``sheet``: the manche and game sheet;
- ``play``: legal cards, trick winners and the deal;
- ``reussite``: the Réussite played card by card.

The tournament (``tournaments.barbu.services``) uses ``contracts`` and
``marks``; ``sheet``, ``play`` and ``reussite`` are used only by the tests and
are kept because they are the rule book's specification, executable.
"""

from games.barbu.contracts import (
    ACE_OF_HEARTS,
    COMPULSORY_DOUBLES,
    CONTRACT_TOTALS,
    KING_OF_HEARTS,
    MANCHES_PER_GAME,
    PLAYERS,
    RECORD_KEYS,
    REUSSITE_POINTS,
    Contract,
)
from games.barbu.marks import (
    check_deal_total,
    check_doubles,
    deal_score,
    settle_doubles,
)
from games.barbu.play import check_play, deal, legal_cards, trick_winner
from games.barbu.reussite import Reussite, reussite_cards
from games.barbu.sheet import DealRow, GameSheet, Manche

__all__ = [
    "ACE_OF_HEARTS",
    "COMPULSORY_DOUBLES",
    "CONTRACT_TOTALS",
    "KING_OF_HEARTS",
    "MANCHES_PER_GAME",
    "PLAYERS",
    "RECORD_KEYS",
    "REUSSITE_POINTS",
    "Contract",
    "DealRow",
    "GameSheet",
    "Manche",
    "Reussite",
    "check_deal_total",
    "check_doubles",
    "check_play",
    "deal",
    "deal_score",
    "legal_cards",
    "reussite_cards",
    "settle_doubles",
    "trick_winner",
]
