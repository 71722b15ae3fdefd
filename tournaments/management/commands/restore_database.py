"""``manage.py restore_database FILE --yes``: put a backup back.

Replaces everything in the database (``DATABASE_URL``) with the backup FILE
(``backup_database``'s): refused without ``--yes``, since what was written
since the backup is lost.  A backup that does not fit the database (another
engine, not a backup) is refused before anything is touched.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.backups import BackupError, restore_database


class Command(BaseCommand):
    help = "Replace the database's contents with a backup file (needs --yes)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a file made by backup_database")
        parser.add_argument(
            "--yes",
            action="store_true",
            help="replace the database: what was written since the backup is lost",
        )

    def handle(self, *args: object, **options: object) -> None:
        if not options["yes"]:
            raise CommandError(
                "restoring replaces the whole database with the backup: "
                "add --yes to do it"
            )
        try:
            restore_database(str(options["file"]))
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"restored {options['file']}")
