"""The server's upkeep tasks, run by Celery beat (``CELERY_BEAT_SCHEDULE``)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="maintenance.backup_database")
def backup_database() -> dict[str, str | list[str]]:
    """The nightly backup into ``DONNE_BACKUP_DIR``, keeping
    ``DONNE_BACKUP_KEEP_DAYS`` days of them."""
    from tournaments.services.backups import backup_database as backup

    made = backup()
    return {"file": str(made.file), "pruned": [str(path) for path in made.pruned]}
