"""``manage.py export_pbn EVENT_ID``: a finished pairs event as PBN on stdout."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.exporters.pbn import event_pbn
from tournaments.management.commands._input import named_row
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write an event's deals, travellers and ranking as PBN 2.1 on stdout."
    export = staticmethod(event_pbn)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's id")

    def handle(self, *args: object, **options: object) -> None:
        event = named_row(Event, options["event"], "event")
        try:
            self.stdout.write(self.export(event), ending="")
        except ValueError as error:
            raise CommandError(str(error)) from None
