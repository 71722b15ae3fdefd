"""Benchmark Swiss team pairing against naive baselines.

Simulates Swiss team events (seeded random strengths, 20-VP match results,
12 VP for a bye) and records each round's standings, past matches and byes,
then times, with time.perf_counter, best of 3 after a warm-up:

(a) :func:`swiss_pairing` on every round of 50, 100 and 200 teams x 10
    rounds, against plain depth-first backtracking (the pairing a program
    does by trial and error, written below, giving up after a node budget);
(b) the same on an adversarial field whose bottom 11 teams have all met each
    other: top-down pairing then fails at the very end, and plain
    backtracking has to undo the field above them;
(c) on small fields, :func:`swiss_pairing_naive`, which enumerates every
    pairing.

Every baseline that finishes must give the same pairings; the script exits 1
if one does not.  Run ``.venv/bin/python bench/swiss.py`` (``--quick`` for a
small smoke run).  The tables are Markdown.
"""

from __future__ import annotations

import argparse
import itertools
import math
import platform
import random
import sys
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements.swiss import (
    count_rematches,
    swiss_pairing,
    swiss_pairing_naive,
)

T = TypeVar("T")
Pairing = tuple[int, int | None]

REPEAT = 3
NODE_BUDGET = 2_000_000
BYE_VP = 12.0


@dataclass(frozen=True)
class Round:
    """What a pairing function is given for one round."""

    order: tuple[int, ...]
    played: frozenset[frozenset[int]]
    byes: frozenset[int]


class GaveUp(Exception):
    """Plain backtracking ran out of its node budget."""


def simulate(teams: int, rounds: int, seed: int) -> list[Round]:
    """Play a Swiss event with swiss_pairing; return the input of each round."""
    rng = random.Random(seed)
    strength = {t: rng.gauss(0, 1) for t in range(1, teams + 1)}
    vp = dict.fromkeys(strength, 0.0)
    played: set[frozenset[int]] = set()
    byes: set[int] = set()
    inputs = []
    for _ in range(rounds):
        order = tuple(sorted(strength, key=lambda t: (-vp[t], t)))
        inputs.append(Round(order, frozenset(played), frozenset(byes)))
        for home, away in swiss_pairing(order, played, byes):
            if away is None:
                byes.add(home)
                vp[home] += BYE_VP
                continue
            margin = 10 * (strength[home] - strength[away]) + rng.gauss(0, 12)
            home_vp = max(0.0, min(20.0, 10 + margin / 3))
            vp[home] += home_vp
            vp[away] += 20 - home_vp
            played.add(frozenset((home, away)))
    return inputs


def bottom_clique(teams: int) -> Round:
    """A field whose bottom 11 teams have all met each other, and no one else."""
    bottom = range(teams - 10, teams + 1)
    played = frozenset(frozenset(p) for p in itertools.combinations(bottom, 2))
    return Round(tuple(range(1, teams + 1)), played, frozenset())


def backtracking_pairing(
    order: Sequence[int],
    played: Collection[frozenset[int]],
    byes: Collection[int] = (),
    budget: int = NODE_BUDGET,
) -> list[Pairing]:
    """Plain depth-first backtracking, with the rule of swiss_pairing.

    Allow 0 rematches, then 1, 2 ...; for each, try the byes in their order of
    preference and pair top-down, fresh opponents first.  Raise GaveUp after
    ``budget`` tentative matches.
    """
    teams = list(order)
    met = {frozenset(pair) for pair in played}
    choices: list[int | None] = [None]
    if len(teams) % 2:
        eligible = [t for t in teams if t not in byes] or teams
        choices = list(reversed(eligible))
    nodes = 0

    def pair_up(left: list[int], allowed: int) -> list[Pairing] | None:
        nonlocal nodes
        if not left:
            return []
        t, rest = left[0], left[1:]
        fresh = [c for c in rest if frozenset((t, c)) not in met]
        replays = [c for c in rest if frozenset((t, c)) in met]
        for c in fresh + (replays if allowed else []):
            nodes += 1
            if nodes > budget:
                raise GaveUp
            tail = pair_up(
                [v for v in rest if v != c], allowed - (frozenset((t, c)) in met)
            )
            if tail is not None:
                return [(t, c), *tail]
        return None

    for allowed in range(len(teams) // 2 + 1):
        for bye in choices:
            found = pair_up([t for t in teams if t != bye], allowed)
            if found is not None:
                return found + ([] if bye is None else [(bye, None)])
    raise AssertionError("a pairing with every match a rematch always exists")


def best_of(func: Callable[[], T], repeat: int = REPEAT) -> tuple[float, T]:
    """Return the best wall time in seconds of ``repeat`` calls after a warm-up."""
    result = func()
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def run_all(
    pairing: Callable[..., list[Pairing]], rounds: list[Round]
) -> list[list[Pairing]]:
    """Pair every recorded round with ``pairing``."""
    return [pairing(r.order, r.played, r.byes) for r in rounds]


def seconds(value: float) -> str:
    """Format a duration for the tables."""
    if value < 1e-3:
        return f"{value * 1e6:,.0f} µs"
    if value < 1:
        return f"{value * 1e3:,.1f} ms"
    return f"{value:,.2f} s"


def table(header: Sequence[str], rows: list[Sequence[str]]) -> str:
    """Return an aligned Markdown table, first column left, the others right."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        cells = [
            f"{cell:<{w}}" if i == 0 else f"{cell:>{w}}"
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "| " + " | ".join(cells) + " |"

    rule = "| " + " | ".join(
        "-" * w if i == 0 else "-" * (w - 1) + ":" for i, w in enumerate(widths)
    )
    return "\n".join([line(header), rule + " |", *(line(row) for row in rows)])


def versus(
    label: str,
    rounds: list[Round],
    baseline: Callable[..., list[Pairing]],
    repeat: int,
) -> tuple[list[str], bool]:
    """Time swiss_pairing and ``baseline`` on ``rounds``; return a row and agreement."""
    t_fast, fast = best_of(lambda: run_all(swiss_pairing, rounds), repeat)
    rematches = sum(
        count_rematches(pairs, r.played) for pairs, r in zip(fast, rounds, strict=True)
    )
    start = time.perf_counter()
    try:
        t_base, base = best_of(lambda: run_all(baseline, rounds), repeat)
    except GaveUp:
        t_base = time.perf_counter() - start
        return [
            label,
            seconds(t_fast),
            seconds(t_fast / len(rounds)),
            f"> {seconds(t_base)} (gave up)",
            f"> {t_base / t_fast:,.0f}x",
            str(rematches),
            "-",
        ], True
    same = base == fast
    return [
        label,
        seconds(t_fast),
        seconds(t_fast / len(rounds)),
        seconds(t_base),
        f"{t_base / t_fast:,.1f}x",
        str(rematches),
        "yes" if same else "NO",
    ], same


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables; return 1 if a check fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sizes = (20, 50) if args.quick else (50, 100, 200)
    small = ((8, 7), (10, 8)) if args.quick else ((8, 7), (10, 9), (12, 11))
    repeat = 1 if args.quick else REPEAT

    print(f"Donne Swiss pairing benchmark ({'quick' if args.quick else 'full'} run)")
    print(
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}"
    )
    print(
        f"Timing: time.perf_counter, best of {repeat} after a warm-up; "
        f"seed {args.seed}; ratio = baseline time / swiss_pairing time"
    )
    print()
    header = (
        "Field",
        "swiss_pairing",
        "per round",
        "baseline",
        "ratio",
        "rematches",
        "same",
    )
    ok = True

    rows = []
    for n in sizes:
        rounds = simulate(n, 10, args.seed)
        row, same = versus(
            f"{n} teams x 10 rounds", rounds, backtracking_pairing, repeat
        )
        rows.append(row)
        ok &= same
    print("(a) Simulated Swiss events; baseline: plain depth-first backtracking")
    print()
    print(table(header, rows))
    print()

    rows = []
    for n in sizes:
        row, same = versus(
            f"{n} teams, bottom 11 all met",
            [bottom_clique(n)],
            backtracking_pairing,
            repeat,
        )
        rows.append(row)
        ok &= same
    print(
        "(b) Adversarial field; baseline: plain depth-first backtracking, "
        f"stopped after {NODE_BUDGET:,} tentative matches"
    )
    print()
    print(table(header, rows))
    print()

    rows = []
    for n, rounds_played in small:
        rounds = simulate(n, rounds_played, args.seed)
        row, same = versus(
            f"{n} teams x {rounds_played} rounds", rounds, swiss_pairing_naive, repeat
        )
        rows.append(row)
        ok &= same
    print("(c) Small simulated fields; baseline: enumerate every pairing")
    print()
    print(table(header, rows))
    print()
    print("All baselines that finished agree." if ok else "MISMATCH: see 'same'.")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
