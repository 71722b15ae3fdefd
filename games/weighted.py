"""Assigned weighted scores (Law 12C1(c)) as a traveller writes them.

A director may assign a weighted score: for example 70 % of 4S made and 30 %
of 4S with an overtrick.  Written on one line, the parts are separated by
";": ``70% 4S N =; 30% 4S N +1``, ``60% 3NT S -1; 40% Pass``, or a bare NS
score ``30% +450`` (what another program's file may carry).  Scoring the
parts is the scorer's job (``scoring.board.WeightedScore``); this module only
reads and writes them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.bridge import parse_contract, result_text, tricks_from_result
from games.errors import GameError

__all__ = ["MAX_PARTS", "WeightedPart", "parse_weighted", "weighted_text"]

MAX_PARTS = 10  # a ruling weighs a few likely results, never a long list

_PART = re.compile(
    r"^\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*(?:(PASS|[1-7]\s*(?:NT|SA|[SHDCN])\s*X{0,2})"
    r"\s*(?:([NESW])\s*(=|[+-]\d{1,2}|\d{1,2}))?|([+-]\d{1,5}))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class WeightedPart:
    """One part: its share in percent and a table result, or a bare NS score."""

    percent: float
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    score: int | None = None


def parse_weighted(text: str) -> list[WeightedPart] | None:
    """The parts of a weighted score, or None when ``text`` is not one.

    Raises ``GameError`` naming the part at fault, or when there are more
    than ``MAX_PARTS``.  The shares are not checked here: the write path
    checks that they add up to 100.
    """
    pieces = text.split(";")
    if "%" not in text or (len(pieces) < 2 and not _PART.match(_spaced(text))):
        return None
    if len(pieces) > MAX_PARTS:
        raise GameError(f"Weighted score: at most {MAX_PARTS} parts")
    return [_part(piece) for piece in pieces]


def _spaced(text: str) -> str:
    """``text`` with each run of white space made one space: the pattern's
    optional spaces then cannot backtrack over a long run (a slow match)."""
    return " ".join(text.split())


def _part(piece: str) -> WeightedPart:
    found = _PART.match(_spaced(piece))
    if found is None:
        raise GameError(
            f'Weighted score: "{piece.strip()}" should read like 70% 4S N ='
        )
    percent, contract_text, declarer, result, score = found.groups()
    share = float(percent.replace(",", "."))
    if score is not None:
        return WeightedPart(share, score=int(score))
    try:
        contract = parse_contract(contract_text.replace(" ", ""))
        tricks = (
            None if contract.is_pass else tricks_from_result(contract, result or "")
        )
    except GameError as error:
        raise GameError(f"Weighted score: {error}") from None
    return WeightedPart(share, str(contract), (declarer or "").upper(), tricks)


def weighted_text(parts: Iterable[Sequence[object]]) -> str:
    """Stored parts ``[percent, contract, declarer, tricks, NS score]`` written
    back as typed: "70% 4S N =; 30% Pass; 10% +450"."""
    shown = []
    for percent, contract, declarer, tricks, score in parts:
        share = f"{float(percent):g}%"
        if not contract:
            shown.append(f"{share} {int(score):+d}")
        elif not declarer:
            shown.append(f"{share} {contract}")
        else:
            made = result_text(str(contract), int(tricks or 0))
            shown.append(f"{share} {contract} {declarer} {made}")
    return "; ".join(shown)
