"""The rows every single-section game of players reads the same way.

Barbu, Chinese bridge, Bridgeote and individual bridge each hold one section
in one session: their pages look up the event by its kind, that section, its
tables, and a player's row and stored score the same way, so the views name
these lookups once here and hold no query.
"""

from __future__ import annotations

from django.db import models

from tournaments.models import Event, Section, Table
from tournaments.selectors.lookups import found


def event_of_kind(pk: int, kind: str) -> Event:
    """The event ``pk`` if it is a ``kind`` event; 404 otherwise (another
    game's event is no page of this one)."""
    return found(Event, pk=pk, kind=kind)


def only_section(event: Event) -> Section:
    """The one section of a single-section game's event (as created: its
    absence is a broken event, an error rather than a 404)."""
    return Section.objects.get(session__event=event)


def section_tables(section: Section) -> models.QuerySet:
    """The section's tables, in their stored order (the tablets' codes)."""
    return section.table_set.all()


def section_entrant(
    entrants: type[models.Model], section: Section, pk: int
) -> models.Model:
    """The player ``pk`` of ``section`` among ``entrants`` (a game's entrant
    model); 404 if he plays elsewhere or not at all."""
    return found(entrants, section=section, pk=pk)


def entrant_score(
    scores: type[models.Model], entrant: models.Model
) -> models.Model | None:
    """The stored score of ``entrant`` in ``scores`` (a game's score model),
    None before the first ranking."""
    return scores.objects.filter(entrant=entrant).first()


def section_table(section: Section, number: int) -> Table:
    """The section's table ``number``; 404 if the section has none such."""
    return found(section.table_set, number=number)
