"""What a director types into the pages' forms, for tests: a new event's
scoring settings, a new section's pairs, and the lines of a board's
traveller."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from django.urls import reverse

if TYPE_CHECKING:
    from django.test import Client

    from tournaments.models import Event

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


def new_section_form(
    client: Client,
    event: Event,
    pairs: int,
    players: Callable[[int], tuple[str, str]],
    *,
    kind: str = "mitchell",
    boards_per_round: int = 4,
    rounds: int | str = "",
) -> tuple[str, dict[str, object]]:
    """The new-section page of ``event``'s session and its form filled in:
    ``pairs`` pairs, pair i's players ``players(i)`` (i from 0), the movement
    of ``kind`` the page proposes for them; (the page's URL, the data)."""
    url = reverse("director:section-new", args=[event.sessions.get().pk])
    form = client.get(url, {"pairs": pairs}).context["form"]
    movement = next(i for i, m in enumerate(form.proposals) if m.kind == kind)
    data: dict[str, object] = {
        "pairs": pairs,
        "movement": movement,
        "boards_per_round": boards_per_round,
        "rounds": rounds,
    }
    for i in range(pairs):
        data[f"pair{i}-a"], data[f"pair{i}-b"] = players(i)
    return url, data


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
