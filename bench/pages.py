"""Time the public results pages on fields of growing size (issue 21, item 5).

Builds, in an embedded SQLite database in a temporary folder (as a club runs
Donne), three published pairs events of one session, every line entered
through the write path and scored:

- 2 Mitchell sections x 15 tables (the baseline),
- 8 sections x 15 tables,
- 4 sections x 25 tables (100 tables);

then, with Django's test client in this process, times (best of ``--repeat``
after a warm-up) the event's results page, a traveller page (board 1 of
section A) and a scorecard (pair 1NS of section A), counts each page's
queries, and prints a Markdown table with each figure's ratio to the same
page on the baseline.  The pages should cost the same number of queries on
every field, and their time grow with what they show (the event page lists
every pair; a traveller and a scorecard show one board and one pair).

    .venv/bin/python bench/pages.py            # 7 rounds of 3 boards
    .venv/bin/python bench/pages.py --quick    # 3 rounds of 2 boards
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script, the project root must come first on sys.path.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIELDS = [(2, 15), (8, 15), (4, 25)]


def setup_django(folder: Path, url: str | None = None) -> None:
    """An embedded Donne in ``folder``: SQLite file (or the empty database at
    ``url``), eager Celery, DEBUG off; migrated, static files collected."""
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DONNE_DATA_DIR=str(folder),
        DATABASE_URL=url or f"sqlite:///{folder / 'bench.sqlite3'}",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(32),
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
        DJANGO_STATIC_ROOT=str(folder / "static"),
        LOG_LEVEL="WARNING",
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    # DEBUG off serves hashed static names, as in production: collect them.
    call_command("collectstatic", interactive=False, verbosity=0)


def build(sections: int, tables: int, boards: int, rounds: int) -> int:
    """A published event of ``sections`` x ``tables``, played out; its id."""
    import datetime as dt

    from tests.support.field_play import played_mitchell
    from tournaments.services.events import event_create

    event = event_create(
        name=f"Bench {sections}x{tables}", date=dt.date.today(), published=True
    )
    session = event.sessions.get()
    for index in range(sections):
        played_mitchell(
            session, chr(ord("A") + index), tables, boards=boards, rounds=rounds
        )
    return event.pk


def page_urls(event_pk: int) -> dict[str, str]:
    from django.urls import reverse

    from tournaments.models import Pair, Section

    section = Section.objects.filter(session__event=event_pk).order_by("letter")[0]
    pair = Pair.objects.get(section=section, number=1, direction="NS")
    return {
        "results page": reverse("results:event", args=[event_pk]),
        "traveller": reverse("results:board", args=[section.pk, 1]),
        "scorecard": reverse("results:pair", args=[section.pk, pair.pk]),
    }


def measure(get: Callable[[], object], repeat: int) -> float:
    """Best of ``repeat`` timings of ``get()``, in seconds, after a warm-up."""
    get()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        get()
        best = min(best, time.perf_counter() - start)
    return best


def queries(get: Callable[[], object]) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        get()
    return len(captured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of 2 boards")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    boards, rounds = (2, 3) if args.quick else (3, 7)
    with tempfile.TemporaryDirectory(prefix="donne-pages-") as folder:
        setup_django(Path(folder))
        from django.test import Client

        from tournaments.models import Result

        client = Client()
        rows = []
        baseline: dict[str, tuple[float, int]] = {}
        for sections, tables in FIELDS:
            start = time.perf_counter()
            event_pk = build(sections, tables, boards, rounds)
            built = time.perf_counter() - start
            lines = Result.objects.filter(board__section__session__event=event_pk)
            field = f"{sections} x {tables} tables ({lines.count()} lines)"
            print(f"built {field} in {built:.1f} s", file=sys.stderr)
            for page, url in page_urls(event_pk).items():

                def get(url: str = url) -> None:
                    response = client.get(url)
                    assert response.status_code == 200, (url, response.status_code)

                seconds = measure(get, args.repeat)
                count = queries(get)
                base = baseline.setdefault(page, (seconds, count))
                rows.append((field, page, seconds, count, seconds / base[0]))
        print(f"Python {sys.version.split()[0]}, SQLite, best of {args.repeat}")
        print()
        print("| field | page | ms | queries | time / 2 x 15 |")
        print("|---|---|---:|---:|---:|")
        for field, page, seconds, count, ratio in rows:
            ms = seconds * 1000
            print(f"| {field} | {page} | {ms:.1f} | {count} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
