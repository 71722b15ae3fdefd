"""Sections scored as one field: what a pairs rescore covers.

An event scored across the field (``Event.across_field``) matchpoints (or
IMPs) each board against every line of that board number in the session,
whichever section played it, as a simultaneous pairs is scored; each pair is
then ranked in its section and in the whole field.  Otherwise a section is a
field of its own.  A rescore locks every section of the field, in id order
(so two runs of one field never deadlock), before it reads anything.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet, Subquery

from tournaments.models import Section
from tournaments.registry import kinds_with, section_game


def field_of(section: Section) -> QuerySet[Section]:
    """The sections scored with ``section`` as one field, itself included."""
    event = section.session.event
    if event.across_field and section_game(section).ranks_pairs:
        return Section.objects.filter(session_id=section.session_id)
    return Section.objects.filter(pk=section.pk)


def locked_field(section_id: int) -> list[Section]:
    """Lock and return the section's field, in id order (inside a transaction).

    One query: the sections of the section's session that are the section
    itself or, in an event scored across the field whose game ranks pairs,
    any of them (what :func:`field_of` says, decided by the database).
    Raises ``Section.DoesNotExist`` when the section is gone.
    """
    session = Section.objects.filter(pk=section_id).values("session_id")
    across = Q(
        session__event__across_field=True,
        session__event__kind__in=kinds_with("ranks_pairs"),
    )
    field = list(
        Section.objects.filter(Q(pk=section_id) | across, session_id=Subquery(session))
        .select_for_update(of=("self",), no_key=True)
        .select_related("session__event")
        .order_by("pk")
    )
    if not field:
        raise Section.DoesNotExist(f"section {section_id} does not exist")
    return field
