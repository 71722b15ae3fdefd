"""Rescoring: between the stored rows and the pure scorers, one module a game.

Each module loads a section's stored lines as plain data, calls its game's
pure scorer (``scoring``), and stores what comes back, with the section row
locked; only the rows whose figures changed are written
(``store.store_changed``): ``pairs`` (matchpoints, Butler and cross-IMPs),
``teams`` (matches, VPs, standings), ``whiz`` (hand-by-hand comparisons),
``barbu`` (points totals), ``chinese`` (matches, Swiss pairing).

A game whose boards are scored apart also rescores only the boards a write
changed (``pairs_boards``), then its ranking; the whole section is rescored
for settings, penalties, imports and awards.  ``rescore_requested`` decides
which from the section's ``ScoringRequest`` rows, run by the
``scoring.score_section`` task through ``services.rescoring.rescore``;
``rescore_section`` rescores a section whole.  The game comes from the
registry; a pairs event scored across the field rescores its sections
together (``fields``).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import ScoringRequest, Section, SectionScoring
from tournaments.registry import section_game
from tournaments.rescore.fields import locked_field

# Request rows deleted a statement (SQLite takes up to 32,766 parameters).
DELETE_CHUNK = 10_000


def rescore_section(section_id: int) -> dict[str, int]:
    """Recompute the section as its game scores it and store the outcome."""
    section = Section.objects.select_related("session__event").get(pk=section_id)
    return section_game(section).rescore(section_id)


def rescore_requested(section_id: int, *, queued: bool = False) -> dict[str, object]:
    """Recompute what the requests of the section's field ask for, then
    delete them; the outcome carries each field section's ``changes``
    counter read just after the requests (``changes``: {section id: count},
    a section never written through ``section_changed`` left out) and each
    field section's event (``events``: {section id: event id}, for the push).
    Raises ``Section.DoesNotExist`` when the section is gone.

    The field's sections are locked first (``fields.locked_field``), so one
    run at a time reads their requests.  Only boards asked for, a game that
    scores boards apart, and every section scored before: those boards.  Any
    request for a whole section: the whole field.  No request at all: the
    whole field when called by hand (a command, a test), nothing when
    ``queued`` by a write whose request an earlier run already took, unless
    a section is stale.
    """
    with transaction.atomic():
        sections = locked_field(section_id)
        ids = [section.pk for section in sections]
        requests = list(
            ScoringRequest.objects.filter(section_id__in=ids).values_list(
                "pk", "board_id"
            )
        )
        # Read after the requests: a write counted here but not read above
        # leaves its request, which keeps its section stale (``rescore``).
        changes = dict(
            SectionScoring.objects.filter(section_id__in=ids).values_list(
                "section_id", "changes"
            )
        )
        game = section_game(sections[0])
        boards = {board for _, board in requests}
        if not requests and queued and not _stale(ids):
            outcome = {"section": section_id, "lines": 0, "pairs": 0}
        elif (
            not requests
            or None in boards
            or not game.rescores_boards
            or any(section.scored is None for section in sections)
        ):
            outcome = game.rescore(section_id)
        else:
            outcome = game.rescore_boards(section_id, sorted(boards), sections)
        taken = [pk for pk, _ in requests]
        for start in range(0, len(taken), DELETE_CHUNK):
            chunk = taken[start : start + DELETE_CHUNK]
            ScoringRequest.objects.filter(pk__in=chunk).delete()
    events = {section.pk: section.session.event_id for section in sections}
    return {**outcome, "changes": changes, "events": events}


def _stale(section_ids: list[int]) -> bool:
    return SectionScoring.objects.filter(
        section_id__in=section_ids, stale_since__isnull=False
    ).exists()
