"""How an artificial adjusted score reads on travellers, scorecards and forms.

"A+" when both sides have the same mark, "60/40" when they differ, and an
award against an absent pair names the side that never came, as JFR Pary and
EBUScore print it: "60/0 – EW absent" (both marks always shown).  The
director's traveller form reads the same text back (``director.forms``).
"""

from __future__ import annotations

from typing import Protocol

from django.utils.translation import gettext as _


class AwardedLine(Protocol):
    """A line's adjusted marks: a ``Result``, or a ``TravellerLine`` the
    files read (``selectors.line_rows``); both print the same."""

    adjusted_ns: str
    adjusted_ew: str
    absent: str


def award_text(result: AwardedLine) -> str:
    """The marks of an artificial line, with its absent side if any."""
    if result.absent:
        return _("%(ns)s/%(ew)s – %(side)s absent") % {
            "ns": result.adjusted_ns,
            "ew": result.adjusted_ew,
            "side": result.absent,
        }
    return marks_text(result)


def marks_text(result: AwardedLine) -> str:
    """The marks alone: "A+" when both sides have it, else "60/0"."""
    if result.adjusted_ns == result.adjusted_ew:
        return result.adjusted_ns
    return f"{result.adjusted_ns}/{result.adjusted_ew}"
