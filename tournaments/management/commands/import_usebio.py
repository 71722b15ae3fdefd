"""``manage.py import_usebio FILE.xml [--name NAME]``: a USEBIO pairs session."""

from __future__ import annotations

from tournaments.importers.usebio import parse_usebio
from tournaments.management.commands.import_pbn import Command as ImportPbn


class Command(ImportPbn):
    help = (
        "Create an event from a USEBIO 1.2 pairs results file (MP_PAIRS, "
        "BUTLER_PAIRS, CROSS_IMP), scored as the file says; print its id."
    )
    parse = staticmethod(parse_usebio)
    what = "the USEBIO XML file"
