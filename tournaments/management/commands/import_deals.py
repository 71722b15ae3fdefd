"""``manage.py import_deals EVENT_ID FILE.pbn``: attach a dealer program's deals."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.errors import GameError
from tournaments.importers.hand_records import import_hand_records
from tournaments.models import Event


class Command(BaseCommand):
    help = "Attach the deals of a PBN hand-record file to an event's boards."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's id")
        parser.add_argument("file", type=Path, help="the PBN file of deals")
        parser.add_argument(
            "--session", type=int, help="only this session's boards (default: all)"
        )

    def handle(self, *args: object, **options: object) -> None:
        event = Event.objects.filter(pk=options["event"]).first()
        if event is None:
            raise CommandError(f"event {options['event']}: no such event")
        path: Path = options["file"]
        try:
            report = import_hand_records(
                event, path.read_bytes(), session=options["session"]
            )
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except GameError as error:
            raise CommandError(f"{path}: {error}") from None
        for warning in report.warnings:
            self.stderr.write(warning)
        self.stdout.write(f"{report.attached} boards given their deal")
