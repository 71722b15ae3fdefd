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
from tournaments.management.commands._input import file_bytes, named_row
from tournaments.models import Section


class Command(BaseCommand):
    help = "Store a section's travellers from a CSV or .xlsx file (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("section", type=int, help="the section's id")
        parser.add_argument("file", type=Path, help="the .csv or .xlsx file")

    def handle(self, *args: object, **options: object) -> None:
        section = named_row(Section, options["section"], "section")
        path: Path = options["file"]
        data = file_bytes(path)
        try:
            rows = read_rows(data, path.name)
            stored = import_travellers(section, rows, file_name=path.name)
        except TravellerFileError as error:
            raise CommandError("\n".join(fault_messages(error))) from None
        self.stdout.write(f"{stored} traveller lines stored")
