"""Benchmark building Whiz movements against searching their offsets afresh.

Times, with time.perf_counter, best of 3 after a warm-up:

(a) :func:`whiz_movement` for every shape it accepts - 3 to 12 tables, 3T,
    3T - 1 and 3T - 2 players, every round count - and, per table count, the
    full session of 3T players, which also runs the validator;
(b) two baselines that look for full-session offsets with the same meeting
    counts as the embedded ones, in the same process: a plain depth-first
    search over the rounds that prunes only the hard constraints (a player
    plays a set once), and the same search also pruning a prefix that can no
    longer reach the target counts.  Both give up after a node budget.  They
    are told the target and only look at the full session, so they neither
    prove it is the best nor make curtailed sessions good, as the embedded
    offsets do.

Prints the meeting counts per table count and the times as Markdown tables,
and exits 1 if a movement is unsound or a baseline finds offsets the module
does not match.  Run ``.venv/bin/python bench/whiz_movement.py`` (``--quick``
for a small smoke run).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.whiz.movements import (
    MAX_TABLES,
    MIN_TABLES,
    check_whiz_movement,
    meeting_report,
    whiz_movement,
    whiz_offsets,
)

T = TypeVar("T")
REPEAT = 3
NODE_BUDGET = 200_000

Counts = tuple[int, int, int]
Offsets = tuple[tuple[int, ...], tuple[int, ...]]


class GaveUp(Exception):
    """A baseline search ran out of its node budget."""


def best_time(call: Callable[[], T], repeat: int) -> tuple[float, T]:
    """Return the best wall time of ``repeat`` runs after a warm-up, and a result."""
    result = call()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        best = min(best, time.perf_counter() - start)
    return best, result


def counts(tables: int, east: Sequence[int], south: Sequence[int]) -> Counts:
    """Return the distinct N-E, N-S and E-S meetings of a player."""
    return (
        len(set(east)),
        len(set(south)),
        len({(y - x) % tables for x, y in zip(east, south, strict=True)}),
    )


def dfs_offsets(tables: int, target: Counts, prune: bool, budget: int) -> Offsets:
    """Search T rounds of offsets reaching ``target``; raise GaveUp past budget.

    Round 1 is (0, 0); each later round tries every (x, y) whose sets x + k and
    y + k are new.  With ``prune`` a prefix is dropped once its repeated
    meetings exceed what the target allows over the whole session.
    """
    east, south = [0], [0]
    sets_e, sets_s = {0}, {0}
    nodes = 0
    slack = tuple(tables - n for n in target)

    def repeats() -> Counts:
        ne, ns, es = counts(tables, east, south)
        played = len(east)
        return (played - ne, played - ns, played - es)

    def walk(k: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise GaveUp
        if prune and any(r > s for r, s in zip(repeats(), slack, strict=True)):
            return False
        if k == tables:
            return counts(tables, east, south) == target
        for x in range(tables):
            if (x + k) % tables in sets_e:
                continue
            for y in range(tables):
                if (y + k) % tables in sets_s:
                    continue
                east.append(x)
                south.append(y)
                sets_e.add((x + k) % tables)
                sets_s.add((y + k) % tables)
                if walk(k + 1):
                    return True
                east.pop()
                south.pop()
                sets_e.discard((x + k) % tables)
                sets_s.discard((y + k) % tables)
        return False

    if not walk(1):
        raise ValueError(f"no offsets reach {target} for {tables} tables")
    return tuple(east), tuple(south)


def build_everything() -> int:
    """Build every movement the module accepts; return how many."""
    built = 0
    for tables in range(MIN_TABLES, MAX_TABLES + 1):
        for players in (3 * tables, 3 * tables - 1, 3 * tables - 2):
            for rounds in range(1, tables + 1):
                whiz_movement(tables, 3, players=players, rounds=rounds)
                built += 1
    return built


def baseline_cell(
    tables: int, target: Counts, prune: bool, budget: int, repeat: int
) -> tuple[str, bool]:
    """Time one baseline; return its table cell and whether it agrees."""
    try:
        seconds, found = best_time(
            lambda: dfs_offsets(tables, target, prune, budget), repeat
        )
    except GaveUp:
        return f"gave up ({budget:,} nodes)", True
    return f"{seconds * 1e3:.1f} ms", counts(tables, *found) == target


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables; return 1 if a check fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else REPEAT
    budget = NODE_BUDGET // 10 if args.quick else NODE_BUDGET
    ok = True

    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    seconds, built = best_time(build_everything, repeat)
    print(f"All {built} Whiz movements built in {seconds * 1e3:.1f} ms\n")

    print("| tables | build + check (ms) | N-E | N-S | E-S | bound |", end=" ")
    print("plain DFS | pruned DFS |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tables in range(MIN_TABLES, MAX_TABLES + 1):

        def build_and_check(tables: int = tables) -> list[str]:
            return check_whiz_movement(whiz_movement(tables, 3))

        seconds, problems = best_time(build_and_check, repeat)
        if problems:
            print(f"{tables} tables: {problems[:3]}", file=sys.stderr)
            ok = False
        report = meeting_report(whiz_movement(tables, 3))
        met = tuple(report[lines].fewest for lines in ("N-E", "N-S", "E-S"))
        target = counts(tables, *whiz_offsets(tables))
        ok &= met == target
        plain, agrees_plain = baseline_cell(tables, target, False, budget, repeat)
        pruned, agrees_pruned = baseline_cell(tables, target, True, budget, repeat)
        ok &= agrees_plain and agrees_pruned
        print(
            f"| {tables} | {seconds * 1e3:.2f} | {met[0]} | {met[1]} | {met[2]} "
            f"| {tables} | {plain} | {pruned} |"
        )
    if not ok:
        print("a check failed", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
