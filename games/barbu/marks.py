"""Barbu marks of one deal: the points from the table's record, then the doubles.

``deal_score`` turns what the scorer notes (``RECORD_KEYS``) into each
player's points; ``settle_doubles`` settles the doubles pair by pair, as in the
rule book's worked example (shared/seeds/004, « La marque »), which keeps the
deal's total equal to the contract's (``check_deal_total``). This is what the
tournament's write path (``tournaments.barbu.services``) uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from games.barbu.contracts import (
    BARBU_POINTS,
    CONTRACT_TOTALS,
    HEART_ACE_POINTS,
    HEART_POINTS,
    LAST_POINTS,
    PENULTIMATE_POINTS,
    PLAYERS,
    QUEEN_POINTS,
    RECORD_KEYS,
    REUSSITE_POINTS,
    TRICK_POINTS,
    TRICKS_PER_DEAL,
    TRUMP_TRICK_POINTS,
    Contract,
    Double,
    check_players,
)
from games.errors import GameError
from games.players import pick_player

# ---------------------------------------------------------------- deal score


def deal_score(
    contract: str | Contract,
    record: Mapping[str, object],
    players: Sequence[str] = PLAYERS,
) -> dict[str, int]:
    """Each player's points on one deal, before doubles, from the scorer's record.

    ``record`` holds the keys of ``RECORD_KEYS[contract]``, e.g.
    ``{"hearts": {"A": 3, "B": 10}, "ace": "B"}``. The counts must add up (13
    hearts, 4 queens, 13 tricks), so that the points total ``CONTRACT_TOTALS``.
    """
    played = Contract.parse(contract)
    names = check_players(players)
    if not isinstance(record, Mapping):
        raise GameError(
            f"{played.label} record {record!r}: expected a mapping with the keys "
            f"{', '.join(RECORD_KEYS[played])}"
        )
    missing = [key for key in RECORD_KEYS[played] if key not in record]
    unknown = [str(key) for key in record if key not in RECORD_KEYS[played]]
    if missing or unknown:
        raise GameError(
            f"{played.label} record with keys {', '.join(map(str, record)) or 'none'}: "
            f"expected exactly {', '.join(RECORD_KEYS[played])}"
        )
    return _SCORERS[played](played, record, names)


# Contracts marked per card or trick counted: (record key, how many in all,
# points each).
_PER_COUNT: dict[Contract, tuple[str, int, int]] = {
    Contract.QUEENS: ("queens", 4, QUEEN_POINTS),  # -6 a queen
    Contract.TRICKS: ("tricks", TRICKS_PER_DEAL, TRICK_POINTS),  # -2 a trick
    Contract.TRUMP: ("tricks", TRICKS_PER_DEAL, TRUMP_TRICK_POINTS),  # +5 a trick
}
# Contracts marked per card or trick one player takes: record key -> points
# (one player may take both of the last two tricks).
_PER_TAKER: dict[Contract, dict[str, int]] = {
    Contract.BARBU: {"king": BARBU_POINTS},
    Contract.LAST_TWO: {"penultimate": PENULTIMATE_POINTS, "last": LAST_POINTS},
}


def _score_counted(
    contract: Contract, record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """So many points a queen or a trick, by the counts per player."""
    key, total, each = _PER_COUNT[contract]
    counts = _counts(record[key], names, contract, key, total)
    return {name: each * count for name, count in counts.items()}


def _score_taken(
    contract: Contract, record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """The points of each card or trick to the player who took it."""
    points = dict.fromkeys(names, 0)
    for key, value in _PER_TAKER[contract].items():
        points[_taker(record[key], names, contract, key)] += value
    return points


def _score_hearts(
    contract: Contract, record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-2 a heart, the ace of hearts -6 in all."""
    hearts = _counts(record["hearts"], names, contract, "hearts", 13)
    ace = _taker(record["ace"], names, contract, "ace")
    if hearts[ace] == 0:
        raise GameError(
            f"Hearts record: {ace} took the ace of hearts but is recorded with "
            "0 hearts; the ace counts among the player's hearts"
        )
    points = {name: HEART_POINTS * count for name, count in hearts.items()}
    points[ace] += HEART_ACE_POINTS - HEART_POINTS
    return points


def _score_reussite(
    contract: Contract, record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """45, 20, 10 and -10 by the finishing order."""
    order = record["order"]
    listed = (
        list(order)
        if isinstance(order, Sequence) and not isinstance(order, str)
        else [order]
    )
    if sorted(map(str, listed)) != sorted(names) or not all(
        isinstance(name, str) for name in listed
    ):
        raise GameError(
            f"Réussite finishing order {order!r}: expected the four players "
            f"{', '.join(names)} once each, first out first"
        )
    return {name: REUSSITE_POINTS[listed.index(name)] for name in names}


_Scorer = Callable[[Contract, Mapping[str, object], tuple[str, ...]], dict[str, int]]
_SCORERS: dict[Contract, _Scorer] = {
    **dict.fromkeys(_PER_COUNT, _score_counted),
    **dict.fromkeys(_PER_TAKER, _score_taken),
    Contract.HEARTS: _score_hearts,
    Contract.REUSSITE: _score_reussite,
}


def _taker(value: object, names: tuple[str, ...], contract: Contract, key: str) -> str:
    """A player key from a record, or GameError naming the record's key."""
    if isinstance(value, str) and value in names:
        return value
    raise GameError(
        f'{contract.label} record "{key}": {value!r} is not one of the players '
        f"{', '.join(names)}"
    )


def _counts(
    value: object, names: tuple[str, ...], contract: Contract, what: str, total: int
) -> dict[str, int]:
    """Counts per player (a player left out took none) that must add up to total."""
    if not isinstance(value, Mapping):
        raise GameError(
            f'{contract.label} record "{what}": expected a mapping player -> '
            f"number of {what}, got {value!r}"
        )
    counts = dict.fromkeys(names, 0)
    for name, count in value.items():
        if name not in counts:
            raise GameError(
                f'{contract.label} record "{what}": {name!r} is not one of the '
                f"players {', '.join(names)}"
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise GameError(
                f'{contract.label} record "{what}": {name} took {count!r}; '
                "expected a whole number, 0 or more"
            )
        counts[name] = count
    found = sum(counts.values())
    if found != total:
        raise GameError(
            f"{contract.label} record counts {found} {what}; expected {total} "
            f"{what} in all between {', '.join(names)}"
        )
    return counts


# ---------------------------------------------------------------- doubles


def settle_doubles(
    base: Mapping[str, int], doubles: Iterable[tuple[str, str, int]]
) -> dict[str, int]:
    """Each player's final points on a deal: base points plus the doubles settled.

    Each double ``(doubler, doubled, times)``, times 1 for a double and 2 for a
    redouble, is settled between those two players only: each gains ``times``
    times the difference between his base points and the other's, the other
    losing as much, so the deal's total never changes. That is the rule book's
    example: « A perd ses 5 levées, plus 2 levées sur C (5-3) ... ».
    """
    points = {name: _base_points(name, value) for name, value in base.items()}
    for doubler, doubled, times in _doubles(doubles, tuple(points)):
        swing = times * (base[doubler] - base[doubled])
        points[doubler] += swing
        points[doubled] -= swing
    return points


def check_doubles(
    declarer: str,
    doubles: Iterable[tuple[str, str, int]],
    players: Sequence[str] = PLAYERS,
) -> tuple[Double, ...]:
    """The deal's doubles, checked: the declarer only redoubles, never doubles.

    Returns them as tuples, in the order given.
    """
    names = check_players(players)
    pick_player(names, declarer, "Barbu declarer")
    entries = _doubles(doubles, names)
    for entry in entries:
        if entry[0] == declarer:
            raise GameError(
                f"Barbu double {entry!r}: the declarer {declarer} may not double; "
                f"he may only redouble a player who doubled him, written "
                f"({entry[1]!r}, {declarer!r}, 2)"
            )
    return entries


def _base_points(name: object, value: object) -> int:
    """A player's points on a deal must be a whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"Barbu points of {name}: {value!r}, expected a whole number")
    return value


def _doubles(
    doubles: Iterable[tuple[str, str, int]], names: Sequence[str]
) -> tuple[Double, ...]:
    """Doubles as (doubler, doubled, 1 or 2), at most one per pair of players."""
    entries: list[Double] = []
    pairs: dict[frozenset[str], Double] = {}
    for double in doubles:
        if (
            isinstance(double, str)
            or not isinstance(double, Sequence)
            or len(double) != 3
        ):
            raise GameError(
                f"Barbu double {double!r}: expected (doubler, doubled, 1 or 2)"
            )
        doubler, doubled, times = double
        entry: Double = (doubler, doubled, times)
        for name in (doubler, doubled):
            if name not in names:
                raise GameError(
                    f"Barbu double {entry!r}: {name!r} is not one of the players "
                    f"{', '.join(names)}"
                )
        if doubler == doubled:
            raise GameError(f"Barbu double {entry!r}: a player cannot double himself")
        if isinstance(times, bool) or times not in (1, 2):
            raise GameError(
                f"Barbu double {entry!r}: expected 1 (double) or 2 (redouble), "
                f"got {times!r}"
            )
        pair = frozenset((doubler, doubled))
        if pair in pairs:
            raise GameError(
                f"Barbu doubles {pairs[pair]!r} and {entry!r} are between the same "
                "two players; write a redouble as one double (doubler, doubled, 2)"
            )
        pairs[pair] = entry
        entries.append(entry)
    return tuple(entries)


def check_deal_total(contract: str | Contract, points: Mapping[str, int]) -> None:
    """Refuse a deal whose points do not add up to the contract's theoretical total.

    The book's check against scoring mistakes; doubles do not change the total.
    """
    played = Contract.parse(contract)
    found = sum(_base_points(name, value) for name, value in points.items())
    expected = CONTRACT_TOTALS[played]
    if found != expected:
        raise GameError(
            f"a {played.label} deal totals {expected:+d}; this sheet totals {found:+d}"
        )
