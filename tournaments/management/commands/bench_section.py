"""``manage.py bench_section --tables 100``: an event being played, for load tests.

``bench/live.py`` and the live tests build the room their simulated tablets
sign in to with this: one session being played, split into Mitchell sections
of at most 25 tables (``--section-tables N``: up to a Mitchell's 50), with
every table's sign-in code printed as JSON so that the tablets can sign in as
a club's would (``--club NAME``: the event is that club's, for its directors).
"""

from __future__ import annotations

import datetime as dt
import json
import math

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from tournaments.models import Club, Section, Session
from tournaments.movements.mitchell import MAX_TABLES as MAX_MITCHELL_TABLES
from tournaments.services.events import MovementChoice, event_create, section_create

MAX_SECTION_TABLES = 25
MIN_SECTION_TABLES = 3


def section_sizes(tables: int, most: int = MAX_SECTION_TABLES) -> list[int]:
    """Split ``tables`` into as few sections of at most ``most`` tables as
    possible, as even as possible, none smaller than a Mitchell's 3 tables
    (4 tables in sections of 3 make one section of 4)."""
    count = max(1, min(math.ceil(tables / most), tables // MIN_SECTION_TABLES))
    base, extra = divmod(tables, count)
    return [base + 1 if index < extra else base for index in range(count)]


class Command(BaseCommand):
    help = (
        "Create an event being played with TABLES Mitchell tables (sections of "
        "at most 25, or --section-tables) and print its sections and table codes "
        "as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, required=True)
        parser.add_argument("--boards", type=int, default=3, help="boards a round")
        parser.add_argument("--rounds", type=int, default=7)
        parser.add_argument(
            "--section-tables",
            type=int,
            default=MAX_SECTION_TABLES,
            help=f"tables a section at most (3 to {MAX_MITCHELL_TABLES})",
        )
        parser.add_argument("--name", default="Live bench")
        parser.add_argument(
            "--club", default="", help="the club's name (the event is the club's)"
        )
        parser.add_argument(
            "--published",
            action="store_true",
            help="publish the event: its rankings are public while it is played",
        )

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        tables = int(options["tables"])  # type: ignore[arg-type]
        if tables < MIN_SECTION_TABLES:
            raise CommandError(f"--tables must be at least {MIN_SECTION_TABLES}")
        most = int(options["section_tables"])  # type: ignore[arg-type]
        if not MIN_SECTION_TABLES <= most <= MAX_MITCHELL_TABLES:
            raise CommandError(
                f"--section-tables must be {MIN_SECTION_TABLES} to "
                f"{MAX_MITCHELL_TABLES} (a Mitchell has at most "
                f"{MAX_MITCHELL_TABLES} tables)"
            )
        club = None
        if options["club"]:
            club = Club.objects.filter(name=options["club"]).first()
            if club is None:
                raise CommandError(f"--club: no club named {options['club']!r}")
        event = event_create(
            name=str(options["name"]),
            date=dt.date.today(),
            club=club,
            published=bool(options["published"]),
        )
        session = event.sessions.get()
        sections = []
        for index, size in enumerate(section_sizes(tables, most)):
            full = size - 1 if size % 2 == 0 else size
            choice = MovementChoice(
                Section.Movement.MITCHELL,
                size,
                int(options["boards"]),  # type: ignore[arg-type]
                rounds=min(int(options["rounds"]), full),  # type: ignore[arg-type]
            )
            section = section_create(
                session=session, choice=choice, letter=chr(ord("A") + index)
            )
            codes = dict(section.table_set.values_list("number", "code"))
            sections.append(
                {"id": section.pk, "letter": section.letter, "codes": codes}
            )
        Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
        self.stdout.write(json.dumps({"event": event.pk, "sections": sections}))
