"""``manage.py load_demo``: load the demo club, its players and a director login."""

from django.core.management.base import BaseCommand

from tournaments.demo import load_demo


class Command(BaseCommand):
    help = "Load a demo club with players and a director login (safe to rerun)."

    def handle(self, *args: object, **options: object) -> None:
        summary = load_demo()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club “{summary.club}”: {summary.club.players.count()} players "
                f"({summary.players_created} new), {summary.events_created} new "
                f"events. Director login: "
                f"{summary.admin_username} / {summary.admin_password}"
            )
        )
