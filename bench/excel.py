"""Benchmark the results workbook (.xlsx) against the size of the field.

Builds, on a throwaway embedded (SQLite) database, one event a size: Mitchell
sections of at most 25 tables (as ``manage.py bench_section`` splits them),
about 26 boards a table, every line entered and scored; then times
``event_workbook_bytes`` (best of 3) and prints, for each size, the lines,
the time, the time per 1,000 lines and the ratios to the 10-table and
100-table figures.  The goal (issue 21): 1,000 tables within 15x of 100.

Run ``.venv/bin/python bench/excel.py`` (10, 100 and 300 tables) or with
``--big`` (adds 1,000); ``--tables 10 40`` picks the sizes;
``--compare-lxml`` times each size with and without lxml (openpyxl writes
through lxml when it is installed).  Figures only: no assertion on time.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 300])
    parser.add_argument("--big", action="store_true", help="add 1,000 tables")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--compare-lxml",
        action="store_true",
        help="also run the sizes without lxml (a child process: openpyxl "
        "chooses its XML writer once, at import) and print the ratios",
    )
    options = parser.parse_args()
    sizes = sorted(set(options.tables + ([1000] if options.big else [])))
    if options.compare_lxml:
        _compare_lxml(sizes, options.repeat)
        return
    with tempfile.TemporaryDirectory(prefix="donne-excel-") as folder:
        _django(Path(folder))
        from django.core.management import call_command

        call_command("migrate", "--noinput", verbosity=0)
        print("| tables | lines | sheets | build s | ms/1k lines | x 10 t | x 100 t |")
        print("|---|---|---|---|---|---|---|")
        figures: dict[int, float] = {}
        for tables in sizes:
            event = _event(tables)
            seconds, lines, sheets = _time(event, options.repeat)
            figures[tables] = seconds
            print(
                f"| {tables:,} | {lines:,} | {sheets:,} | {seconds:.2f} "
                f"| {seconds / lines * 1e6:.0f} | {_ratio(figures, 10, seconds)} "
                f"| {_ratio(figures, 100, seconds)} |",
                flush=True,
            )


def _compare_lxml(sizes: list[int], repeat: int) -> None:
    """The build times with and without lxml (``OPENPYXL_LXML=False``), each
    size run in both, alternately, in child processes of this script."""
    import subprocess

    def seconds(lxml: bool, tables: int) -> float:
        env = dict(os.environ, OPENPYXL_LXML="True" if lxml else "False")
        command = [sys.executable, __file__, "--tables", str(tables)]
        command += ["--repeat", str(repeat)]
        out = subprocess.run(
            command, env=env, capture_output=True, text=True, check=True
        ).stdout
        row = [line for line in out.splitlines() if line.startswith(f"| {tables:,} ")]
        return float(row[0].split("|")[4])

    print("| tables | with lxml s | without lxml s | without / with |")
    print("|---|---|---|---|")
    for tables in sizes:
        with_lxml, without = seconds(True, tables), seconds(False, tables)
        print(
            f"| {tables:,} | {with_lxml:.2f} | {without:.2f} "
            f"| {without / with_lxml:.2f} |",
            flush=True,
        )


def _django(folder: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'donne.sqlite3'}"
    os.environ["DONNE_DATA_DIR"] = str(folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _ratio(figures: dict[int, float], base: int, seconds: float) -> str:
    return f"{seconds / figures[base]:.1f}" if base in figures else "-"


def _time(event: object, repeat: int) -> tuple[float, int, int]:
    from io import BytesIO

    from openpyxl import load_workbook

    from tournaments.exporters.workbook import event_workbook_bytes
    from tournaments.models import Result

    best = math.inf
    for _ in range(repeat):
        started = time.perf_counter()
        data = event_workbook_bytes(event)
        best = min(best, time.perf_counter() - started)
    lines = Result.objects.filter(board__section__session__event=event).count()
    sheets = len(load_workbook(BytesIO(data), read_only=True).sheetnames)
    return best, lines, sheets


def _event(tables: int) -> object:
    """An event of ``tables`` Mitchell tables, every line stored and scored."""
    from bench.fields import mitchell_event
    from tournaments.rescore import rescore_section

    event = mitchell_event(tables)
    for section in event.sessions.get().sections.all():
        rescore_section(section.pk)
    return event


if __name__ == "__main__":
    main()
