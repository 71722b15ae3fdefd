"""The Celery task mailing a section's results (see ``services.mail_jobs``).

Celery finds it through ``tournaments.tasks``, which imports it; in the
embedded default (``CELERY_TASK_ALWAYS_EAGER``) it runs in-process.
"""

from __future__ import annotations

from celery import shared_task


# An SMTP server answers in about a second a mail: a room of 100 players
# takes longer than a scoring task's default limits.
@shared_task(
    name="mail.results", acks_late=True, soft_time_limit=15 * 60, time_limit=16 * 60
)
def send_results(job_id: int) -> str:
    """Mail the job's players; its final status ("done", "failed" or "queued")."""
    from tournaments.services.mail_jobs import mail_job_run

    return mail_job_run(job_id)
