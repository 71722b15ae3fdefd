"""The Celery task that imports a large results file (see ``importers.import_jobs``).

Celery finds it through ``tournaments.tasks``, which imports it; in
the embedded default (``CELERY_TASK_ALWAYS_EAGER``) it runs in-process.
"""

from __future__ import annotations

from celery import shared_task


# A 10 MB file takes minutes: well over the default limits of a scoring task.
@shared_task(
    name="imports.run_job", acks_late=True, soft_time_limit=25 * 60, time_limit=30 * 60
)
def run_job(job_id: int) -> str:
    """Import the job's file; its final status ("done" or "failed")."""
    from tournaments.importers.import_jobs import import_job_run

    return import_job_run(job_id)
