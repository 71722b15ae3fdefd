"""``manage.py sweep_stale``: queue the rescore of every section left stale.

Celery beat runs the same sweep on a schedule when there are workers; the
embedded (eager) setup has no beat, so a rescore that raised stays stale until
the next write or until this command (run by hand or from cron) rescores it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from tournaments.models import SectionScoring
from tournaments.services.rescoring import sweep


class Command(BaseCommand):
    help = (
        "Queue the rescore of every section marked stale (a write whose rescore "
        "was never queued, was lost or failed); with --all, even the recent ones."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all",
            action="store_true",
            help="ignore the grace period (DONNE_SWEEP_GRACE_SECONDS)",
        )

    def handle(self, *args: object, **options: object) -> None:
        queued = sweep(far_future() if options["all"] else None)
        left = SectionScoring.objects.filter(stale_since__isnull=False).count()
        self.stdout.write(f"queued {len(queued)} section(s); {left} still stale")


def far_future() -> datetime:
    """A 'now' past every grace period, so that every stale section is due."""
    return timezone.now() + timedelta(days=3650)
