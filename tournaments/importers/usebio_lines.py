"""A USEBIO ``TRAVELLER_LINE`` read as an ``ImportedLine``: its contract,
declarer, tricks and lead, an artificial score (``A6040``) or an assigned
score without a contract.  The pairs and the teams reader of ``usebio``
share it (a teams match's rooms are traveller lines too).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from games.bridge import parse_contract
from games.errors import GameError
from games.weighted import WeightedPart
from tournaments.importers.awards import award_of
from tournaments.importers.limits import MAX_SCORE, bounded
from tournaments.importers.pbn import ImportedLine

ARTIFICIAL = re.compile(r"^A(\d{2})(\d{2})$")


def element_text(element: ET.Element, tag: str) -> str:
    """The text of ``element``'s child ``tag``, stripped ("" if none)."""
    return (element.findtext(tag) or "").strip()


def played_at_all(line: ET.Element) -> bool:
    """A line with no contract and no score ("-" or empty) was not played:
    it is no result (a pair absent or late for that round)."""
    return any(
        element_text(line, tag) not in ("", "-")
        for tag in ("CONTRACT", "SCORE", "TRICKS")
    )


def played_line(
    board: int, ns: str, ew: str, line: ET.Element, where: str
) -> ImportedLine:
    """A traveller line's contract, declarer, tricks and lead, or its ``A6040``."""
    score = element_text(line, "SCORE").upper()
    artificial = ARTIFICIAL.match(score)
    if artificial:
        # "A6000": a side awarded nothing was absent (``importers.awards``).
        award = award_of(*artificial.groups())
        return ImportedLine(
            board, ns, ew, adjusted=artificial.groups(), absent=award.absent
        )
    if not element_text(line, "CONTRACT") and re.fullmatch(r"-?\d{1,5}", score):
        # A score without a contract: an assigned score, kept as it is.
        points = bounded(int(score), MAX_SCORE, where, "SCORE", low=-MAX_SCORE)
        part = WeightedPart(100.0, score=points)
        return ImportedLine(board, ns, ew, weighted=(part,))
    try:
        contract = parse_contract(element_text(line, "CONTRACT"))
    except GameError as error:
        raise GameError(f"{where}: CONTRACT {error}") from None
    if contract.is_pass:
        return ImportedLine(board, ns, ew, contract=str(contract))
    declarer = element_text(line, "PLAYED_BY").upper()[:1]
    if declarer not in ("N", "E", "S", "W"):
        raise GameError(f'{where}: PLAYED_BY "{declarer}" must be N, E, S or W')
    tricks = element_text(line, "TRICKS")
    if not tricks.isdigit() or int(tricks) > 13:
        raise GameError(f'{where}: TRICKS "{tricks}" must be 0 to 13')
    return ImportedLine(
        board,
        ns,
        ew,
        contract=str(contract),
        declarer=declarer,
        tricks=int(tricks),
        lead=usebio_lead(element_text(line, "LEAD")),
    )


def usebio_lead(text: str) -> str:
    """USEBIO writes the card rank first ("KD"); Donne stores the suit first ("DK")."""
    text = text.upper().replace("10", "T")
    if len(text) == 2 and text[1] in "SHDC":
        return text[1] + text[0]
    return ""
