"""What the printable movement documents read: the section and its pairs.

A missing section is not a bare 404 here: the page says why there is nothing
to print, so the section comes back as None rather than raising.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Pair, Section


def printable_section(section_id: int) -> Section | None:
    """The section with its session and event (the sheet names both), or None."""
    return (
        Section.objects.select_related("session__event").filter(pk=section_id).first()
    )


def section_pairs(section: Section) -> QuerySet[Pair]:
    """The section's pairs, for their names on the guide cards (lazy: the
    cards read them once)."""
    return section.pairs.all()
