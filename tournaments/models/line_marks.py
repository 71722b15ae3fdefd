"""What a traveller line shows of an adjusted or weighted score, one home for
the ``Result`` model and the light rows the exports read (issue 34).

A 2,000-table field's PBN or USEBIO file reads 52,000 lines: built as
``Result`` instances they cost most of the file's time, so the exporters
read them as plain rows (``selectors.line_rows.TravellerLine``).  Both take
``is_adjusted`` and ``weighted_text`` from this mixin, so a line prints the
same whichever way it was read.
"""

from __future__ import annotations

from games.weighted import weighted_text


class LineMarks:
    """``is_adjusted`` and ``weighted_text`` of a line holding
    ``adjusted_ns`` (``"A+"``, ``"60"`` or ``""``) and ``weighted`` (the parts
    of a Law 12C1(c) score, or None)."""

    __slots__ = ()

    adjusted_ns: str
    weighted: list[list[object]] | None

    @property
    def is_adjusted(self) -> bool:
        """An artificial adjusted score rather than a score at the table."""
        return bool(self.adjusted_ns)

    @property
    def weighted_text(self) -> str:
        """A weighted score as typed and printed: "70% 4S N =; 30% 4S N +1"."""
        return weighted_text(self.weighted or [])
