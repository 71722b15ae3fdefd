"""How many tables a pairs section may have: the cap each movement imposes.

Each movement module states its own range (``MIN_TABLES`` / ``MAX_TABLES``:
a Mitchell 3 to 50 tables, a Howell 2 to 10, the sizes its construction or
its published tables allow); this module only reads them, so that a cap is
written in one place, and says the refusal in the director's words ("A
Mitchell has at most 50 tables.") under the field ``tables``, for the API
(a 400) and the director's form alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournaments.models import Section
from tournaments.movements.howell import MAX_TABLES as MAX_HOWELL_TABLES
from tournaments.movements.howell import MIN_TABLES as MIN_HOWELL_TABLES
from tournaments.movements.mitchell import MAX_TABLES as MAX_MITCHELL_TABLES
from tournaments.movements.mitchell import MIN_TABLES as MIN_MITCHELL_TABLES


@dataclass(frozen=True)
class TableRange:
    """A movement's number of tables, and how its refusals read."""

    low: int
    high: int
    too_few: Promise
    too_many: Promise


TABLE_RANGES: dict[str, TableRange] = {
    Section.Movement.MITCHELL: TableRange(
        MIN_MITCHELL_TABLES,
        MAX_MITCHELL_TABLES,
        gettext_lazy("A Mitchell has at least %(tables)d tables."),
        gettext_lazy("A Mitchell has at most %(tables)d tables."),
    ),
    Section.Movement.HOWELL: TableRange(
        MIN_HOWELL_TABLES,
        MAX_HOWELL_TABLES,
        gettext_lazy("A Howell has at least %(tables)d tables."),
        gettext_lazy("A Howell has at most %(tables)d tables."),
    ),
}

# The most pairs a director may enter for one section: a full Mitchell.
MAX_SECTION_PAIRS = 2 * max(limits.high for limits in TABLE_RANGES.values())


def tables_refusal(kind: str, tables: int) -> str | None:
    """Why ``tables`` tables do not make a ``kind`` movement (None if they do).

    A kind without a range here (an imported section) has no cap.
    """
    limits = TABLE_RANGES.get(kind)
    if limits is None:
        return None
    if tables < limits.low:
        return str(limits.too_few) % {"tables": limits.low}
    if tables > limits.high:
        return str(limits.too_many) % {"tables": limits.high}
    return None


def check_tables(kind: str, tables: int) -> None:
    """Raise ``ValidationError`` on ``tables`` if the movement cannot have them."""
    refusal = tables_refusal(kind, tables)
    if refusal is not None:
        raise ValidationError({"tables": refusal})
