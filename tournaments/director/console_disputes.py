"""The console's disputes: each disputed line beside the entry it refused.

A tablet's different second entry is refused and audited (``REFUSE``: the
stored line as *before*, what the second entry said as *after*, see
``services.disputes.second_entry``); the console shows the two side by
side so the director decides in one click: keep as entered, take the other
entry, or edit the traveller.  A line the opponents did not agree has no
other entry: only keep and edit are offered.  Each game pairs its disputed
lines with their other entries (``Game.dispute_sides``): traveller lines
here, a Whiz line in its package.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.director.console import line_text
from tournaments.models import Section
from tournaments.registry import section_game
from tournaments.selectors.director_lines import lines_by_pk, refused_entries
from tournaments.selectors.director_sections import section_pairs_all
from tournaments.services.audit import AUDITED_FIELDS, snapshot
from tournaments.services.closing import Pending


@dataclass(frozen=True)
class DisputeSides:
    """A dispute as the console lists it: where, the stored line, the other
    entry (blank when there is none) and whether it can be taken as it is."""

    pending: Pending
    stored: str
    other: str
    takeable: bool


def dispute_sides(section: Section, disputes: list[Pending]) -> list[DisputeSides]:
    """The open disputes of ``section`` with both entries, in their order; a
    few queries (the lines, their latest refused entries, the labels)
    whatever the number of disputes."""
    sides = section_game(section).dispute_sides(section, disputes)
    return [
        sides.get(dispute.result) or DisputeSides(dispute, "", "", takeable=False)
        for dispute in disputes
    ]


def bridge_sides(
    section: Section, disputes: list[Pending]
) -> dict[int | None, DisputeSides]:
    """Each disputed ``Result`` beside the entry refused for it, by its id."""
    ids = [d.result for d in disputes if d.result is not None]
    if not ids:
        return {}
    lines = lines_by_pk(ids)
    refused = refused_entries(ids)
    labels = {pair.pk: pair.label for pair in section_pairs_all(section)}
    return sides_by_line(
        disputes,
        lines,
        AUDITED_FIELDS,
        lambda line, _stored: refused.get(line.pk),
        lambda entry: line_text(entry, labels),
        takeable,
    )


def sides_by_line(
    disputes: list[Pending],
    lines: dict[int, Any],
    fields: Sequence[str],
    other_entry: Callable[[Any, dict], dict | None],
    text: Callable[[dict], str],
    can_take: Callable[[dict, dict | None], bool],
) -> dict[int | None, DisputeSides]:
    """Each disputed line among ``lines`` (by id) beside its other entry, by
    its id: the stored line as audited (``fields``), the entry the game's
    ``other_entry`` finds for it (None when there is none), both written by
    the game's ``text``, and whether ``can_take`` the other as it is."""
    sides: dict[int | None, DisputeSides] = {}
    for dispute in disputes:
        line = lines.get(dispute.result)
        if line is None:
            continue
        stored = snapshot(line, fields) or {}
        other = other_entry(line, stored)
        sides[line.pk] = DisputeSides(
            dispute,
            stored=text(stored),
            other=text(other) if other else "",
            takeable=can_take(stored, other),
        )
    return sides


def takeable(stored: dict, other: dict | None) -> bool:
    """Whether the other entry can replace the stored line as it is: a
    played contract by the same pairs (an adjusted score, or other pairs,
    are the traveller's to edit)."""
    if not other or not other.get("contract"):
        return False
    same_pairs = all(
        other.get(k) == stored.get(k) for k in ("ns_pair_id", "ew_pair_id")
    )
    return same_pairs and not other.get("adjusted_ns")
