"""``manage.py load_demo``: load the demo club, its players and a director login."""

from django.core.management.base import BaseCommand
from django.urls import reverse
from django.utils.http import urlencode

from tournaments.demo.club import load_demo
from tournaments.models import Session, Table
from tournaments.public_url import public_url


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
