"""A section's traveller privacy, set by its director."""

from __future__ import annotations

from tournaments.models import Section


def traveller_privacy_change(section: Section, privacy: str) -> None:
    """Store ``privacy`` on the section (a single UPDATE: nothing else of the
    section is written, so a concurrent change of another field stands)."""
    Section.objects.filter(pk=section.pk).update(traveller_privacy=privacy)
