"""What a director types into the pages' forms, for tests: a new event's
scoring settings, and the lines of a board's traveller."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# The new-event form's scoring settings: matchpoints on a scale of 2, Neuberg,
# artificial scores of 60, 50 and 40 %, the flat rule.
NEW_EVENT_SETTINGS = {
    "scale": 2,
    "neuberg": "on",
    "average_plus": "60",
    "average": "50",
    "average_minus": "40",
    "average_rule": "flat",
}


def typed_line(index: int, contract: str, declarer: str, result: str) -> dict[str, str]:
    """The traveller form's fields of row ``index`` with a contract, its
    declarer and its result typed in."""
    return {f"c{index}": contract, f"d{index}": declarer, f"r{index}": result}


def traveller_as_shown(rows: Iterable[Any]) -> dict[str, str]:
    """The traveller form's data as its page shows its ``rows`` (the page's
    ``context["rows"]``): each row's contract, declarer, lead and result, and
    a stored line's pairs as typed."""
    data = {}
    for row in rows:
        i = row.index
        data.update({f"c{i}": row.contract, f"d{i}": row.declarer,
                     f"l{i}": row.lead, f"r{i}": row.result})  # fmt: skip
        if row.result_id:
            data.update({f"n{i}": row.ns_typed, f"e{i}": row.ew_typed})
    return data
