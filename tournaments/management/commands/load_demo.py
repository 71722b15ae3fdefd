"""``manage.py load_demo``: load the demo club, its players and a director login.

The demo director (a site administrator whose password is public) is made
only in DEBUG (``scripts/demo.sh``) or with ``--director``: a production
server loading the demo gets no account anybody can guess.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.urls import reverse
from django.utils.http import urlencode

from tournaments.demo.club import load_demo
from tournaments.models import Session, Table
from tournaments.public_url import public_url


class Command(BaseCommand):
    help = "Load a demo club with players and a director login (safe to rerun)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--director",
            action="store_true",
            help="make the demo director login even with DEBUG off",
        )

    def handle(self, *args: object, **options: object) -> None:
        summary = load_demo(director=bool(options["director"] or settings.DEBUG))
        login = (
            f"Director login: {summary.admin_username} / {summary.admin_password}"
            if summary.admin_username
            else "No demo director (DEBUG is off): make one with create_director."
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club “{summary.club}”: {summary.club.players.count()} players "
                f"({summary.players_created} new), {summary.events_created} new "
                f"events. {login}"
            )
        )
        playing = Table.objects.filter(
            section__session__event__club=summary.club,
            section__session__status=Session.Status.PLAYING,
        ).select_related("section__session__event")
        for table in playing.order_by("section_id", "number"):
            link = public_url(
                None, f"{reverse('terminal:sign-in')}?{urlencode({'code': table.code})}"
            )
            self.stdout.write(
                f"{table.section.session.event.name}, section "
                f"{table.section.letter}, table {table.number}: tablet code "
                f"{table.code} (sign in at {link})"
            )
