"""The Celery task that builds a big event's workbook (``exporters.workbook_builds``).

Celery finds it through ``tournaments.tasks``, which imports it; in the
embedded default (``CELERY_TASK_ALWAYS_EAGER``) it runs in the request.
"""

from __future__ import annotations

from celery import shared_task


# 52,000 lines take tens of seconds, more on a busy machine.
@shared_task(
    name="exports.build_workbook",
    acks_late=True,
    soft_time_limit=9 * 60,
    time_limit=10 * 60,
)
def build_workbook(row_id: int, stamp: str) -> str:
    """Build the workbook row ``row_id`` for the results ``stamp`` names."""
    from tournaments.exporters.workbook_builds import workbook_build_run

    return workbook_build_run(row_id, stamp)
