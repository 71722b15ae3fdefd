"""``manage.py export_usebio EVENT_ID``: a pairs or teams event as USEBIO 1.2 XML."""

from __future__ import annotations

from tournaments.exporters.usebio import event_usebio
from tournaments.management.commands.export_pbn import Command as ExportPbn


class Command(ExportPbn):
    help = "Write a pairs or teams event as a USEBIO 1.2 XML results file on stdout."
    export = staticmethod(event_usebio)
