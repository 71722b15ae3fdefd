"""Time one changed result's rescore at 10 and at 2,000 tables (issue 34, item 3).

A result should cost about the same whatever the size of the field.  For each
size, builds one event scored across the field (``bench/fields.py``:
Mitchell sections of at most 25 tables, 26 boards a table, every line stored
in bulk), scores it whole, then, for matchpoints and for IMPs (Butler), times
the rescore a write queues (``services.rescoring.rescore`` of the section,
its ``ScoringRequest`` naming the changed line's board, as
``section_changed`` leaves it): one line of board 1 of section A given
another score, then the board rescored across the field, the pairs totalled,
ranked and stored.  The write itself is not timed (``bench/write_path.py``).

Prints, for each method, each size's best CPU time (and that run's wall
time) and query count, and the
ratio of each size to the smallest (the goal: within 3x); with ``--check``,
also that the stored figures then equal a whole rescore's.  The sizes are
timed in turns, one run of each, so that a loaded machine slows them alike.

    .venv/bin/python bench/one_result.py                    # 10 and 2,000 tables
    .venv/bin/python bench/one_result.py --tables 10 200
    .venv/bin/python bench/one_result.py --database-url postgres://…  # empty
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pages import setup_django  # noqa: E402

METHODS = ("mp", "butler")
# The changed line's NS scores, in turn: every one moves its board's figures.
SCORES = (430, -50, 620, 100, -200, 460)


def build(tables: int) -> tuple[int, int, int]:
    """A field of ``tables`` tables scored whole: its event, section A and
    the line of board 1 that the bench changes."""
    from bench.fields import mitchell_event
    from tournaments.models import Result, Section
    from tournaments.rescore import rescore_section

    event = mitchell_event(tables, across_field=True)
    first = Section.objects.filter(session__event=event).order_by("pk").first()
    rescore_section(first.pk)
    line = (
        Result.objects.filter(board__section=first, board__number=1)
        .order_by("pk")
        .first()
    )
    return event.pk, first.pk, line.pk


def use_method(event_pk: int, section_pk: int, method: str) -> None:
    """Score the event by ``method`` from now on, rescored whole."""
    from tournaments.models import Event
    from tournaments.rescore import rescore_section

    Event.objects.filter(pk=event_pk).update(
        method=Event.Method.MATCHPOINTS if method == "mp" else method
    )
    rescore_section(section_pk)


def one_result(
    section_pk: int, line_pk: int, turn: int, *, counted: bool = False
) -> tuple[float, int, dict]:
    """Change the line's score, ask for its board, run the queued rescore:
    its CPU seconds (this process's: SQLite's work is in it, a PostgreSQL
    server's is not), its queries (when ``counted``: Django's query log costs
    time of its own, so a counted run is not a timed one) and its outcome."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Result, ScoringRequest
    from tournaments.services.rescoring import rescore

    line = Result.objects.get(pk=line_pk)
    Result.objects.filter(pk=line_pk).update(score_ns=SCORES[turn % len(SCORES)])
    ScoringRequest.objects.create(section_id=section_pk, board_id=line.board_id)
    with CaptureQueriesContext(connection) if counted else nullcontext() as queries:
        start, wall = time.process_time(), time.perf_counter()
        outcome = rescore(section_pk, queued=True)
        seconds = time.process_time() - start
    outcome["wall"] = time.perf_counter() - wall
    return seconds, len(queries) if counted else 0, outcome


def stored_figures(section_pk: int) -> tuple[list, list]:
    """Every line's and pair score's stored figures of the field."""
    from tournaments.models import PairScore, Result, Section

    event = Section.objects.get(pk=section_pk).session.event_id
    lines = Result.objects.filter(board__section__session__event=event)
    scores = PairScore.objects.filter(pair__section__session__event=event)
    return (
        list(lines.order_by("pk").values_list("pk", "mp_ns", "mp_ew", "pct_ns",
                                               "pct_ew", "top", "imp_ns", "imp_ew")),
        list(scores.order_by("pair_id").values_list(
            "pair_id", "mp", "top", "pct", "imps", "penalty", "boards", "rank",
            "ranking", "field_rank")),
    )  # fmt: skip


def agrees_with_whole(section_pk: int) -> bool:
    """Whether the stored figures are those a whole rescore stores."""
    from tournaments.rescore import rescore_section

    after = stored_figures(section_pk)
    rescore_section(section_pk)
    return after == stored_figures(section_pk)


def measure(
    method: str, fields: dict[int, tuple[int, int, int]], repeat: int
) -> dict[tuple[str, int], tuple]:
    """Each field's best time of ``repeat`` one-result rescores, its query
    count, its board's lines and the lines written.  The sizes take turns
    (one run of each, ``repeat`` times over), so a busy machine slows them
    alike and the ratio holds."""
    best: dict[tuple[str, int], tuple] = {}
    queries = {}
    turns = itertools.count(1)
    for tables, (_, section_pk, line_pk) in fields.items():
        _, queries[tables], _ = one_result(
            section_pk, line_pk, next(turns), counted=True
        )
    for _ in range(repeat):
        for tables, (_, section_pk, line_pk) in fields.items():
            seconds, _, outcome = one_result(section_pk, line_pk, next(turns))
            assert outcome.get("boards") == 1, outcome
            if (method, tables) not in best or seconds < best[method, tables][0]:
                best[method, tables] = (
                    seconds, queries[tables], outcome["lines"], outcome["written"],
                    outcome["wall"],
                )  # fmt: skip
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 2000])
    parser.add_argument("--repeat", type=int, default=7, help="best of")
    parser.add_argument("--check", action="store_true", help="compare with whole")
    parser.add_argument("--database-url", help="an empty database (default: SQLite)")
    options = parser.parse_args()
    sizes = sorted(set(options.tables))
    figures: dict[tuple[str, int], tuple] = {}
    checks: dict[tuple[str, int], bool] = {}
    with tempfile.TemporaryDirectory(prefix="donne-one-result-") as folder:
        setup_django(Path(folder), options.database_url)
        from django.db import connection

        fields = {}
        for tables in sizes:
            start = time.perf_counter()
            fields[tables] = build(tables)
            print(
                f"built {tables} tables in {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )
        for method in METHODS:
            for event_pk, section_pk, _ in fields.values():
                use_method(event_pk, section_pk, method)
            figures.update(measure(method, fields, options.repeat))
            if options.check:
                for tables, (_, section_pk, _) in fields.items():
                    checks[method, tables] = agrees_with_whole(section_pk)
        vendor = connection.vendor
    print(f"Python {sys.version.split()[0]}, {vendor}, best of {options.repeat}")
    print()
    check = " = whole |" if options.check else ""
    print("| method | tables | board's lines | lines written | queries | CPU s "
          f"| x {sizes[0]} tables | wall s |{check}")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|" + ("---|" if check else ""))
    for method in METHODS:
        base = figures[method, sizes[0]][0]
        for tables in sizes:
            seconds, queries, lines, written, wall = figures[method, tables]
            check = f" {checks[method, tables]} |" if options.check else ""
            print(
                f"| {method} | {tables} | {lines} | {written} | {queries} "
                f"| {seconds:.4f} | {seconds / base:.1f}x | {wall:.4f} |{check}"
            )


if __name__ == "__main__":
    main()
