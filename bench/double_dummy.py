"""Benchmark double-dummy analysis of a session's deals (games.double_dummy).

Deals a seeded set of random boards (36 by default, a long club session) and
times, with time.perf_counter, best of 3:

(a) ``solve_all``: the whole set handed to DDS at once, which spreads the
    deals over its threads (what the Celery task does, in batches);
(b) the naive baseline: ``solve`` one deal after another;
(c) ``par`` of every board from its table (no second solve).

Checks that (a) and (b) give the same tables and exits non-zero if not.
Run ``.venv/bin/python bench/double_dummy.py`` (``--boards N``).  Needs the
optional endplay package.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bridge import board_dealer, board_vulnerability
from games.deal import Deal
from games.double_dummy import available, par, solve, solve_all

T = TypeVar("T")


def best_of(runs: int, task: Callable[[], T]) -> tuple[float, T]:
    """The fastest of ``runs`` timings of ``task``, and its last result."""
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = task()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not available():
        print("endplay is not installed: pip install endplay")
        return 1
    rng = Random(20261122)
    deals = [Deal.random(rng) for _ in range(args.boards)]
    batch, tables = best_of(args.runs, lambda: solve_all(deals))
    naive, one_by_one = best_of(args.runs, lambda: [solve(deal) for deal in deals])
    numbers = range(1, args.boards + 1)
    pars, _ = best_of(
        args.runs,
        lambda: [
            par(table, board_vulnerability(n), board_dealer(n))
            for n, table in zip(numbers, tables, strict=True)
        ],
    )
    print(f"{args.boards} deals, {os.cpu_count()} CPUs, best of {args.runs}")
    print("| step | seconds | per deal (ms) | vs naive |")
    print("|---|---:|---:|---:|")
    for name, seconds in (
        ("solve one by one (naive)", naive),
        ("solve_all (DDS threads)", batch),
        ("par from the tables", pars),
    ):
        ratio = naive / seconds if seconds else float("inf")
        print(
            f"| {name} | {seconds:.3f} | {1000 * seconds / args.boards:.1f} "
            f"| {ratio:.1f}x |"
        )
    if tables != one_by_one:
        print("MISMATCH: batch and one-by-one tables differ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
