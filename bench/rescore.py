"""Time a whole-section rescore: load, score, store (issue 21, item 2).

Builds, in bulk, one matchpointed section of 10, 100 (and with ``--big``
1,000) tables x 26 boards, every board played at every table (so 260, 2,600
and 26,000 lines), scores it once, then times the three steps of
``rescore/pairs.py`` (load the lines, score them, store the figures) in three
cases:

- "unchanged": the section rescored as it stands (a rescore that finds
  nothing new, as most of the runs a busy evening queues);
- "one line": one line's score changed, then the whole section rescored;
- "all": every stored figure cleared first, so every row must be written
  (a changed scoring method, an import);

each with main's store (``store.old_store()``: every row rewritten by
``bulk_update``'s CASE/WHEN, the baseline, in this same process) and with the
new one (only the changed rows, ``UPDATE … FROM`` a ``VALUES`` list on
SQLite, ``unnest`` of one array a column on PostgreSQL).  Prints a
Markdown table with each step's time, the ratio of store to load and the new
store's speed-up.  The goal: a whole-section rescore of 26,000 lines takes
about as long as loading it.

    .venv/bin/python bench/rescore.py                 # 10 and 100 tables
    .venv/bin/python bench/rescore.py --big           # and 1,000 tables
    .venv/bin/python bench/rescore.py --database-url postgres://…  # an empty database
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

# Run as a script, the project root must come first on sys.path.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pages import setup_django  # noqa: E402

BOARDS = 26
CASES = ("unchanged", "one line", "all")


def build(tables: int) -> int:
    """A matchpointed section of ``tables`` tables x 26 boards, every board
    played at every table (NS pair n against EW pair n), stored in bulk and
    scored once; its id."""
    import datetime as dt

    from tournaments.models import Board, Pair, Result, Section
    from tournaments.rescore import rescore_section
    from tournaments.services.events import event_create

    event = event_create(name=f"Rescore {tables}", date=dt.date.today())
    section = Section.objects.create(
        session=event.sessions.get(),
        letter="A",
        movement=Section.Movement.NONE,
        tables=tables,
        rounds=1,
        boards_per_round=BOARDS,
    )
    Pair.objects.bulk_create(
        Pair(section=section, number=number, direction=direction)
        for direction in ("NS", "EW")
        for number in range(1, tables + 1)
    )
    pairs = {(p.direction, p.number): p.pk for p in section.pairs.all()}
    Board.objects.bulk_create(
        Board(section=section, number=number) for number in range(1, BOARDS + 1)
    )
    Result.objects.bulk_create(
        (
            Result(
                board=board,
                ns_pair_id=pairs["NS", table],
                ew_pair_id=pairs["EW", table],
                contract="3NT",
                declarer="N",
                tricks=9,
                # Scores spread over 50 values, so every board has ties.
                score_ns=10 * ((board.number * 7 + table * 13) % 50) - 200,
            )
            for board in section.boards.all()
            for table in range(1, tables + 1)
        ),
        batch_size=2000,
    )
    rescore_section(section.pk)
    return section.pk


def prepare(section_pk: int, case: str, turn: int) -> None:
    """Make the stored section ready for ``case``."""
    from tournaments.models import PairScore, Result
    from tournaments.rescore.pairs_store import LINE_FIELDS

    lines = Result.objects.filter(board__section=section_pk)
    if case == "one line":
        line = lines.order_by("pk").first()
        Result.objects.filter(pk=line.pk).update(score_ns=-1000 - turn)
    elif case == "all":
        lines.update(**dict.fromkeys(LINE_FIELDS))
        PairScore.objects.filter(pair__section=section_pk).update(
            mp=None, pct=None, top=None, rank=""
        )


def rescore_steps(section_pk: int) -> tuple[float, float, float]:
    """Rescore the section as ``rescore_pairs_section`` does; the seconds
    spent loading, scoring and storing."""
    from django.db import transaction

    from tournaments.models import Section
    from tournaments.rescore import pairs, pairs_store
    from tournaments.rescore.pair_settings import event_settings

    with transaction.atomic():
        start = time.perf_counter()
        section = (
            Section.objects.select_for_update(of=("self",), no_key=True)
            .select_related("session__event")
            .get(pk=section_pk)
        )
        data = pairs.load_section(section)
        loaded = time.perf_counter()
        scored = pairs.score_loaded(data, event_settings(section.session.event))
        score_done = time.perf_counter()
        pairs_store.store_mp_lines(data.stored, scored.lines)
        pairs_store.store_standings([section], scored.rankings, pairs_store.MP_FIGURES)
        stored = time.perf_counter()
    return loaded - start, score_done - loaded, stored - score_done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="and 1,000 tables")
    parser.add_argument("--repeat", type=int, default=3, help="best of")
    parser.add_argument(
        "--database-url", help="an empty database to use (default: SQLite file)"
    )
    parser.add_argument(
        "--tables", type=int, nargs="+", help="these sizes instead (tables)"
    )
    parser.add_argument(
        "--chunk", type=int, help="rows a statement (default: store.CHUNK)"
    )
    args = parser.parse_args()
    sizes = args.tables or ([10, 100, 1000] if args.big else [10, 100])
    with tempfile.TemporaryDirectory(prefix="donne-rescore-") as folder:
        setup_django(Path(folder), args.database_url)
        from django.db import connection

        from tournaments.rescore import store

        if args.chunk:
            store.CHUNK = args.chunk
        rows = []
        turn = 0
        for tables in sizes:
            start = time.perf_counter()
            section_pk = build(tables)
            print(
                f"built {tables} tables in {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )
            for case in CASES:
                best: dict[str, tuple[float, float, float]] = {}
                for name, context in (("main", store.old_store), ("new", nullcontext)):
                    for _ in range(args.repeat):
                        turn += 1
                        prepare(section_pk, case, turn)
                        with context():
                            steps = rescore_steps(section_pk)
                        if name not in best or sum(steps) < sum(best[name]):
                            best[name] = steps
                speed_up = best["main"][2] / best["new"][2]
                for name, (load, score, store_time) in best.items():
                    rows.append(
                        (tables * BOARDS, case, name, load, score, store_time,
                         store_time / load, speed_up if name == "new" else None)
                    )  # fmt: skip
        version = ""
        if connection.vendor == "sqlite":
            version = connection.Database.sqlite_version
        elif connection.vendor == "postgresql":
            version = str(connection.pg_version)
        print(
            f"Python {sys.version.split()[0]}, {connection.vendor} {version}, "
            f"best of {args.repeat}"
        )
        print()
        print("| lines | case | store | load s | score s | store s | store / load "
              "| store speed-up |")  # fmt: skip
        print("|---:|---|---|---:|---:|---:|---:|---:|")
        for lines, case, name, load, score, stored, ratio, speed_up in rows:
            up = "" if speed_up is None else f"{speed_up:.1f}x"
            print(
                f"| {lines} | {case} | {name} | {load:.3f} | {score:.3f} "
                f"| {stored:.3f} | {ratio:.2f} | {up} |"
            )


if __name__ == "__main__":
    main()
