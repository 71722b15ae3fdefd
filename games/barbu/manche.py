"""Barbu rules across the deals of one manche: the compulsory doubles, the
order of the seven choices, the trump suit and the réussite's height.

The tournament stores a manche deal by deal (a tablet or the API may enter
them one at a time, in any order), so these checks take what is already
stored plus the deal being entered and say what is wrong; the write path
(``tournaments.barbu.services``) turns the answer into a refusal naming the
field and the player.

Rule book (shared/seeds/004):

- « La hauteur de la réussite ... est fixée par le Déclarant », « une couleur
  choisie comme Atout par le Déclarant »: the Trump deal has a trump suit and
  the Réussite deal a starting rank (2 to ace), no other deal has either.
- « L'ordre dans lequel ces coups ... se jouent dépend de la volonté du
  donneur »: each of the seven contracts is one deal of the manche, numbered
  1 to 7 in the order played, one contract per number.
- « s'ils ont bien effectué leurs contres obligatoires »: the book names
  compulsory doubles but no number. Donne follows French club practice:
  each other player must double the declarer at least twice in the manche
  (``COMPULSORY_DOUBLES``); a redouble of his double counts as his double.
  A deal is refused as soon as a player can no longer reach that number in
  the deals left, so a manche can never be completed short of doubles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.barbu.contracts import COMPULSORY_DOUBLES, Contract
from games.cards import BRIDGE_RANKS, Rank, Suit
from games.errors import GameError

DEALS_PER_MANCHE = len(Contract)


def doubles_owed(
    declarer: str,
    players: Sequence[str],
    manche_doubles: Iterable[Iterable[Sequence[object]]],
    required: int = COMPULSORY_DOUBLES,
) -> dict[str, tuple[int, int]]:
    """The players who can no longer make their compulsory doubles, if any.

    ``manche_doubles`` holds, for each deal of the manche entered so far
    (the new one included), its doubles as ``(doubler, doubled, times)``.
    Returns ``{player: (doubles of the declarer so far, deals left)}`` for
    every other player whose doubles plus the deals left fall short of
    ``required``; empty when the manche can still be completed lawfully.
    """
    deals = [list(doubles) for doubles in manche_doubles]
    if len(deals) > DEALS_PER_MANCHE:
        raise GameError(
            f"a manche has {DEALS_PER_MANCHE} deals; {len(deals)} were given"
        )
    left = DEALS_PER_MANCHE - len(deals)
    counts = {name: 0 for name in players if name != declarer}
    for doubles in deals:
        for double in doubles:
            doubler, doubled = double[0], double[1]
            if doubled == declarer and doubler in counts:
                counts[doubler] += 1
    return {
        name: (count, left) for name, count in counts.items() if count + left < required
    }


def _deal_setting(
    contract: str | Contract,
    value: str | None,
    deal: Contract,
    has: str,
    needs: str,
) -> str:
    """The stripped ``value`` of a setting only ``deal`` has (the Trump deal's
    suit, the Réussite's height); "" for any other deal.

    GameError when another deal is given one, or ``deal`` none: ``has`` and
    ``needs`` name the setting in those two messages.
    """
    played = Contract.parse(contract)
    text = (value or "").strip()
    if played is not deal:
        if text:
            raise GameError(f"only the {deal.label} deal has {has}, not {played.label}")
        return ""
    if not text:
        raise GameError(f"the {deal.label} deal needs {needs}")
    return text


def check_trump(contract: str | Contract, trump: str | None) -> str:
    """The Trump deal's suit as its letter (S, H, D, C); "" for any other deal.

    Read from a letter, a symbol or the English name; GameError when the
    Trump deal has none or another deal has one.
    """
    text = _deal_setting(
        contract, trump, Contract.TRUMP, "a trump suit", "its trump suit: S, H, D or C"
    )
    return Suit.parse(text).letter if text else ""


def check_height(contract: str | Contract, height: str | None) -> str:
    """The Réussite deal's height, its starting rank (2 to A); "" for any other deal.

    GameError when the Réussite deal has none, another deal has one, or the
    rank is not one of a 52-card deck's.
    """
    text = _deal_setting(
        contract,
        height,
        Contract.REUSSITE,
        "a height",
        "its height: a rank from 2 to A",
    )
    if not text:
        return ""
    rank = Rank.parse(text)
    if rank not in BRIDGE_RANKS:
        raise GameError(f"Réussite height {text!r}: expected a rank from 2 to A")
    return rank.letter


def check_order(
    contract: str | Contract, order: int, taken: dict[int, str | Contract]
) -> int:
    """The deal's number in the manche (1 to 7), free for this contract.

    ``taken`` maps the numbers already given to the manche's other deals to
    their contracts. Raises GameError naming the contract already there.
    """
    played = Contract.parse(contract)
    whole = isinstance(order, int) and not isinstance(order, bool)
    if not whole or not 1 <= order <= DEALS_PER_MANCHE:
        raise GameError(
            f"order {order!r}: a deal of the manche is numbered 1 to "
            f"{DEALS_PER_MANCHE}, in the order the declarer chose the contracts"
        )
    other = taken.get(order)
    if other is not None and Contract.parse(other) is not played:
        raise GameError(
            f"order {order}: deal {order} of this manche is already "
            f"{Contract.parse(other).label}; each deal plays one contract"
        )
    return order


def next_order(taken: Iterable[int]) -> int:
    """The first number of the manche not given yet (deals entered as played)."""
    used = set(taken)
    for number in range(1, DEALS_PER_MANCHE + 1):
        if number not in used:
            return number
    raise GameError(f"the manche's {DEALS_PER_MANCHE} deals are all numbered")
