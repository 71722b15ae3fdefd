"""``manage.py backup_database [--to FOLDER] [--keep-days N]``: back up now.

Saves the database (``DATABASE_URL``) into a new file of FOLDER (else
``DONNE_BACKUP_DIR``) named by the UTC date-time, removes the backups older
than N days (else ``DONNE_BACKUP_KEEP_DAYS``) and prints the new file.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.backups import BackupError, backup_database


class Command(BaseCommand):
    help = "Back up the database into a new file, remove the old backups, print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--to", dest="folder", help="the backup folder")
        parser.add_argument(
            "--keep-days", type=int, help="remove the backups older than this"
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            made = backup_database(options["folder"], options["keep_days"])
        except BackupError as error:
            raise CommandError(str(error)) from None
        for path in made.pruned:
            self.stderr.write(f"removed {path}")
        self.stdout.write(str(made.file))
