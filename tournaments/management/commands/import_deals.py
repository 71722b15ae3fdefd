"""``manage.py import_deals EVENT_ID FILE.pbn``: attach a dealer program's deals."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.errors import GameError
from tournaments.importers.hand_records import import_hand_records
from tournaments.management.commands._input import file_bytes, named_row
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
        event = named_row(Event, options["event"], "event")
        path: Path = options["file"]
        data = file_bytes(path)
        try:
            report = import_hand_records(event, data, session=options["session"])
        except GameError as error:
            raise CommandError(f"{path}: {error}") from None
        for warning in report.warnings:
            self.stderr.write(warning)
        self.stdout.write(f"{report.attached} boards given their deal")
