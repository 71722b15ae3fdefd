"""``manage.py import_travellers SECTION_ID FILE``: travellers from CSV or Excel."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.importers.results_files import fault_messages
from tournaments.importers.travellers import (
    TravellerFileError,
    import_travellers,
    read_rows,
)
from tournaments.models import Section


class Command(BaseCommand):
    help = "Store a section's travellers from a CSV or .xlsx file (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument("file", type=Path, help="the .csv or .xlsx file")

    def handle(self, *args: object, **options: object) -> None:
        section = Section.objects.filter(pk=options["section"]).first()
        if section is None:
            raise CommandError(f"section {options['section']}: no such section")
        path: Path = options["file"]
        try:
            rows = read_rows(path.read_bytes(), path.name)
            stored = import_travellers(section, rows, file_name=path.name)
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except TravellerFileError as error:
            raise CommandError("\n".join(fault_messages(error))) from None
        self.stdout.write(f"{stored} traveller lines stored")
