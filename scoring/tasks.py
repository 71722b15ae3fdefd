"""Celery tasks: they take ids, load, call the pure scorer, and store."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="scoring.score_section", acks_late=True)
def score_section(section_id: int) -> dict[str, int]:
    """Rescore a whole section from its stored travellers (idempotent)."""
    from tournaments.scoring_io import rescore_section

    return rescore_section(section_id)
