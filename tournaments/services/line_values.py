"""What a traveller line read from a file says, whoever it is between.

An importer first reads a line as the file gives it (its board number and
pairs' labels: ``importers.pbn.ImportedLine``), then, its board and pairs
found in the section, as the bulk write checks and stores it
(``services.bulk_lines.FileLine``).  Both carry the same values of the line:
a played contract (contract, declarer, tricks, lead), an artificial score
(``adjusted``: the NS and EW marks) or an award against an absent pair
(``absent``: "NS" or "EW").
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, kw_only=True)
class LineValues:
    """A traveller line's values, given by keyword (each line type puts its
    board and pairs first)."""

    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    adjusted: tuple[str, str] | None = None
    # "NS" or "EW": an award against a pair that never came ("60/0").
    absent: str = ""

    def line_values(self, **changed: object) -> dict[str, object]:
        """The line's values by keyword, ``changed`` ones replaced: to make
        the same line as another type (an imported line once its board and
        pairs are found) without naming each value again."""
        values = {value.name: getattr(self, value.name) for value in fields(LineValues)}
        return values | changed
