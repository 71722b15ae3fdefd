"""Sections scored as one field: what a pairs rescore covers.

An event scored across the field (``Event.across_field``) matchpoints (or
IMPs) each board against every line of that board number in the session,
whichever section played it, as a simultaneous pairs is scored; each pair is
then ranked in its section and in the whole field.  Otherwise a section is a
field of its own.  A rescore locks every section of the field, in id order
(so two runs of one field never deadlock), before it reads anything.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Section
from tournaments.registry import section_game


def field_of(section: Section) -> QuerySet[Section]:
    """The sections scored with ``section`` as one field, itself included."""
    event = section.session.event
    if event.across_field and section_game(section).ranks_pairs:
        return Section.objects.filter(session_id=section.session_id)
    return Section.objects.filter(pk=section.pk)


def locked_field(section_id: int) -> list[Section]:
    """Lock and return the section's field, in id order (inside a transaction)."""
    section = Section.objects.select_related("session__event").get(pk=section_id)
    return list(
        field_of(section)
        .select_for_update(of=("self",), no_key=True)
        .select_related("session__event")
        .order_by("pk")
    )
