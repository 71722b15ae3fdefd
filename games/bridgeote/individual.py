"""Bridgeote at 3, 5, 6 and 7 players: each seat's individual mark on a deal.

The rule book (shared/seeds/003, « Jeu à trois / cinq / six / sept joueurs »):

- 3, 5 and 7 players: at the end of the auction the last bidder (the taker)
  chooses a partner; the two "attaquants" must make the bid against the
  others, the "défenseurs" (1, 3 or 5 of them). « Le décompte des points est
  individuel »: « chacun des attaquants marquera les points gagnés par
  l'équipe et les adversaires comptabiliseront chacun le nombre total de
  points réalisés »; a failed contract gives each defender the whole deal
  (160, 260, or a capot bid's 250/350) plus the announcements, doubled or
  quadrupled after a contre or surcontre.
- The écart (6 cards at 3 players, 1 at 5 and 7) counts with the defence's
  points: the takers' card points are those of their tricks and the rest of
  the pack, écart included, is the defence's (``marks.deal_score``).
- 6 players: two teams of three, seated alternately (seats 0, 2, 4 against
  1, 3, 5), « similaire à celui à quatre joueurs »: each player marks his
  team's points.

Where the book is silent Donne reads it so (say so to the players):

- The marks of the side are the four-player marks (``marks.deal_score``):
  made, each attacker scores the contract's value and each defender the
  defence's card points plus its announcements.
- A side announces only what its own hands hold: a Belote takes two of its
  cards and a Bridgeote three, so two attackers at 7 players (10 cards)
  announce at most 100 at TA (``marks.announcement_totals``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bridgeote.contracts import BridgeoteContract, parse_contract
from games.bridgeote.marks import (
    attacking_seats,
    check_side_announcements,
    deal_score,
    player_scores,
)
from games.bridgeote.pack import variant_of
from games.errors import GameError

INDIVIDUAL_TABLES = (3, 5, 6, 7)


@dataclass(frozen=True)
class TableDeal:
    """One deal at one table of ``players`` (3, 5, 6 or 7), as the scorer reads it.

    ``taker`` is the last bidder's seat (0 to players - 1, clockwise from the
    first dealer), ``partner`` the seat he chose (3, 5, 7 players; at 6 the
    team is fixed and ``partner`` may be left None). ``taker_points`` are the
    card points in the attackers' tricks; ``taker_announced`` and
    ``defence_announced`` each side's Belote/Bridgeote points; ``capot`` that
    the attackers won every trick.
    """

    players: int
    contract: str | BridgeoteContract
    taker: int
    partner: int | None
    taker_points: int
    taker_announced: int = 0
    defence_announced: int = 0
    capot: bool = False


def seat_marks(deal: TableDeal) -> tuple[int, ...]:
    """Each seat's mark on the deal, seat 0 first.

    Raises ``GameError`` naming what is wrong: a table size the book does not
    give here (4 is the pairs game), a partner who cannot be one, card points
    or announcements no deal gives.
    """
    if deal.players not in INDIVIDUAL_TABLES:
        raise GameError(
            f"Bridgeote players {deal.players!r}: an individual table has 3, 5, 6 "
            "or 7 players (4 players play the pairs game)"
        )
    variant = variant_of(deal.players)
    contract = parse_contract(deal.contract)
    attackers = attacking_seats(deal.players, deal.taker, deal.partner)
    defenders = deal.players - len(attackers)
    check_side_announcements(
        contract, deal.taker_announced, len(attackers) * variant.hand_size
    )
    check_side_announcements(
        contract, deal.defence_announced, defenders * variant.hand_size
    )
    score = deal_score(
        contract,
        deal.taker_points,
        deal.taker_announced,
        deal.defence_announced,
        deal.capot,
    )
    partner = deal.partner if not variant.teams else None
    return tuple(player_scores(deal.players, deal.taker, score, partner))
