"""Whether a results file's pair numbers are one field (a Howell) or restart in
each direction (a Mitchell), decided once for a whole section.

Bridgewebs, EBUScore and ACBLscore number a Mitchell's pairs 1..N in each
direction, so a traveller reads "1 v 1" (NS pair 1 against EW pair 1); a
Howell's numbers name one pair whichever way it sits.  Read as one pair a
number then meets itself or plays a board twice: in that case, and only
then, a pair is its number and its direction (the EBU's and ACBL's "1NS",
"1EW").  A Howell with one faulty line must not silently become a Mitchell:
the Mitchell reading is taken when most numbers seen in both directions
clash somewhere (a Mitchell's NS 3 and EW 3 play the same boards; a
Howell's pair 3 sits NS on some boards and EW on others, never both).  A
file consistent in neither reading is refused, naming the board and the
line at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from games.errors import GameError

SIDES = ("NS", "EW")
_Line = TypeVar("_Line")


@dataclass(frozen=True)
class Sighting:
    """A traveller line's pairs as the file names them, and where it is."""

    board: int
    ns: str
    ew: str
    where: str  # "line 40", "traveller line 3"


def first_clash(
    sightings: Iterable[Sighting], key: Callable[[str, str], str]
) -> str | None:
    """The first line where a pair (``key(id, side)``) meets itself or plays
    its board a second time, as a message naming board and line; else None."""
    seen: dict[tuple[int, str], str] = {}
    for line in sightings:
        ns, ew = key(line.ns, "NS"), key(line.ew, "EW")
        if ns == ew:
            return (
                f"Board {line.board}, {line.where} ({line.ns} v {line.ew}): "
                f"a pair cannot play against itself"
            )
        for pair in (ns, ew):
            other = seen.get((line.board, pair))
            if other is not None:
                return (
                    f"Board {line.board}, {line.where} ({line.ns} v {line.ew}): "
                    f"pair {pair} plays this board twice (also at {other})"
                )
            seen[(line.board, pair)] = line.where
    return None


def directed(pair_id: str, side: str) -> str:
    """The key of a Mitchell pair: its number and direction, "1NS"."""
    pair_id = pair_id.strip()
    if pair_id.upper().endswith(SIDES):
        return pair_id
    return f"{pair_id}{side}" if pair_id.isdigit() else f"{pair_id} {side}"


def directed_line(line: _Line) -> _Line:
    """A traveller line (a dataclass with ``ns`` and ``ew``) with its pairs
    read as a Mitchell's: "1" v "1" becomes "1NS" v "1EW"."""
    return replace(line, ns=directed(line.ns, "NS"), ew=directed(line.ew, "EW"))


def _howell(pair_id: str, side: str) -> str:
    return pair_id.strip()


def _mitchell_shaped(sightings: Sequence[Sighting]) -> bool:
    """Most numbers seen in both directions are in both on one same board."""
    sides: dict[str, set[str]] = {}
    boards: dict[tuple[int, str], set[str]] = {}
    for line in sightings:
        for pair_id, side in ((line.ns.strip(), "NS"), (line.ew.strip(), "EW")):
            sides.setdefault(pair_id, set()).add(side)
            boards.setdefault((line.board, pair_id), set()).add(side)
    both = {pair_id for pair_id, seen in sides.items() if len(seen) == 2}
    clashing = {pair_id for (_b, pair_id), seen in boards.items() if len(seen) == 2}
    return len(clashing) * 2 > len(both)


def mitchell_numbering(sightings: Sequence[Sighting]) -> bool:
    """True when the section's numbers restart in each direction (see the
    module's docstring); False for one field of pairs.  Raises GameError
    naming the board and line when no reading makes the file consistent."""
    howell = first_clash(sightings, _howell)
    if howell is None:
        return False
    mitchell = first_clash(sightings, directed)
    shaped = _mitchell_shaped(sightings)
    if mitchell is None and shaped:
        return True
    raise GameError(mitchell if shaped else howell)
