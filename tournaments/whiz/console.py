"""Whiz lines on the director's console: a line's text in the audit trail,
and a disputed line beside the entry refused for it.

A Whiz line names its three players, the contract and their points (or
their adjusted marks).  Its other entry is kept by the audit on the board (a
Whiz line is not a ``Result``), and only keep and edit are offered: the
Whiz traveller takes a corrected line.  The shared console asks through
``WhizGame.audit_text`` and ``WhizGame.dispute_sides``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.director.console import adjusted_mark
from tournaments.director.console_disputes import DisputeSides, sides_by_line
from tournaments.models import ResultChange, Section, WhizResult
from tournaments.registry import section_game
from tournaments.services.audit import WHIZ_AUDITED_FIELDS
from tournaments.services.closing import Pending


def whiz_line_text(snapshot: dict[str, object] | None, labels: dict[int, str]) -> str:
    """A Whiz line as the traveller reads it: "N 1, E 5, S 9: 10S by N, 11
    tricks: 22/0/0" (the three players' points), or their adjusted marks."""
    if not snapshot:
        return "—"
    players = ", ".join(
        f"{seat} {labels.get(snapshot.get(f'{name}_id'), '?')}"
        for seat, name in (("N", "north"), ("E", "east"), ("S", "south"))
    )
    if snapshot.get("adjusted_n"):
        marks = [adjusted_mark(str(snapshot.get(f"adjusted_{s}") or "")) for s in "nes"]
        return f"{players}: {' / '.join(marks)}"
    played = _("%(contract)s by %(declarer)s, %(tricks)s tricks") % {
        "contract": snapshot.get("contract"),
        "declarer": snapshot.get("declarer"),
        "tricks": snapshot.get("tricks"),
    }
    points = "/".join(str(snapshot.get(f"points_{s}")) for s in "nes")
    return f"{players}: {played}: {points}"


def whiz_sides(
    section: Section, disputes: list[Pending]
) -> dict[int | None, DisputeSides]:
    """Each disputed Whiz line beside the entry refused for it, by its id:
    the latest refusal on its board whose stored side is this line (its
    three players)."""
    ids = [d.result for d in disputes if d.result is not None]
    if not ids:
        return {}
    lines = {line.pk: line for line in WhizResult.objects.filter(pk__in=ids)}
    refusals = list(
        ResultChange.objects.filter(
            board_id__in={line.board_id for line in lines.values()},
            result__isnull=True,
            action=ResultChange.Action.REFUSE,
        ).order_by("-at", "-id")
    )
    labels = {e.pk: e.label for e in section_game(section).entrants(section)}
    return sides_by_line(
        disputes,
        lines,
        WHIZ_AUDITED_FIELDS,
        lambda line, stored: next(
            (
                change.after
                for change in refusals
                if change.board_id == line.board_id
                and _same_players(change.before or {}, stored)
            ),
            None,
        ),
        lambda entry: whiz_line_text(entry, labels),
        lambda _stored, _other: False,
    )


def _same_players(before: dict, stored: dict) -> bool:
    """The refused entry was for the stored line's players (North and East)."""
    return all(before.get(k) == stored.get(k) for k in ("north_id", "east_id"))
