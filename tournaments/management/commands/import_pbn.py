"""``manage.py import_pbn FILE.pbn [--name NAME]``: a finished session as an event."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.errors import GameError
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_sessions
from tournaments.management.commands._input import file_bytes
from tournaments.models import Event


class Command(BaseCommand):
    help = "Create an event from a PBN file of traveller lines; print its id."
    what = "the PBN file"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help=self.what)
        parser.add_argument("--name", help="the event's name (default: the file's)")

    def handle(self, *args: object, **options: object) -> None:
        path: Path = options["file"]
        data = file_bytes(path)
        self.file_name = path.name  # for the import's audit entry
        try:
            event = self.load(data, options["name"])
        except (GameError, ValidationError) as error:
            message = "; ".join(getattr(error, "messages", [str(error)]))
            raise CommandError(f"{path}: {message}") from None
        self.stdout.write(str(event.pk))

    def load(self, data: bytes, name: str | None) -> Event:
        """Read the file and store it as an event."""
        parts = parse_sessions(data, name=name)
        return event_import(parts, file_name=getattr(self, "file_name", ""))
