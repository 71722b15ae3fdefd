"""Bridgeote: the 36-card bridge-belote; card points, auctions, play, marks.

The pack is the 32-card belote pack plus one "bridgeote" per suit (the tarot
cavalier, ``Rank.KNIGHT`` in ``games.cards``). A deal is bid like bridge (80 to
160 in a suit, TA for all trumps, SA for no trumps), played like belote and
marked in contract points; the game is played to 1,500. Figures follow the
French rule book (shared/seeds/003).

Cards may be written rank first as the rule book and players do ("JH", "9S",
"10H", "BH" for the bridgeote of hearts) or suit first as everywhere else in
Donne ("HJ", "HT", "HC": C is the knight letter of ``games.cards``; "HB" works
too). The two forms never clash: a suit letter never starts the rank-first
form. Seats are numbered 0 to players - 1 clockwise, so ``Seat`` N, E, S, W
serve as 0 to 3 at four players.

Where the rule book is silent or ambiguous, Donne follows belote and coinche as
French clubs play them:

- Card order: the book lists each table from the strongest card down, so
  trumps (every suit at TA) run J 9 A 10 K Q B 8 7 and plain suits (every suit
  at SA) A 10 K Q B J 9 8 7: the bridgeote, like the tarot cavalier, beats the
  jack outside trumps. The 8 and 7 (and the plain 9) are worth nothing.
- Bids: 80 to 160 by tens (the book's "+1" is one step of ten, jumps of two or
  three steps allowed), then capot above 160. At one level the strains rank
  ♣ ♦ ♥ ♠ TA SA as in the book, capot bids included. The taker must make the
  bid, plus 50 at TA or SA ("80 TA" is 130 to make); a capot bid must take
  every trick and is worth 250 in a suit, 350 at TA or SA.
- Contre and surcontre: a contre doubles the last bid of an opponent; the
  contracting side may then surcontre. Bidding may go on after either, as the
  book allows, and a new bid cancels them. The auction ends when every other
  player has passed after the last call; if everybody passes there is no
  contract (redeal, or the book's goulash). At 3, 5 and 7 players the partner
  is chosen after the auction, so any other player may contre and only the
  bidder may surcontre.
- Announcements: the Belote (K-Q, 20) or, holding the bridgeote too, the
  Bridgeote (K-Q-B, 30, which replaces the Belote) in the trump suit, and in
  each suit at TA; none at SA. They go to the holder's side, and the taker's
  count towards making the contract ("Les Bridg/Bel/Re permettent de réaliser
  le contrat").
- Marks: "Seuls les points annoncés sont comptabilisés pour l'équipe qui joue
  le coup": a made contract gives the taking side its contract value (bid,
  +50 at TA/SA, or the capot's 250/350) and nothing more, and the defence its
  card points plus its announcements. A failed one gives the defence the whole
  deal (160 or 260, 250 or 350 for a capot bid) plus every announcement made,
  and the takers nothing. Doubled or redoubled, the winner of the contract
  takes that whole (announcements included) times 2 or 4 and the loser
  nothing; the book's "(160, 260, 360)" is read as 160/260, and 250/350 for a
  capot bid (360 taken for a misprint of 350). A capot that was not bid earns
  nothing more, and there is no "dix de der" (the book drops it).
- Play: at trumps and at TA a player must go over the best card of the suit
  led when he can, even over his partner; a player void in the suit led whose
  partner is winning may play anything; otherwise he must ruff, over-ruff the
  best trump played when he can, and under-ruff ("pisser") when he cannot. At
  TA and SA a void player discards freely.
- Deal: the player on the dealer's right cuts, leaving at least three cards in
  each part. The écart (kitty) of the 3, 5 and 7 player games is laid one card
  at a time between two packets, never as the first or last card, and its
  points count with the defence's when the deal is marked.
- 3, 5 and 7 players: the last bidder picks a partner; each of the two
  attackers scores the attacking side's mark and each defender the defence's.
  6 players: two teams of three, seated alternately, marked as at four.
- Game: it ends when someone reaches 1,500 at the end of a deal; the highest
  total wins, and a tie at the top plays another deal.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import NamedTuple

from games.cards import Card, Rank, Suit, deck_36
from games.errors import GameError

__all__ = [
    "ALL_TRUMPS",
    "BELOTE",
    "BIDS",
    "BRIDGEOTE",
    "CAPOT",
    "DOUBLING_FACTORS",
    "GAME_POINTS",
    "GOULASH_PACKETS",
    "NO_TRUMPS",
    "PLAIN_ORDER",
    "STRAINS",
    "TRUMP_ORDER",
    "VARIANTS",
    "BridgeoteContract",
    "Hands",
    "Variant",
    "announcements",
    "attacking_seats",
    "card_points",
    "check_play",
    "contract_made",
    "deal",
    "deal_pack",
    "deal_score",
    "final_contract",
    "game_winner",
    "has_four_sevens",
    "is_trump",
    "legal_cards",
    "parse_card",
    "parse_contract",
    "player_scores",
    "rank_order",
    "team_positions",
    "trick_winner",
]

ALL_TRUMPS, NO_TRUMPS = "TA", "SA"
STRAINS: tuple[str, ...] = ("C", "D", "H", "S", ALL_TRUMPS, NO_TRUMPS)  # bid order

# Strongest first, as the rule book lists each table.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.KNIGHT,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.KNIGHT,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)

# « Couleur d'atout : V(20), 9(14), As(11), 10(10), R(4), D(3), B(2) soit 64 pts »
TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.KNIGHT: 2,
}
# « Autres couleurs : As(11), 10(10), R(4), D(3), B(2) V(2) soit 32 pts »
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.KNIGHT: 2,
    Rank.JACK: 2,
}
# « Tout Atout (TA) ... V(20), 9(14), As(11), 10(10), R(4), D(3), B(3) = 65 »
ALL_TRUMPS_POINTS: dict[Rank, int] = {**TRUMP_POINTS, Rank.KNIGHT: 3}
# « Sans Atout (SA) ... As(22), 10(20), R(8), D(6), B(5), V(4) = 65 »
NO_TRUMPS_POINTS: dict[Rank, int] = {
    Rank.ACE: 22,
    Rank.TEN: 20,
    Rank.KING: 8,
    Rank.QUEEN: 6,
    Rank.KNIGHT: 5,
    Rank.JACK: 4,
}

SUIT_TOTAL, ALL_TOTAL = 160, 260  # the card points of a whole deal
CAPOT_TOTALS: dict[bool, int] = {False: 250, True: 350}  # by "TA or SA?"
MIN_BID, MAX_BID, BID_STEP = 80, 160, 10
CAPOT = 250  # the ``bid`` of a capot contract, whatever its strain
BIDS: tuple[int, ...] = (*range(MIN_BID, MAX_BID + 1, BID_STEP), CAPOT)
ALL_TRUMPS_EXTRA = 50  # « les annonces à TA et SA seront additionnées ... de 50 »
BELOTE, BRIDGEOTE = 20, 30
DOUBLING_FACTORS: tuple[int, ...] = (1, 2, 4)  # undoubled, contre, surcontre
GAME_POINTS = 1500
MIN_CUT = 3
GOULASH_PACKETS: tuple[int, ...] = (5, 4)  # « sans les battre par 5 - 4 »

PASS_CALLS = frozenset({"P", "PASS", "PASSE", "-"})
DOUBLE_CALLS = frozenset({"X", "CONTRE"})
REDOUBLE_CALLS = frozenset({"XX", "SURCONTRE"})
_CONTRACT = re.compile(r"^(\d+|CAPOT)(TA|SA|[CDHS♣♦♥♠])(X{0,2})$")
_SUIT_FIRST = frozenset("CDHS♣♦♥♠")
_DECK = frozenset(deck_36())
_ANNOUNCING_SUITS: dict[str, int] = {ALL_TRUMPS: 4, NO_TRUMPS: 0}  # else 1


@dataclass(frozen=True)
class Variant:
    """A table size: how the cards are dealt and who plays with whom.

    ``packets`` are the packet sizes of one round of the deal; ``kitty`` the
    cards set aside (l'écart). With ``teams`` the seats alternate in two fixed
    teams; without, the taker picks one partner against all the others.
    """

    players: int
    packets: tuple[int, ...]
    kitty: int
    teams: bool

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return sum(self.packets)


VARIANTS: dict[int, Variant] = {
    3: Variant(3, (3, 2, 2, 3), 6, teams=False),  # « 10 cartes ... 6 cartes »
    4: Variant(4, (3, 3, 3), 0, teams=True),  # « 3 – 3 – 3 »
    5: Variant(5, (3, 2, 2), 1, teams=False),  # « 7 cartes ... 1 carte »
    6: Variant(6, (3, 3), 0, teams=True),  # « 6 cartes ... (3 - 3) »
    7: Variant(7, (3, 2), 1, teams=False),  # « 5 cartes ... 1 carte »
}


class Hands(NamedTuple):
    """A dealt pack: each seat's hand (seat 0 first) and the écart."""

    hands: tuple[frozenset[Card], ...]
    kitty: frozenset[Card]


# ---------------------------------------------------------------- cards


def parse_card(card: Card | str) -> Card:
    """Read a card of the 36-card pack: "JH", "10H", "BH" or "HJ", "HT", "HC"."""
    if isinstance(card, Card):
        parsed = card
    else:
        raw = "".join(str(card).split()).upper()
        if raw[:1] in _SUIT_FIRST:
            suit, rank = raw[:1], raw[1:]
        else:
            rank, suit = raw[:-1], raw[-1:]
        rank = "C" if rank == "B" else rank
        try:
            parsed = Card.parse(suit + rank)
        except GameError:
            raise GameError(
                f'Bridgeote card "{card}": expected a rank 7, 8, 9, 10 (or T), J, '
                'B (the bridgeote), Q, K or A and a suit C, D, H or S, e.g. "JH", '
                '"BH" or "HJ"'
            ) from None
    if parsed not in _DECK:
        raise GameError(
            f'Bridgeote card "{card}": not in the 36-card pack, whose ranks are '
            "7, 8, 9, 10, J, B (bridgeote), Q, K and A"
        )
    return parsed


def _strain(contract: object) -> str:
    """The strain (C, D, H, S, TA or SA) of a strain or of a whole contract."""
    if isinstance(contract, BridgeoteContract):
        return contract.strain
    text = "".join(str(contract).split()).upper()
    if text in STRAINS:
        return text
    if len(text) == 1 and text in _SUIT_FIRST:
        return Suit.parse(text).letter
    try:
        return parse_contract(text).strain
    except GameError:
        raise GameError(
            f'Bridgeote contract "{contract}": expected a strain S, H, D, C, TA (all '
            'trumps) or SA (no trumps), or a contract such as "80H"'
        ) from None


def _trumps(strain: str) -> Suit | None:
    """The trump suit of a suit contract; None at TA and SA."""
    return None if strain in (ALL_TRUMPS, NO_TRUMPS) else Suit.parse(strain)


def is_trump(card: Card | str, contract: str | BridgeoteContract) -> bool:
    """Whether ``card`` is a trump: only in a suit contract, as nothing ruffs at TA."""
    return parse_card(card).suit == _trumps(_strain(contract))


def rank_order(suit: Suit | str, contract: str | BridgeoteContract) -> tuple[Rank, ...]:
    """The ranks of ``suit`` from strongest to weakest under ``contract``.

    Trumps and every suit at TA use the trump order; the other suits, and every
    suit at SA, the plain order.
    """
    strain = _strain(contract)
    if strain == ALL_TRUMPS or Suit.parse(suit) == _trumps(strain):
        return TRUMP_ORDER
    return PLAIN_ORDER


def card_points(card: Card | str, contract: str | BridgeoteContract) -> int:
    """The points of ``card`` (e.g. "JH", "BH") in a contract (S, H, D, C, TA, SA).

    They come from the rule book's tables; ranks a table leaves out are worth 0.
    """
    played = parse_card(card)
    strain = _strain(contract)
    if strain == ALL_TRUMPS:
        table = ALL_TRUMPS_POINTS
    elif strain == NO_TRUMPS:
        table = NO_TRUMPS_POINTS
    elif played.suit == _trumps(strain):
        table = TRUMP_POINTS
    else:
        table = PLAIN_POINTS
    return table.get(played.rank, 0)


def _card_total(strain: str) -> int:
    """The card points of the whole pack: 160 in a suit, 260 at TA and SA."""
    return SUIT_TOTAL if _trumps(strain) is not None else ALL_TOTAL


# ---------------------------------------------------------------- contracts


@dataclass(frozen=True)
class BridgeoteContract:
    """A contract: ``bid`` 80 to 160 by tens or ``CAPOT``, a strain, doubling 0-2.

    ``strain`` is C, D, H, S, TA or SA; ``doubled`` 0, 1 (contre, X) or 2
    (surcontre, XX). ``str()`` gives "80H", "100TAX", "CAPOTSXX".
    """

    bid: int
    strain: str
    doubled: int = 0

    def __post_init__(self) -> None:
        if type(self.bid) is not int or self.bid not in BIDS:
            raise GameError(
                f"Bridgeote bid {self.bid!r}: expected 80 to 160 by tens, or capot"
            )
        if self.strain not in STRAINS:
            raise GameError(
                f"Bridgeote strain {self.strain!r}: expected C, D, H, S, TA or SA"
            )
        if type(self.doubled) is not int or self.doubled not in (0, 1, 2):
            raise GameError(
                f"Bridgeote doubling {self.doubled!r}: expected 0, 1 (contre) or "
                "2 (surcontre)"
            )

    @property
    def is_capot(self) -> bool:
        """A capot bid: the takers must win every trick."""
        return self.bid == CAPOT

    @property
    def trumps(self) -> Suit | None:
        """The trump suit; None at TA and SA."""
        return _trumps(self.strain)

    @property
    def total(self) -> int:
        """What the whole deal is worth: 160 or 260, 250 or 350 for a capot bid."""
        if self.is_capot:
            return CAPOT_TOTALS[self.trumps is None]
        return _card_total(self.strain)

    @property
    def target(self) -> int:
        """The points to make, announcements included: the bid, +50 at TA or SA.

        A capot bid is made by winning every trick; its target is its value.
        """
        if self.is_capot:
            return self.total
        return self.bid + (ALL_TRUMPS_EXTRA if self.trumps is None else 0)

    @property
    def rank(self) -> int:
        """Position in the bidding order (80C = 0 ... capot SA = 59): higher outbids."""
        return BIDS.index(self.bid) * len(STRAINS) + STRAINS.index(self.strain)

    def __str__(self) -> str:
        level = "CAPOT" if self.is_capot else str(self.bid)
        return f"{level}{self.strain}{'X' * self.doubled}"


def parse_contract(text: str | BridgeoteContract) -> BridgeoteContract:
    """Read a contract such as "80H", "90 TA", "100SAX", "capot S" or "CAPOT♠XX"."""
    if isinstance(text, BridgeoteContract):
        return text
    match = _CONTRACT.match("".join(str(text).split()).upper())
    if match is None:
        raise GameError(
            f'Bridgeote contract "{text}": expected a bid 80 to 160 or CAPOT, then '
            'C, D, H, S, TA or SA, then optionally X or XX, e.g. "80H", "90TAX"'
        )
    level, strain, doubling = match.groups()
    bid = CAPOT if level == "CAPOT" else int(level)
    if bid not in BIDS:
        raise GameError(
            f'Bridgeote contract "{text}": bid {level}, expected 80 to 160 by tens, '
            "or CAPOT"
        )
    if strain not in STRAINS:
        strain = Suit.parse(strain).letter
    return BridgeoteContract(bid, strain, len(doubling))


def final_contract(
    calls: Sequence[str], dealer: int, players: int = 4
) -> tuple[BridgeoteContract, int] | None:
    """Check an auction and return (final contract, taker's seat), or None.

    Calls go clockwise from the dealer's left: "P" (or "PASSE", "-"), a bid
    such as "80H" or "CAPOTTA", "X" (contre) or "XX" (surcontre). A bid must
    outbid the last one; the auction ends when all the other players pass
    after the last call, and None means everybody passed.
    """
    variant = _variant(players)
    first = (_seat(dealer, players, "dealer") + 1) % players
    last: BridgeoteContract | None = None
    bidder = -1
    passes = 0
    for number, call in enumerate(calls):
        player = (first + number) % players
        where = f"call {number + 1} (seat {player}) {call!r}"
        if passes == (players if last is None else players - 1):
            raise GameError(f"Bridgeote auction: {where} comes after the auction ended")
        text = "".join(str(call).split()).upper()
        if text in PASS_CALLS:
            passes += 1
            continue
        if text in DOUBLE_CALLS or text in REDOUBLE_CALLS:
            times = 1 if text in DOUBLE_CALLS else 2
            last = _doubling(last, bidder, player, times, variant, where)
        else:
            try:
                bid = parse_contract(text)
            except GameError as error:
                raise GameError(f"Bridgeote auction: {where}: {error}") from error
            if bid.doubled:
                raise GameError(
                    f'Bridgeote auction: {where}: expected a bid, "X" or "XX"'
                )
            if last is not None and bid.rank <= last.rank:
                raise GameError(
                    f"Bridgeote auction: {where} is insufficient, expected a bid "
                    f"higher than {BridgeoteContract(last.bid, last.strain)}"
                )
            last, bidder = bid, player
        passes = 0
    if last is None and passes == players:
        return None
    if last is None or passes < players - 1:
        raise GameError(
            f"Bridgeote auction {list(calls)!r}: unfinished, expected {players - 1} "
            f"passes after the last call (or {players} for a passed-out deal)"
        )
    return last, bidder


def _doubling(
    last: BridgeoteContract | None,
    bidder: int,
    player: int,
    times: int,
    variant: Variant,
    where: str,
) -> BridgeoteContract:
    """The last bid contré (times 1) or surcontré (2), if ``player`` may say so."""
    same_side = (player - bidder) % 2 == 0 if variant.teams else player == bidder
    if last is None:
        problem = "there is no bid to contre"
    elif times == 1 and same_side:
        problem = "only an opponent of the bidder may contre"
    elif times == 2 and not same_side:
        problem = "only the contracting side may surcontre"
    elif last.doubled >= times:
        problem = f"{last} is already {'sur' * (last.doubled - 1)}contré"
    elif last.doubled < times - 1:
        problem = f"{last} is not contré"
    else:
        return BridgeoteContract(last.bid, last.strain, times)
    raise GameError(
        f"Bridgeote auction: {where}: {problem}; expected X against an opponent's "
        "bid, or XX by the contracting side after an X"
    )


# ---------------------------------------------------------------- announcements


def announcements(
    hand: Iterable[Card | str], contract: str | BridgeoteContract
) -> dict[Suit, int]:
    """The Belote (K-Q, 20) or Bridgeote (K-Q-B, 30) a hand may announce, per suit.

    Only in the trump suit, or in every suit at TA; never at SA. The points go
    to the holder's side once announced at the table.
    """
    cards = _hand(hand)
    strain = _strain(contract)
    suits = list(Suit) if strain == ALL_TRUMPS else [_trumps(strain)]
    found: dict[Suit, int] = {}
    for suit in suits:
        if suit is None or not {Card(suit, Rank.KING), Card(suit, Rank.QUEEN)} <= cards:
            continue
        found[suit] = BRIDGEOTE if Card(suit, Rank.KNIGHT) in cards else BELOTE
    return found


def _announced_suits(points: int) -> int | None:
    """The fewest suits whose Belotes (20) and Bridgeotes (30) add up to ``points``."""
    for suits in range(5):
        for bridgeotes in range(suits + 1):
            if BELOTE * (suits - bridgeotes) + BRIDGEOTE * bridgeotes == points:
                return suits
    return None


def _check_announcements(strain: str, taker: int, defence: int) -> None:
    """Refuse announcement totals the strain cannot produce."""
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
    _check_announcements(played.strain, taker_announcements, 0)
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
    _check_announcements(played.strain, taker_announcements, defence_announcements)
    made = contract_made(played, taker_points, taker_announcements, capot)
    if played.doubled:
        whole = played.total + taker_announcements + defence_announcements
        prize = whole * DOUBLING_FACTORS[played.doubled]
        return (prize, 0) if made else (0, prize)
    if made:
        defence = _card_total(played.strain) - taker_points + defence_announcements
        return played.target, defence
    return 0, played.total + taker_announcements + defence_announcements


def _check_points(strain: str, points: object) -> None:
    """Card points must be a whole number from 0 to the deal's 160 or 260."""
    total = _card_total(strain)
    if type(points) is not int or not 0 <= points <= total:
        raise GameError(
            f"Bridgeote card points {points!r}: expected a whole number 0 to {total}"
        )


def attacking_seats(
    players: int, taker: int, partner: int | None = None
) -> frozenset[int]:
    """The taker's side: his team at 4 and 6, him and his chosen partner otherwise."""
    variant = _variant(players)
    seat = _seat(taker, players, "taker")
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
    chosen = _seat(partner, players, "partner")
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


# ---------------------------------------------------------------- play


def trick_winner(trick: Sequence[Card | str], contract: str | BridgeoteContract) -> int:
    """The position in ``trick`` (0 = the lead) of the card that wins it.

    The best trump wins in a suit contract; otherwise the best card of the suit
    led, in the trump order at TA and the plain order at SA.
    """
    cards = _trick(trick, frozenset(), complete=True)
    strain = _strain(contract)
    return max(range(len(cards)), key=lambda i: _power(cards[i], cards[0], strain))


def _power(card: Card, lead: Card, strain: str) -> tuple[int, int]:
    """A sort key for winning a trick: trumps, then the suit led, then the rest."""
    trumps = _trumps(strain)
    if card.suit != trumps and card.suit != lead.suit:
        return (0, 0)
    order = rank_order(card.suit, strain)
    return (2 if card.suit == trumps else 1, len(order) - order.index(card.rank))


def team_positions(team: Iterable[int], leader: int, players: int) -> frozenset[int]:
    """The positions in a trick led by seat ``leader`` of the cards ``team`` plays."""
    start = _seat(leader, players, "leader")
    return frozenset((_seat(seat, players, "seat") - start) % players for seat in team)


def legal_cards(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None = None,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far).

    ``partners`` are the positions in ``trick`` (0 = the lead) of the cards
    played by the player's partners (see ``team_positions``); by default the
    seats alternate (4 and 6 players), so partners played 2, 4 ... cards before.
    """
    return _allowed(hand, trick, contract, partners)[0]


def check_play(
    card: Card | str,
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None = None,
) -> None:
    """Refuse a card that is not in the hand or breaks a play rule, saying which."""
    played = parse_card(card)
    allowed, rule = _allowed(hand, trick, contract, partners)
    if played not in _hand(hand):
        raise GameError(f"Bridgeote card {played}: not in the hand")
    if played not in allowed:
        raise GameError(f"Bridgeote card {played} cannot be played: {rule}")


def _allowed(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None,
) -> tuple[frozenset[Card], str]:
    """The playable cards and, when not the whole hand, the rule that limits them."""
    cards = _hand(hand)
    laid = _trick(trick, cards)
    strain = _strain(contract)
    if not laid:
        return cards, ""
    lead = laid[0].suit
    trumps = _trumps(strain)
    following = frozenset(card for card in cards if card.suit == lead)
    if following:
        if strain != ALL_TRUMPS and lead != trumps:
            return following, f"follow suit ({lead.letter})"
        higher = _higher(following, laid, lead, strain)
        return higher or following, f"follow suit ({lead.letter}) and go over"
    if partners is None:
        partners = {p for p in range(len(laid)) if (len(laid) - p) % 2 == 0}
    own_trumps = frozenset(card for card in cards if card.suit == trumps)
    if trumps is None or not own_trumps or trick_winner(laid, strain) in partners:
        return cards, ""
    if not any(card.suit == trumps for card in laid):
        return own_trumps, "ruff: an opponent is winning and the hand is void"
    over = _higher(own_trumps, laid, trumps, strain)
    if over:
        return over, "over-ruff: an opponent is winning and a higher trump is held"
    return own_trumps, "under-ruff (pisser): an opponent has ruffed, none is higher"


def _higher(
    cards: frozenset[Card], laid: Sequence[Card], suit: Suit, strain: str
) -> frozenset[Card]:
    """The ``cards`` stronger than every card of ``suit`` in the trick."""
    order = rank_order(suit, strain)
    played = [order.index(card.rank) for card in laid if card.suit == suit]
    if not played:
        return cards
    return frozenset(card for card in cards if order.index(card.rank) < min(played))


def _hand(hand: Iterable[Card | str]) -> frozenset[Card]:
    """A hand of 1 to 10 distinct cards of the 36-card pack."""
    if isinstance(hand, str):
        raise GameError(f"Bridgeote hand {hand!r}: expected a collection of cards")
    cards = [parse_card(card) for card in hand]
    largest = max(variant.hand_size for variant in VARIANTS.values())
    if not 1 <= len(cards) <= largest or len(set(cards)) != len(cards):
        raise GameError(
            f"Bridgeote hand {' '.join(map(str, cards)) or '(empty)'}: expected 1 "
            f"to {largest} distinct cards"
        )
    return frozenset(cards)


def _trick(
    trick: Sequence[Card | str], hand: frozenset[Card], complete: bool = False
) -> tuple[Card, ...]:
    """The cards of a trick: distinct, none from the hand, at most one per player."""
    if isinstance(trick, str):
        raise GameError(f"Bridgeote trick {trick!r}: expected a sequence of cards")
    cards = tuple(parse_card(card) for card in trick)
    most = max(VARIANTS)
    sizes = (1, most) if complete else (0, most - 1)
    if not sizes[0] <= len(cards) <= sizes[1] or len(set(cards)) != len(cards):
        raise GameError(
            f"Bridgeote trick {' '.join(map(str, cards)) or '(empty)'}: expected "
            f"{sizes[0]} to {sizes[1]} distinct cards"
        )
    shared = sorted(hand.intersection(cards))
    if shared:
        raise GameError(
            f"Bridgeote trick {' '.join(map(str, cards))}: {shared[0]} is both in "
            "the trick and in the hand"
        )
    return cards


# ---------------------------------------------------------------- deal


def has_four_sevens(hand: Iterable[Card | str]) -> bool:
    """A « carré de 7 »: its holder may cancel the deal until the first trick."""
    return sum(card.rank == Rank.SEVEN for card in _hand(hand)) == len(Suit)


def deal(players: int, rng: Random, dealer: int = 0) -> Hands:
    """Shuffle, cut and deal the 36 cards by the variant's packets, clockwise.

    The first packet goes to the dealer's left; the écart's cards are laid one
    at a time between packets chosen at random, never first nor last.
    """
    variant = _variant(players)
    pack = deck_36()
    rng.shuffle(pack)
    cut = rng.randint(MIN_CUT, len(pack) - MIN_CUT)
    pack = pack[cut:] + pack[:cut]
    packets = len(variant.packets) * players
    kitty_after = rng.sample(range(1, packets), variant.kitty)
    return deal_pack(pack, players, dealer, kitty_after=kitty_after)


def deal_pack(
    pack: Sequence[Card | str],
    players: int,
    dealer: int = 0,
    packets: Sequence[int] | None = None,
    kitty_after: Collection[int] = (),
) -> Hands:
    """Deal an ordered pack as it lies, packet by packet, from the dealer's left.

    ``packets`` default to the variant's (``GOULASH_PACKETS`` for a goulash at
    four); after the n-th packet for each n in ``kitty_after`` one card goes
    to the écart, which must get exactly the variant's number of cards.
    """
    variant = _variant(players)
    cards = [parse_card(card) for card in pack]
    if len(cards) != len(_DECK) or set(cards) != _DECK:
        raise GameError(
            f"Bridgeote pack of {len(cards)} cards: expected each of the 36 cards once"
        )
    sizes = tuple(variant.packets if packets is None else packets)
    if any(type(size) is not int or size < 1 for size in sizes) or (
        sum(sizes) != variant.hand_size
    ):
        raise GameError(
            f"Bridgeote packets {sizes!r}: expected packets adding up to "
            f"{variant.hand_size} cards per player at {players} players"
        )
    count = len(sizes) * players
    breaks = set(kitty_after)
    if len(breaks) != variant.kitty or not breaks <= set(range(1, count)):
        raise GameError(
            f"Bridgeote écart after packets {sorted(kitty_after)!r}: expected "
            f"{variant.kitty} distinct packet numbers from 1 to {count - 1} at "
            f"{players} players"
        )
    first = (_seat(dealer, players, "dealer") + 1) % players
    hands: list[list[Card]] = [[] for _ in range(players)]
    kitty: list[Card] = []
    position = 0
    for number in range(count):
        size = sizes[number // players]
        hands[(first + number) % players].extend(cards[position : position + size])
        position += size
        if number + 1 in breaks:
            kitty.append(cards[position])
            position += 1
    return Hands(tuple(frozenset(hand) for hand in hands), frozenset(kitty))


def _variant(players: object) -> Variant:
    """The table size's rules, or GameError for a size the book does not give."""
    if type(players) is not int or players not in VARIANTS:
        raise GameError(f"Bridgeote players {players!r}: expected 3, 4, 5, 6 or 7")
    return VARIANTS[players]


def _seat(seat: object, players: int, what: str) -> int:
    """A seat number 0 to players - 1 (a ``Seat`` counts as its number)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise GameError(
            f"Bridgeote {what} {seat!r}: expected a seat number 0 to {players - 1}"
        )
    return int(seat)
