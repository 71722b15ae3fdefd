"""Bridgeote marks: card points, announcements, and the mark of a deal.

« Seuls les points annoncés sont comptabilisés pour l'équipe qui joue le
coup » (shared/seeds/003, « Compte des points »): see ``games.bridgeote`` for
how Donne reads the book. The tournament marks deals with ``deal_score``,
counts cards with ``card_points``, checks what a side may announce
(``announcement_totals``, ``check_announcements``) and, at 3, 5, 6 and 7
players, finds the sides with ``attacking_seats`` (``games.bridgeote.
individual``); the announcements found in a hand and the game's end are used
only by the tests and kept as the rule book's specification, executable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.bridgeote.contracts import (
    BridgeoteContract,
    card_total,
    parse_contract,
    strain_of,
    trump_suit,
)
from games.bridgeote.pack import (
    ALL_TRUMPS,
    ALL_TRUMPS_POINTS,
    BELOTE,
    BRIDGEOTE,
    DOUBLING_FACTORS,
    GAME_POINTS,
    NO_TRUMPS,
    NO_TRUMPS_POINTS,
    PLAIN_POINTS,
    TRUMP_POINTS,
    parse_card,
    seat_number,
    variant_of,
)
from games.bridgeote.play import read_hand
from games.cards import Card, Rank, Suit
from games.errors import GameError

_ANNOUNCING_SUITS: dict[str, int] = {ALL_TRUMPS: 4, NO_TRUMPS: 0}  # else 1


def card_points(card: Card | str, contract: str | BridgeoteContract) -> int:
    """The points of ``card`` (e.g. "JH", "BH") in a contract (S, H, D, C, TA, SA).

    They come from the rule book's tables; ranks a table leaves out are worth 0.
    """
    played = parse_card(card)
    strain = strain_of(contract)
    if strain == ALL_TRUMPS:
        table = ALL_TRUMPS_POINTS
    elif strain == NO_TRUMPS:
        table = NO_TRUMPS_POINTS
    elif played.suit == trump_suit(strain):
        table = TRUMP_POINTS
    else:
        table = PLAIN_POINTS
    return table.get(played.rank, 0)


# ---------------------------------------------------------------- announcements


def announcements(
    hand: Iterable[Card | str], contract: str | BridgeoteContract
) -> dict[Suit, int]:
    """The Belote (K-Q, 20) or Bridgeote (K-Q-B, 30) a hand may announce, per suit.

    Only in the trump suit, or in every suit at TA; never at SA. The points go
    to the holder's side once announced at the table.
    """
    cards = read_hand(hand)
    strain = strain_of(contract)
    suits = list(Suit) if strain == ALL_TRUMPS else [trump_suit(strain)]
    found: dict[Suit, int] = {}
    for suit in suits:
        if suit is None or not {Card(suit, Rank.KING), Card(suit, Rank.QUEEN)} <= cards:
            continue
        found[suit] = BRIDGEOTE if Card(suit, Rank.KNIGHT) in cards else BELOTE
    return found


def announcement_totals(
    contract: str | BridgeoteContract, cards: int = 36
) -> tuple[int, ...]:
    """Every total one side may announce under ``contract``, from 0 up.

    A Belote (K-Q, 20) takes two of the side's cards and a Bridgeote (K-Q-B,
    30) three; each suit announces once, in the trump suit only, in all four
    at TA and never at SA (« Si un joueur possède R/D/B à l'atout ou TA »). So
    one side announces 0, 20 or 30 in a suit contract, nothing at SA, and at
    TA any sum of up to four: 0, 20, 30, 40 ... 70 (two Belotes and a
    Bridgeote) ... 120 (four Bridgeotes). ``cards`` is how many cards the side
    holds: 18 at four players leaves every total possible, but two attackers
    at seven players hold 10 cards, so 100 at most (two Bridgeotes, two
    Belotes).
    """
    suits = _ANNOUNCING_SUITS.get(strain_of(contract), 1)
    return tuple(
        sorted(
            {
                BELOTE * (count - bridgeotes) + BRIDGEOTE * bridgeotes
                for count in range(suits + 1)
                for bridgeotes in range(count + 1)
                if 2 * count + bridgeotes <= cards
            }
        )
    )


def check_side_announcements(
    contract: str | BridgeoteContract, points: object, cards: int = 36
) -> None:
    """Refuse a side's announcement total ``announcement_totals`` does not list."""
    totals = announcement_totals(contract, cards)
    if type(points) is not int or points not in totals:
        strain = strain_of(contract)
        raise GameError(
            f"Bridgeote announcements {points!r} at {strain}: one side announces "
            f"{', '.join(map(str, totals))}"
        )


def _announced_suits(points: int) -> int | None:
    """The fewest suits whose Belotes (20) and Bridgeotes (30) add up to ``points``."""
    for suits in range(5):
        for bridgeotes in range(suits + 1):
            if BELOTE * (suits - bridgeotes) + BRIDGEOTE * bridgeotes == points:
                return suits
    return None


def check_announcements(strain: str, taker: int, defence: int) -> None:
    """Refuse announcements the strain cannot produce: a total no suits give,
    or both sides together announcing in more suits than the strain has."""
    allowed = _ANNOUNCING_SUITS.get(strain, 1)
    counts = [
        _announced_suits(points) if type(points) is int else None
        for points in (taker, defence)
    ]
    if None in counts or sum(c or 0 for c in counts) > allowed:
        where = "TA" if strain == ALL_TRUMPS else strain
        rule = {
            ALL_TRUMPS: "a Belote (20) or Bridgeote (30) in up to four suits",
            NO_TRUMPS: "none: there is no Belote at SA",
        }.get(strain, "one Belote (20) or Bridgeote (30), in the trump suit only")
        raise GameError(
            f"Bridgeote announcements {taker!r} (takers) and {defence!r} (defence) "
            f"at {where}: expected {rule}"
        )


# ---------------------------------------------------------------- marks


def contract_made(
    contract: str | BridgeoteContract,
    taker_points: int,
    taker_announcements: int = 0,
    capot: bool = False,
) -> bool:
    """Whether the takers made it: points plus announcements reach the target.

    A capot bid is made only by winning every trick (``capot``).
    """
    played = parse_contract(contract)
    _check_points(played.strain, taker_points)
    check_announcements(played.strain, taker_announcements, 0)
    if played.is_capot:
        return bool(capot)
    return taker_points + taker_announcements >= played.target


def deal_score(
    contract: str | BridgeoteContract,
    taker_points: int,
    taker_announcements: int = 0,
    defence_announcements: int = 0,
    capot: bool = False,
) -> tuple[int, int]:
    """Mark one deal: (the taking side's points, the defending side's points).

    ``taker_points`` are the card points in the takers' tricks; the rest of the
    pack, écart included, is the defence's. Announcements are the Belote and
    Bridgeote points each side announced; ``capot`` says the takers won every
    trick. At 3, 5 and 7 players each attacker and each defender scores his
    side's figure (``player_scores``).
    """
    played = parse_contract(contract)
    _check_points(played.strain, taker_points)
    check_announcements(played.strain, taker_announcements, defence_announcements)
    made = contract_made(played, taker_points, taker_announcements, capot)
    if played.doubled:
        whole = played.total + taker_announcements + defence_announcements
        prize = whole * DOUBLING_FACTORS[played.doubled]
        return (prize, 0) if made else (0, prize)
    if made:
        defence = card_total(played.strain) - taker_points + defence_announcements
        return played.target, defence
    return 0, played.total + taker_announcements + defence_announcements


def _check_points(strain: str, points: object) -> None:
    """Card points must be a whole number from 0 to the deal's 160 or 260."""
    total = card_total(strain)
    if type(points) is not int or not 0 <= points <= total:
        raise GameError(
            f"Bridgeote card points {points!r}: expected a whole number 0 to {total}"
        )


def attacking_seats(
    players: int, taker: int, partner: int | None = None
) -> frozenset[int]:
    """The taker's side: his team at 4 and 6, him and his chosen partner otherwise."""
    variant = variant_of(players)
    seat = seat_number(taker, players, "taker")
    if variant.teams:
        if partner is not None and (partner - seat) % 2:
            raise GameError(
                f"Bridgeote partner {partner!r}: at {players} players the taker's "
                f"partners are the seats of his team, {seat % 2} + 2k"
            )
        return frozenset(range(seat % 2, players, 2))
    if partner is None:
        raise GameError(
            f"Bridgeote partner: at {players} players the taker names a partner; "
            f"expected a seat 0 to {players - 1} other than {seat}"
        )
    chosen = seat_number(partner, players, "partner")
    if chosen == seat:
        raise GameError(
            f"Bridgeote partner {partner!r}: the taker cannot partner himself; "
            f"expected a seat 0 to {players - 1} other than {seat}"
        )
    return frozenset({seat, chosen})


def player_scores(
    players: int, taker: int, score: tuple[int, int], partner: int | None = None
) -> list[int]:
    """Each seat's points on a deal from ``deal_score``'s (takers, defence).

    « chacun des attaquants marquera les points gagnés par l'équipe et les
    adversaires comptabiliseront chacun le nombre total de points réalisés ».
    """
    attackers = attacking_seats(players, taker, partner)
    return [score[0] if seat in attackers else score[1] for seat in range(players)]


def game_winner(totals: Sequence[int], goal: int = GAME_POINTS) -> int | None:
    """The index of the winner once a total reaches ``goal`` (1,500), else None.

    The highest total wins; a tie at the top means another deal.
    """
    if not totals:
        raise GameError("Bridgeote totals: expected one total per team or player")
    best = max(totals)
    if best < goal or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)
