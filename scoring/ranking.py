"""Rankings with ties: equal totals share a place ("3="), the next is skipped."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Protocol, TypeVar

# Totals are compared after rounding, so that float noise from Neuberg factors
# never splits a tie that the published (rounded) figures would show.
DEFAULT_NDIGITS = 6


def places(
    totals: Sequence[float],
    *,
    higher_is_better: bool = True,
    ndigits: int = DEFAULT_NDIGITS,
) -> list[int]:
    """Return each total's place, 1 for the best; ties share the better place.

    Standard competition ranking: totals 60, 55, 55, 50 take places 1, 2, 2, 4.
    O(n log n).
    """
    keys = [round(t, ndigits) for t in totals]
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=higher_is_better)
    result = [0] * len(keys)
    for position, index in enumerate(order):
        previous = order[position - 1] if position else None
        if previous is not None and keys[previous] == keys[index]:
            result[index] = result[previous]
        else:
            result[index] = position + 1
    return result


def rank(
    totals: Sequence[float],
    *,
    higher_is_better: bool = True,
    ndigits: int = DEFAULT_NDIGITS,
) -> list[str]:
    """Return printable places: "1", "2=", "2=", "4" (shared places carry "=")."""
    numbers = places(totals, higher_is_better=higher_is_better, ndigits=ndigits)
    shared: dict[int, int] = {}
    for place in numbers:
        shared[place] = shared.get(place, 0) + 1
    return [f"{p}=" if shared[p] > 1 else str(p) for p in numbers]


class Standing(Protocol):
    """A ranked entry that names its pair (a pairs or an IMP standing)."""

    @property
    def pair(self) -> Hashable: ...


Entry = TypeVar("Entry", bound=Standing)


def standing_of(
    rankings: Mapping[str | None, Sequence[Entry]], pair: Hashable
) -> Entry:
    """The standing of ``pair`` in any of the groups' rankings (a session
    scored by matchpoints or by IMPs ranks each group apart); ``KeyError``
    when it is not ranked."""
    for entries in rankings.values():
        for entry in entries:
            if entry.pair == pair:
                return entry
    raise KeyError(pair)
