"""What one tablet submission costs: SQL queries and CPU time (issue 34, item 4).

Builds a pairs event of one Mitchell section (``--tables`` tables, 3 boards
a round, as many rounds as tables) in a throwaway SQLite database with
Celery eager (the embedded mode: the rescore a write queues runs inline,
once the write commits), then enters every line of the session the way
the tablets do: ``result_enter`` with ``source=TABLE``, the table and an
idempotency key, round by round (each round's lines then agreed in bulk,
unmeasured, so that the tables move on).

Each submission is split in two: the write itself (the checks, the
transaction, the audit row, the request for a rescore and the push to the
live pages) and the rescore that eager Celery runs after it commits
(``services.rescoring._queue_after_write``).  Two passes: one counts each
part's queries, the other times each part's CPU (``time.process_time``)
with no query counting in the way.

The baseline is the same measurement run on another commit
(``--baseline``, by default main before the issue-34 write-path work): its
tree is exported by ``git archive`` into a temporary folder, this script
copied beside it, and both trees measured in turn by a fresh interpreter
each, in the same run, alternately (``--repeat``).  Prints a Markdown table
of both, and the ratios.

    .venv/bin/python bench/write_path.py                  # baseline and this tree
    .venv/bin/python bench/write_path.py --sites          # and queries by call site
    .venv/bin/python bench/write_path.py --only           # this tree only
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# main before the issue-34 write-path work (branch i34-write).
BASELINE = "3a1e714"
BOARDS_PER_ROUND = 3


def setup(folder: Path) -> None:
    """An embedded Donne in ``folder``: SQLite, eager Celery, migrated."""
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DONNE_DATA_DIR=str(folder),
        DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite3'}",
        DJANGO_SECRET_KEY="bench-write-path-not-secret",
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        LOG_LEVEL="ERROR",
    )
    sys.path.insert(0, str(Path.cwd()))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def submissions(tables: int, name: str) -> tuple[Any, list[list[dict[str, Any]]]]:
    """A new Mitchell section of ``tables`` tables, and its lines as the
    tablets send them, grouped by round (``result_enter``'s keywords)."""
    import datetime as dt

    from tournaments.models import Board, Pair, Source, Table
    from tournaments.selectors.movement import section_movement
    from tournaments.services.events import (
        MovementChoice,
        event_create,
        section_create,
    )

    event = event_create(name=name, date=dt.date(2026, 11, 20))
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", tables, BOARDS_PER_ROUND),
    )
    movement = section_movement(section)
    boards = {board.number: board for board in Board.objects.filter(section=section)}
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    seats = {table.number: table for table in Table.objects.filter(section=section)}
    rounds: dict[int, list[dict[str, Any]]] = {}
    contracts = (("3NT", "S", 9), ("4S", "N", 10), ("2H", "E", 7), ("1NT", "W", 8))
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        for number in seating.boards:
            contract, declarer, tricks = contracts[(number + seating.table) % 4]
            rounds.setdefault(seating.round, []).append(
                {
                    "board": boards[number + section.first_board - 1],
                    "ns_pair": pairs[movement.pair(seating.ns).label],
                    "ew_pair": pairs[movement.pair(seating.ew).label],
                    "contract": contract,
                    "declarer": declarer,
                    "tricks": tricks,
                    "source": Source.TABLE,
                    "table": seats[seating.table],
                    "key": f"t{seating.table}r{seating.round}b{number}",
                }
            )
    return section, [rounds[number] for number in sorted(rounds)]


def fresh(line: dict[str, Any]) -> dict[str, Any]:
    """``line`` with its board, pairs and table read again, each alone (as a
    request reads them by number), so that no submission finds what an
    earlier one read (the section, its session, its event) already cached."""
    from tournaments.models import Board, Pair, Table

    models = {"board": Board, "ns_pair": Pair, "ew_pair": Pair, "table": Table}
    return {
        name: models[name].objects.get(pk=value.pk) if name in models else value
        for name, value in line.items()
    }


class Phase:
    """Which part of a submission runs now: the write, or the rescore that
    eager Celery runs once it commits (``_queue_after_write`` patched)."""

    def __init__(self) -> None:
        from tournaments.services import rescoring

        self.rescoring = rescoring
        self.original = rescoring._queue_after_write
        self.in_rescore = False
        self.rescore_cpu = 0.0
        rescoring._queue_after_write = self._queue

    def _queue(self, *args: Any, **kwargs: Any) -> Any:
        self.in_rescore = True
        started = time.process_time()
        try:
            return self.original(*args, **kwargs)
        finally:
            self.rescore_cpu += time.process_time() - started
            self.in_rescore = False


def play(tables: int, *, count: bool, sites: bool) -> dict[str, Any]:
    """Enter a whole session's lines; per submission, the write's and the
    rescore's queries (``count``) or CPU milliseconds."""
    from django.db import connection
    from django.utils import timezone

    from tournaments.models import Result
    from tournaments.services.results import result_enter

    phase = Phase()
    section, rounds = submissions(tables, f"Bench {count}")
    by_site: collections.Counter[str] = collections.Counter()
    queries = {"write": 0, "rescore": 0}

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        part = "rescore" if phase.in_rescore else "write"
        queries[part] += 1
        if sites:
            frames = [
                frame
                for frame in traceback.extract_stack()
                if "/tournaments/" in frame.filename
            ]
            where = (
                f"{frames[-1].filename.split('/tournaments/')[-1]}:{frames[-1].name}"
                if frames
                else "?"
            )
            by_site[f"{part} {where}"] += 1
        return execute(sql, params, many, context)

    rows: list[dict[str, float]] = []
    for lines in rounds:
        for sent in lines:
            line = fresh(sent)
            queries.update(write=0, rescore=0)
            phase.rescore_cpu = 0.0
            started = time.process_time()
            if count:
                with connection.execute_wrapper(counted):
                    result_enter(**line)
                rows.append(dict(queries))
            else:
                result_enter(**line)
                total = time.process_time() - started
                rows.append(
                    {
                        "write": (total - phase.rescore_cpu) * 1000,
                        "rescore": phase.rescore_cpu * 1000,
                    }
                )
        Result.objects.filter(board__section=section).update(confirmed=timezone.now())
    return {"rows": rows, "sites": dict(by_site.most_common(60))}


def measure(tables: int, sites: bool) -> dict[str, Any]:
    """This tree's figures (``--measure``), as JSON on stdout."""
    folder = Path(tempfile.mkdtemp(prefix="donne_write_path_"))
    try:
        setup(folder)
        counted = play(tables, count=True, sites=sites)
        timed = play(tables, count=False, sites=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"queries": counted["rows"], "cpu": timed["rows"], "sites": counted["sites"]}


def run_tree(tree: Path, tables: int, sites: bool) -> dict[str, Any]:
    """``measure`` run by a fresh interpreter in ``tree``."""
    command = [sys.executable, str(tree / "bench" / "write_path.py"), "--measure"]
    command += ["--tables", str(tables)] + (["--sites"] if sites else [])
    done = subprocess.run(
        command, cwd=tree, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def export(ref: str, folder: Path) -> Path:
    """The tree of commit ``ref`` in ``folder``, with this script beside it."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    shutil.copy(Path(__file__), folder / "bench" / "write_path.py")
    return folder


def summary(figures: dict[str, Any]) -> dict[str, float]:
    """Mean (and for CPU the median and 90th centile) per submission."""
    out: dict[str, float] = {}
    for part in ("write", "rescore"):
        counts = [row[part] for row in figures["queries"]]
        out[f"{part} queries, mean"] = statistics.fmean(counts)
        out[f"{part} queries, max"] = max(counts)
        cpu = sorted(row[part] for row in figures["cpu"])
        out[f"{part} CPU ms, median"] = statistics.median(cpu)
        out[f"{part} CPU ms, p90"] = cpu[int(0.9 * (len(cpu) - 1))]
    totals = [row["write"] + row["rescore"] for row in figures["queries"]]
    out["total queries, mean"] = statistics.fmean(totals)
    cpu_totals = sorted(row["write"] + row["rescore"] for row in figures["cpu"])
    out["total CPU ms, median"] = statistics.median(cpu_totals)
    return out


def merged(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs of one tree: their queries (the same each run) and the
    median of their CPU times, submission by submission."""
    cpu = [
        {part: statistics.median(run["cpu"][i][part] for run in runs)
         for part in ("write", "rescore")}
        for i in range(len(runs[0]["cpu"]))
    ]  # fmt: skip
    return {"queries": runs[0]["queries"], "cpu": cpu, "sites": runs[0]["sites"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--sites", action="store_true")
    parser.add_argument("--only", action="store_true", help="this tree only")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.tables, args.sites)))
        return
    trees = {"this tree": ROOT}
    with tempfile.TemporaryDirectory(prefix="donne_baseline_") as folder:
        if not args.only:
            trees = {f"baseline {args.baseline}": export(args.baseline, Path(folder))}
            trees["this tree"] = ROOT
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                runs[name].append(run_tree(tree, args.tables, args.sites))
    figures = {name: merged(found) for name, found in runs.items()}
    lines = len(next(iter(figures.values()))["queries"])
    print(
        f"One {args.tables}-table Mitchell, {BOARDS_PER_ROUND} boards a round: "
        f"{lines} tablet submissions (result_enter, eager Celery, SQLite), "
        f"CPU the median of {args.repeat} runs a tree.\n"
    )
    summaries = {name: summary(found) for name, found in figures.items()}
    names = list(summaries)
    header = ["per submission", *names]
    if len(names) == 2:
        header.append("after / before")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for key in summaries[names[0]]:
        cells = [f"{summaries[name][key]:.2f}" for name in names]
        if len(names) == 2:
            before, after = summaries[names[0]][key], summaries[names[1]][key]
            cells.append(f"{after / before:.2f}" if before else "-")
        print(f"| {key} | " + " | ".join(cells) + " |")
    if args.sites:
        for name, found in figures.items():
            print(f"\nQueries by call site, {name} (all {lines} submissions):")
            for where, number in found["sites"].items():
                print(f"{number / lines:6.2f}  {where}")


if __name__ == "__main__":
    main()
