"""Read an artificial award as other programs print it: "A+", "60%", "A6040",
"60/40", "A+/A-", and an award against an absent side: "60/0", "60/0 EW",
"60/40 – EW absent".

The absent side is the one the text names; failing that, the side awarded
0 % when the other is awarded more.  No Law 12C2 score is 0 % (Average-minus
is at most 40 %, usually 40): a side given nothing was not there, as JFR
Pary's "TD 60.00 / 0.00" lines and its "60/0" walkover print it.  Plain
text, no database: the PBN, USEBIO and spreadsheet importers share it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARK = r"A[+-]?|\d{1,3}(?:[.,]\d+)?%?"
AWARD = re.compile(
    rf"^(?P<ns>{_MARK})\s*(?:/\s*(?P<ew>{_MARK}))?"
    # The side may be followed by one word: "absent", French "absente"...
    r"(?:\s*[-–]?\s*(?P<side>NS|EW)(?:\s+\w+)?)?$",
    re.IGNORECASE,
)
# USEBIO's and Compscore's "A6040": NS 60 %, EW 40 %.
PACKED = re.compile(r"^A(\d{2})(\d{2})$", re.IGNORECASE)


@dataclass(frozen=True)
class Award:
    """The marks of both sides ("A+", "60"...) and the absent side, if any."""

    ns: str
    ew: str
    absent: str = ""


def parse_award(text: str, *, bare_numbers: bool = False) -> Award | None:
    """The award ``text`` reads as, or None when it is no award (a contract).

    A single number is an award only with a "%", so "4S" or "3NT" never read
    as one; ``bare_numbers`` reads "55" as 55 % each where no contract can be
    meant (the director's traveller, whose result box is then empty).
    """
    text = (text or "").strip().upper()
    packed = PACKED.match(text)
    if packed:
        return _with_absent(packed.group(1), packed.group(2), "")
    match = AWARD.match(text)
    if match is None:
        return None
    ns, ew, side = match.group("ns"), match.group("ew"), match.group("side") or ""
    if ew is None and side:
        return None  # "60 EW": what the absent side scores is not said
    if ew is None and not (ns.startswith("A") or ns.endswith("%") or bare_numbers):
        return None
    return award_of(ns, ew or ns, side)


def award_of(ns: str, ew: str, side: str = "") -> Award:
    """The award of these two marks ("60%" or "60", "A+"), its absent side
    named or inferred from a 0 % (see the module's docstring)."""
    return _with_absent(_plain(ns), _plain(ew), side.upper())


def _plain(mark: str) -> str:
    """A mark without its "%", a decimal comma read as a point."""
    return mark.rstrip("%").replace(",", ".")


def _with_absent(ns: str, ew: str, side: str) -> Award:
    if not side:
        if _is_zero(ew) and not _is_zero(ns):
            side = "EW"
        elif _is_zero(ns) and not _is_zero(ew):
            side = "NS"
    return Award(ns, ew, side)


def _is_zero(mark: str) -> bool:
    try:
        return float(mark) == 0
    except ValueError:
        return False
