"""Time making a big Mitchell section and showing it (issue 21, item 3).

In an embedded SQLite database in a temporary folder, for Mitchell sections
of 10, 30 and 50 tables (relay and bye stand, one board a round, every pair
named), prints:

1. the movement alone: building it (no cache) and validating it;
2. making the section (movement, pairs, boards, rounds, tables and codes):
   main's ``section_create`` (one ``INSERT`` and one ``players.set`` a pair,
   copied here as the baseline, in this same process) against the new one
   (pairs and their players in one statement each), with query counts;
3. the printable documents and pages of the section: the movement sheet, the
   table cards (with each table's sign-in QR code), the pair cards, the
   director's section page, then with every line played (bulk-stored and
   scored) the results page and a traveller; each page with main's
   ``Movement.seatings_of_round`` (a scan of every seating), table-code
   look-up (a query a card) and console tablet rounds (a query a table) as
   the baseline, and with the new ones.

    .venv/bin/python bench/sections.py
    .venv/bin/python bench/sections.py --tables 50 --repeat 5
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

# Run as a script, the project root must come first on sys.path.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from bench.pages import measure, queries, setup_django  # noqa: E402


def old_section_create(**kwargs: object) -> object:
    """main's ``section_create``: the pairs stored one by one."""
    from tournaments.models import Pair
    from tournaments.services.events import PairEntry
    from tournaments.services.single_section import bridge_board, section_lay_out

    session, choice = kwargs["session"], kwargs["choice"]
    entries = kwargs.get("entries", ())
    movement = choice.build()
    section = section_lay_out(
        session,
        boards=list(movement.boards),
        board_fields=bridge_board,
        letter=kwargs.get("letter", "A"),
        movement=choice.kind,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        even_tables=choice.even_tables,
        arrow_switch_rounds=sorted(movement.arrow_switch_rounds),
        phantom=choice.phantom,
    )
    real = [pair for pair in movement.pairs if not pair.phantom]
    for index, spec in enumerate(real):
        entry = entries[index] if index < len(entries) else PairEntry()
        pair = Pair.objects.create(
            section=section,
            number=spec.number,
            direction=spec.direction or "",
            names=entry.label,
        )
        pair.players.set(entry.players)
    return section


@contextmanager
def old_pages() -> Iterator[None]:
    """main's round look-up (a scan) and table codes (a query a card)."""
    from tournaments.director import console
    from tournaments.movements.model import Movement
    from tournaments.services.table_rounds import current_round
    from tournaments.templatetags import qr

    kept_round, kept_codes = Movement.seatings_of_round, qr.table_codes
    kept_rounds = console.pairs_current_rounds

    def scan(self: Movement, round: int) -> tuple:
        return tuple(s for s in self.seatings if s.round == round)

    def each_card(section: object) -> dict:
        class Lookup(dict):
            def get(self, table: int, default: object = None) -> object:
                found = section.table_set.filter(number=table).first()
                return default if found is None else found.code

        return Lookup()

    def table_by_table(section: object) -> dict:
        rounds = {}
        for table in section.table_set.all():
            table.section = section
            rounds[table.number] = current_round(table)
        return rounds

    Movement.seatings_of_round = scan
    qr.table_codes = each_card
    console.pairs_current_rounds = table_by_table
    try:
        yield
    finally:
        Movement.seatings_of_round = kept_round
        qr.table_codes = kept_codes
        console.pairs_current_rounds = kept_rounds


def make(tables: int, create: Callable[..., object], turn: int) -> object:
    import datetime as dt

    from tournaments.selectors.movement import MovementChoice, _built
    from tournaments.services.events import PairEntry, event_create

    _built.cache_clear()
    event = event_create(name=f"Bench {tables} #{turn}", date=dt.date.today())
    names = [PairEntry(names=f"Pair {n}") for n in range(1, 2 * tables + 1)]
    return create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", tables, 1, even_tables="relay"),
        entries=names,
    )


def timed(action: Callable[[], object]) -> tuple[float, int, object]:
    """Seconds and queries of one call, and what it returned."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        start = time.perf_counter()
        made = action()
        seconds = time.perf_counter() - start
    return seconds, len(captured), made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 30, 50])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="donne-sections-") as folder:
        setup_django(Path(folder))
        from big_section import play_rounds
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

        from tournaments.models import Event, Section
        from tournaments.movements import mitchell, validate
        from tournaments.services.events import section_create

        print(f"Python {sys.version.split()[0]}, SQLite, best of {args.repeat}")
        print()
        print("| tables | movement build ms | validate ms |")
        print("|---:|---:|---:|")
        for tables in args.tables:
            build = measure(lambda t=tables: mitchell(t, even="relay"), args.repeat)
            movement = mitchell(tables, even="relay")
            check = measure(lambda m=movement: validate(m), args.repeat)
            print(f"| {tables} | {build * 1000:.1f} | {check * 1000:.1f} |")

        print()
        print("| tables | section_create | ms | queries | main / new |")
        print("|---:|---|---:|---:|---:|")
        turn = 0
        sections: dict[int, int] = {}
        for tables in args.tables:
            best: dict[str, tuple[float, int]] = {}
            for name, create in (("main", old_section_create), ("new", section_create)):
                for _ in range(args.repeat):
                    turn += 1
                    seconds, count, made = timed(
                        lambda c=create, t=tables, n=turn: make(t, c, n)
                    )
                    if name not in best or seconds < best[name][0]:
                        best[name] = (seconds, count)
                    if name == "new":
                        sections[tables] = made.pk
            for name, (seconds, count) in best.items():
                ratio = best["main"][0] / seconds
                ms = seconds * 1000
                print(f"| {tables} | {name} | {ms:.1f} | {count} | {ratio:.2f} |")

        user = get_user_model().objects.create_user(
            "bench", password="bench-pw-2026", is_staff=True, is_superuser=True
        )
        client = Client()
        client.force_login(user)
        print()
        print(
            "| tables | page | main ms | main queries | new ms | new queries "
            "| main / new |"
        )
        print("|---:|---|---:|---:|---:|---:|---:|")
        for tables in args.tables:
            section = Section.objects.get(pk=sections[tables])
            pages = {
                "movement sheet": reverse("movement:sheet", args=[section.pk]),
                "table cards": reverse("movement:table-cards", args=[section.pk]),
                "pair cards": reverse("movement:pair-cards", args=[section.pk]),
                "section page": reverse("director:section", args=[section.pk]),
            }
            start = time.perf_counter()
            lines = play_rounds(section)
            Event.objects.filter(sessions__sections=section).update(published=True)
            print(
                f"played {lines} lines of {tables} tables in "
                f"{time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )
            pages |= {
                "console": reverse("director:console", args=[section.pk]),
                "results page": reverse(
                    "results:event", args=[section.session.event_id]
                ),
                "traveller": reverse("results:board", args=[section.pk, 1]),
            }
            for page, url in pages.items():

                def get(url: str = url) -> None:
                    response = client.get(url)
                    assert response.status_code == 200, (url, response.status_code)

                figures = []
                for context in (old_pages, nullcontext):
                    with context():
                        figures.append((measure(get, args.repeat), queries(get)))
                (old_s, old_q), (new_s, new_q) = figures
                print(
                    f"| {tables} | {page} | {old_s * 1000:.1f} | {old_q} | "
                    f"{new_s * 1000:.1f} | {new_q} | {old_s / new_s:.2f} |"
                )


if __name__ == "__main__":
    main()
