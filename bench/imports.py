"""Benchmark results-file imports against the size of the field (issue 21).

Writes, for each size, a PBN file of ``tables`` tables x 26 boards in the
score-table form (Bridgewebs, ScoreBridge), in sections of at most 50 tables
(``--section-tables``; a file's board holds at most 999 lines a section):
every board played at every table of its section, NS pair ``t`` against a
different EW pair on each board, so ``26 x tables`` lines.  On a throwaway
embedded (SQLite) database it then times, in the same process:

* ``parse``: reading the file (``importers.pbn.parse_sessions``);
* ``store``: ``importers.event_store.event_import`` inside a transaction, without
  the rescore it queues (the lines checked in memory and stored in bulk);
* ``+ score``: the whole-section rescore the import queues once it commits;
* the queries the store makes (they must not grow with the lines);
* ``before``: the path main had (every line through the one write path,
  ``result_submit`` or ``result_adjust``, ~10 queries a line, kept here as
  ``_line_store``), for the sizes up to ``--before-max`` tables (default
  100: it takes 2.5 ms a line).

Prints a Markdown table with the ratios of ``before`` to ``store`` and of
each size's store to the 10-table figure.  The goal: 2,000 tables (52,000
lines) imported in under 20 s.  Run ``.venv/bin/python bench/imports.py``
(10, 100, 1,000 and 2,000 tables) or ``--tables 10 100``.  Figures only:
no assertion on time.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BOARDS = 26
SCORE_TABLE = '"PairId_NS;PairId_EW;Contract;Declarer;Result"'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 1000, 2000])
    parser.add_argument("--before-max", type=int, default=100)
    parser.add_argument("--section-tables", type=int, default=50)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="donne-imports-") as folder:
        _django(Path(folder))
        from django.core.management import call_command

        call_command("migrate", "--noinput", verbosity=0)
        print(
            "| tables | lines | parse s | store s | queries | + score s "
            "| before s | before queries | before / store | store x 10 t |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        stores: dict[int, float] = {}
        for tables in sorted(set(options.tables)):
            data = pbn_field(tables, options.section_tables).encode()
            row = _measure(data, tables, before=tables <= options.before_max)
            stores[tables] = row["store"]
            base = stores.get(10)
            before = row.get("before")
            print(
                f"| {tables:,} | {row['lines']:,} | {row['parse']:.2f} "
                f"| {row['store']:.2f} | {row['queries']} | {row['score']:.2f} "
                f"| {_figure(before)} | {row.get('before_queries', '-')} "
                f"| {_times(before, row['store'])} "
                f"| {_times(row['store'], base)} |",
                flush=True,
            )


def pbn_field(tables: int, per_section: int = 50) -> str:
    """A PBN file of ``tables`` tables x 26 boards in sections of at most
    ``per_section`` tables, each board's lines in a score table."""
    dice = random.Random(tables)
    games = ["% PBN 2.1\n"]
    head = '[Event "Bench field"]\n[Date "2026.11.20"]\n'
    sizes = [per_section] * (tables // per_section)
    sizes += [tables % per_section] if tables % per_section else []
    for index, size in enumerate(sizes):
        letter = _letter(index)
        for board in range(1, BOARDS + 1):
            games.append(f'{head}[Section "{letter}"]\n[Board "{board}"]\n')
            head = '[Event "#"]\n'
            games.append(
                '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
            )
            for table in range(1, size + 1):
                ew = size + (table - 1 + board) % size + 1
                contract = dice.choice(("3NT", "4S", "2H", "3NT"))
                tricks = dice.choice((7, 8, 9, 9, 10, 10, 11))
                games.append(f"{table} {ew} {contract} N {tricks}\n")
            games.append("\n")
    return "".join(games)


def _letter(index: int) -> str:
    """Section letters A..Z, then AA, AB... (four characters at most)."""
    first, second = divmod(index, 26)
    return (chr(ord("A") + first - 1) if first else "") + chr(ord("A") + second)


class _Counter:
    """Counts the queries a block makes (no 9,000-query cap, no SQL kept)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def _measure(data: bytes, tables: int, *, before: bool) -> dict[str, float]:
    from django.db import connection, transaction

    from tournaments.importers.event_store import event_import
    from tournaments.importers.pbn import parse_sessions
    from tournaments.models import Result

    started = time.perf_counter()
    parts = parse_sessions(data, name=f"Bench {tables}")
    row: dict[str, float] = {"parse": time.perf_counter() - started}
    queries = _Counter()
    started = time.perf_counter()
    with transaction.atomic():
        with connection.execute_wrapper(queries):
            event = event_import(parts)
        row["store"] = time.perf_counter() - started
        started = time.perf_counter()
    row["score"] = time.perf_counter() - started  # the queued rescore
    row["queries"] = queries.count
    row["lines"] = Result.objects.filter(board__section__session__event=event).count()
    if before:
        row["before"], row["before_queries"] = _before(parts)
    return row


def _before(parts: list) -> tuple[float, int]:
    """Main's path: pairs and boards, then every line through the write path."""
    from django.db import connection, transaction

    from tournaments.importers.event_store import (
        imported_event_create,
        imported_section_create,
    )

    queries = _Counter()
    with connection.execute_wrapper(queries):
        started = time.perf_counter()
        with transaction.atomic():
            event = imported_event_create(parts)
            for part in parts:
                rows = imported_section_create(event, parts, part)
                for line in part.lines:
                    board = rows.boards[line.board]
                    ns, ew = rows.pairs[line.ns], rows.pairs[line.ew]
                    _line_store(line, board, ns, ew)
            seconds = time.perf_counter() - started
            transaction.set_rollback(True)
        return seconds, queries.count


def _line_store(line: object, board: object, ns: object, ew: object) -> None:
    """Main's ``importers.event_store.line_store``: one line through the write path."""
    from tournaments.models import Source
    from tournaments.services.results import (
        result_adjust,
        result_submit,
        result_weighted,
    )

    where = {"board": board, "ns_pair": ns, "ew_pair": ew, "rescore": False,
             "source": Source.IMPORT}  # fmt: skip
    if line.adjusted:
        ns_mark, ew_mark = line.adjusted
        result_adjust(ns=ns_mark, ew=ew_mark, absent=line.absent, **where)
    elif line.weighted:
        result_weighted(parts=line.weighted, **where)
    else:
        result_submit(contract=line.contract, declarer=line.declarer,
                      tricks=line.tricks, lead=line.lead[:3], **where)  # fmt: skip


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _times(value: float | None, base: float | None) -> str:
    return "-" if value is None or not base else f"{value / base:.1f}"


def _django(folder: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'donne.sqlite3'}"
    os.environ["DONNE_DATA_DIR"] = str(folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


if __name__ == "__main__":
    main()
