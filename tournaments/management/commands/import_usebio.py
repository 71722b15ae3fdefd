"""``manage.py import_usebio FILE.xml [--name NAME]``: a USEBIO results file."""

from __future__ import annotations

from tournaments.importers.results_files import usebio_import
from tournaments.management.commands.import_pbn import Command as ImportPbn
from tournaments.models import Event


class Command(ImportPbn):
    help = (
        "Create an event from a USEBIO 1.2 results file: a pairs session "
        "(MP_PAIRS, BUTLER_PAIRS, CROSS_IMP) scored as the file says, or a "
        "teams event (SWISS_TEAMS, TEAMS_OF_FOUR); print its id."
    )
    what = "the USEBIO XML file"

    def load(self, data: bytes, name: str | None) -> Event:
        return usebio_import(data, name=name, file_name=getattr(self, "file_name", ""))
