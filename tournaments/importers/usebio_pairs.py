"""A USEBIO section's pairs: the PARTICIPANTS matched to the traveller lines.

A Mitchell is written either with labels "1NS"/"1EW", or (EBUScore,
Bridgewebs) with numbers 1..N in each direction and the pair's
``DIRECTION``; the lines then read "1 v 1".  Whether a number is one pair
or one pair a direction is decided once for the section
(``directions.mitchell_numbering``), and each participant is found under
the key its lines use.
"""

from __future__ import annotations

from games.errors import GameError
from tournaments.importers.directions import (
    Sighting,
    directed,
    directed_line,
    mitchell_numbering,
)
from tournaments.importers.pbn import ImportedPair, ImportedSession


def pairs_placed(
    session: ImportedSession, participants: list[tuple[str, str, ImportedPair]]
) -> None:
    """Give the section its pairs, keyed as its lines name them.

    ``participants`` are (label, DIRECTION or "", pair).  In a Mitchell
    numbering the lines' "1" become "1NS"/"1EW" and a participant is found
    by its number and direction; a participant of a bare number with no
    direction gives its names to the pair of each direction its number
    played.  Otherwise a participant is found by its label, or by its
    number and direction when the lines name it so ("1NS").  A pair of the
    lines missing from the PARTICIPANTS is entered as "Pair 1NS".  Raises
    GameError naming board and line when the lines are consistent in no
    numbering, or naming two pairs of one number (the database keeps one).
    """
    sightings = [Sighting(x.board, x.ns, x.ew, x.where) for x in session.lines]
    mitchell = mitchell_numbering(sightings)
    found: dict[str, ImportedPair] = {}
    bare: dict[str, ImportedPair] = {}
    used = {key for x in session.lines for key in (x.ns, x.ew)}
    for label, direction, pair in participants:
        if mitchell and label.isdigit() and not direction:
            bare[label] = pair
        elif direction and (mitchell or label not in used):
            found[directed(label, direction)] = pair
        else:
            found[label] = pair
    if mitchell:
        session.lines = [directed_line(x) for x in session.lines]
    for line in session.lines:
        for key, side in ((line.ns, "NS"), (line.ew, "EW")):
            pair = found.get(key)
            if pair is None:
                pair = _entered(
                    key, bare.get(key.removesuffix(side)) if mitchell else None
                )
                found[key] = pair
            suffix = key[-2:] if key[-2:] in ("NS", "EW") else ""
            pair.directions.add(suffix or side)
    session.pairs = found
    _numbered_once(session)


def _numbered_once(session: ImportedSession) -> None:
    """Refuse two pairs of one number (and direction, in a Mitchell): "1"
    and "01", or a participant listed twice."""
    mitchell = session.mitchell
    seen: dict[tuple[int, str], str] = {}
    for key, pair in session.pairs.items():
        number = (pair.number, next(iter(pair.directions)) if mitchell else "")
        if number in seen:
            raise GameError(
                f"PARTICIPANTS: pairs {seen[number]} and {key} have the same number"
            )
        seen[number] = key


def _entered(key: str, participant: ImportedPair | None) -> ImportedPair:
    """A pair the PARTICIPANTS do not list under ``key``: the bare number's
    participant copied for this direction, or a new "Pair 1NS"."""
    if participant is not None:
        return ImportedPair(
            participant.number, participant.names, players=list(participant.players)
        )
    number = int("".join(c for c in key if c.isdigit()) or 0)
    return ImportedPair(number, f"Pair {key}")
