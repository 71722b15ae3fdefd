"""Time every step of an event at 10, 100, 1,000 (and 2,000) tables (issue 21).

For each size, on a throwaway embedded database (SQLite, eager Celery, as a
club runs Donne; ``--database-url`` for PostgreSQL), builds one published
event scored across the field: Mitchell sections of at most 25 tables, 26
boards a table, every line stored in bulk (``bench/fields.py``).  Then times:

- whole rescore: the whole field rescored and stored from nothing scored
  (with ``--by-section``, each section scored alone, one after the other);
- again, unchanged: the same once more (what a settings change costs);
- one result: one line corrected through the write path by the director,
  its rescore run eagerly as the embedded mode does (board-only: the board's
  lines across the field, every pair's total and place);
- score_event: ``manage.py score_event --json`` (scores afresh, stores
  nothing);
- results page, traveller page (board 1 of section A): Django's test
  client, with their query counts;
- Excel: the results workbook's bytes.

Prints a Markdown table: each figure, and its ratio to the smallest size's.
The goals: one result at 1,000 tables within 3x of 10 tables; at 2,000
tables whole rescore under 3 s, results page under 0.5 s, Excel under 20 s.

    .venv/bin/python bench/scale.py              # 10, 100 and 1,000 tables
    .venv/bin/python bench/scale.py --big        # and 2,000
    .venv/bin/python bench/scale.py --tables 10 50
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pages import setup_django  # noqa: E402

STEPS = (
    "lines",
    "store lines (bulk) s",
    "whole rescore s",
    "again, unchanged s",
    "one result s",
    "score_event s",
    "results page s",
    "results page queries",
    "traveller page s",
    "traveller page queries",
    "Excel s",
)


def timed(work: Callable[[], object], repeat: int = 1) -> float:
    """The best of ``repeat`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def page(client: object, url: str, repeat: int) -> tuple[float, int]:
    """A page's best time and its number of queries (it must answer 200)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    # Counted now: each request clears the connection's log of queries.
    count = len(queries)
    return timed(lambda: client.get(url), repeat), count


def measure(tables: int, repeat: int, across_field: bool = True) -> dict[str, float]:
    """Every figure of ``STEPS`` for a field of ``tables`` tables."""
    from django.test import Client
    from django.urls import reverse

    from bench.fields import mitchell_event
    from tournaments.exporters.workbook import event_workbook_bytes
    from tournaments.models import Result, Section
    from tournaments.rescore import rescore_section
    from tournaments.services.results import result_submit

    figures: dict[str, float] = {}
    start = time.perf_counter()
    event = mitchell_event(tables, across_field=across_field)
    figures["store lines (bulk) s"] = time.perf_counter() - start
    first = Section.objects.filter(session__event=event).order_by("pk").first()
    figures["lines"] = Result.objects.filter(
        board__section__session__event=event
    ).count()
    sections = list(Section.objects.filter(session__event=event).order_by("pk"))
    # Across the field one rescore covers every section; else each its own.
    wholes = sections[:1] if across_field else sections

    def whole() -> None:
        for section in wholes:
            rescore_section(section.pk)

    figures["whole rescore s"] = timed(whole)
    figures["again, unchanged s"] = timed(whole, repeat)
    line = Result.objects.filter(board__section=first).order_by("pk").first()
    turns = iter(range(10_000))

    def correct() -> None:
        result_submit(
            board=line.board, ns_pair=line.ns_pair, ew_pair=line.ew_pair,
            contract="3NT", declarer="N", tricks=7 + next(turns) % 7, result=line,
        )  # fmt: skip

    figures["one result s"] = timed(correct, repeat)
    from django.core.management import call_command

    figures["score_event s"] = timed(
        lambda: call_command(
            "score_event", str(event.pk), "--json", stdout=io.StringIO()
        )
    )
    client = Client()
    results = reverse("results:event", args=[event.pk])
    figures["results page s"], figures["results page queries"] = page(
        client, results, repeat
    )
    board = reverse("results:board", args=[first.pk, 1])
    figures["traveller page s"], figures["traveller page queries"] = page(
        client, board, repeat
    )
    figures["Excel s"] = timed(lambda: event_workbook_bytes(event))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--big", action="store_true", help="add 2,000 tables")
    parser.add_argument("--repeat", type=int, default=3, help="best of")
    parser.add_argument("--database-url", help="an empty database (default: SQLite)")
    parser.add_argument(
        "--by-section",
        action="store_true",
        help="score each section alone (default: across the field)",
    )
    options = parser.parse_args()
    sizes = sorted(set(options.tables + ([2000] if options.big else [])))
    with tempfile.TemporaryDirectory(prefix="donne-scale-") as folder:
        setup_django(Path(folder), options.database_url)
        from django.db import connection

        columns = {}
        for tables in sizes:
            columns[tables] = measure(
                tables, options.repeat, across_field=not options.by_section
            )
            print(f"measured {tables} tables", file=sys.stderr)
        vendor = connection.vendor
    base = sizes[0]
    scored = "each section alone" if options.by_section else "across the field"
    print(
        f"Python {sys.version.split()[0]}, {vendor}, scored {scored}, "
        f"best of {options.repeat}"
    )
    print()
    header = " | ".join(f"{tables} tables" for tables in sizes)
    print(f"| step | {header} |")
    print("|---|" + "---:|" * len(sizes))
    for step in STEPS:
        cells = []
        for tables in sizes:
            value = columns[tables][step]
            text = (
                f"{value:.0f}"
                if value >= 100 or step.endswith(("lines", "queries"))
                else f"{value:.3f}"
            )
            if tables != base and columns[base][step]:
                text += f" ({value / columns[base][step]:.1f}x)"
            cells.append(text)
        print(f"| {step} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
