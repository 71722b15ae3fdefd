"""Queue a section's rescore after a write."""

from __future__ import annotations


def section_changed(section_id: int) -> None:
    """Rescore the section once the current transaction commits."""
    from scoring.tasks import score_section

    score_section.delay_on_commit(section_id)
