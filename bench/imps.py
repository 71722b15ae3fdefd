"""Benchmark pairs scored by IMPs: the production scorer against its cores.

Times the CPU seconds of this process (time.process_time: a shared
machine's other work does not count; ratios in one process are what count),
for cross-IMPs (published per comparison) and Butler (EBU trimming, datum
rounded to ten):

(1) one board of 20,000 results: the cores (``scoring.imps.cross_imps``;
    ``scoring.imps.butler``, the datum and each score's IMPs),
    ``score_imp_session`` before (``scoring.imp_reference``, the line by line
    scorer it replaced) and after, and ``score_imp_columns`` from arrays;
(2) a field of 1,000,000 lines (40,000 boards x 25, 40,000 pairs): building
    the ``TravellerLine`` objects, the cores board by board, the scorer
    before and after, and the columns.

Best of 3 after a warm-up, except the multi-second runs, timed once.  Then
checks that before, after and the columns give the same lines, datums and
rankings, and exits non-zero if not.  ``--quick`` for a small smoke run.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np

# Run as a script, this file's folder comes first on sys.path: put the
# project root in front of it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scoring import SCORE_POOL, seconds, table
from scoring.imp_columns import ImpColumnScore, score_imp_columns
from scoring.imp_reference import score_imp_session_by_lines
from scoring.imp_session import (
    ImpMethod,
    ImpSessionScore,
    ImpSettings,
    imp_rankings,
    score_imp_session,
)
from scoring.imps import butler, cross_imps
from scoring.session import TravellerLine

T = TypeVar("T")

REPEAT = 3
# Each board's results come from this many neighbouring scores of the pool.
SCORES_PER_BOARD = 8
METHODS = {
    "cross-IMPs": ImpSettings(method=ImpMethod.CROSS_IMPS),
    "Butler": ImpSettings(method=ImpMethod.BUTLER),
}


class Field:
    """Traveller lines as columns (board, NS pair, EW pair, NS score) and
    as the ``TravellerLine`` objects the line scorer takes."""

    def __init__(self, boards: int, results: int, pairs: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        n = boards * results
        board = np.repeat(np.arange(1, boards + 1), results)
        offset = rng.integers(0, len(SCORE_POOL), boards + 1)[board]
        pick = rng.integers(0, SCORES_PER_BOARD, n)
        shuffle = rng.permutation(n)
        self.boards = board[shuffle]
        self.scores = SCORE_POOL[(offset + pick) % len(SCORE_POOL)][shuffle]
        half = max(pairs // 2, results)
        self.ns = rng.integers(1, half + 1, n)
        self.ew = half + rng.integers(1, half + 1, n)
        self.lines: list[TravellerLine] = []

    def build_lines(self) -> None:
        """Make the TravellerLine objects (timed apart)."""
        self.lines = [
            TravellerLine(b, ns, ew, s)
            for b, ns, ew, s in zip(
                self.boards.tolist(),
                self.ns.tolist(),
                self.ew.tolist(),
                self.scores.tolist(),
                strict=True,
            )
        ]

    def board_scores(self) -> list[list[int]]:
        """Each board's scores, as the cores take them."""
        order = np.argsort(self.boards, kind="stable")
        cuts = np.flatnonzero(np.diff(self.boards[order])) + 1
        return [part.tolist() for part in np.split(self.scores[order], cuts)]

    def columns(self, settings: ImpSettings) -> ImpColumnScore:
        """The session by ``score_imp_columns``."""
        return score_imp_columns(
            self.boards, self.ns, self.ew, self.scores, settings=settings
        )


def best_of(func: Callable[[], T], repeat: int = REPEAT) -> tuple[float, T]:
    """The best CPU time in seconds of ``repeat`` calls after a warm-up."""
    result = func()
    best = math.inf
    for _ in range(repeat):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def once(func: Callable[[], T]) -> tuple[float, T]:
    """The CPU time in seconds of one call (the multi-second runs)."""
    start = time.process_time()
    result = func()
    return time.process_time() - start, result


def same(columns: ImpColumnScore, scored: ImpSessionScore) -> bool:
    """True when the columns hold the session's figures, datums and rankings."""
    return (
        columns.lines.ns_imps.tolist() == [line.ns_imps for line in scored.lines]
        and columns.lines.ew_imps.tolist() == [line.ew_imps for line in scored.lines]
        and columns.lines.datums == scored.datums
        and imp_rankings(columns.pairs) == scored.rankings
    )


def bench_board(
    results: int, seed: int
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, bool]]]:
    """(1) One board of ``results`` results: timings, ratios and checks."""
    field = Field(1, results, 2 * results, seed)
    field.ns = np.arange(1, results + 1)
    field.ew = field.ns + results
    field.build_lines()
    scores = field.scores.tolist()
    size = f"1 board x {results:,}"
    cores = {
        "cross-IMPs": best_of(lambda: cross_imps(scores, average=True))[0],
        "Butler": best_of(lambda: butler(scores))[0],
    }
    timings, ratios, checks = [], [], []
    for name, settings in METHODS.items():
        t_old, old = best_of(
            lambda s=settings: score_imp_session_by_lines(field.lines, settings=s), 1
        )
        t_new, new = best_of(
            lambda s=settings: score_imp_session(field.lines, settings=s)
        )
        t_cols, cols = best_of(lambda s=settings: field.columns(s))
        core = "cross_imps" if name == "cross-IMPs" else "butler"
        timings += [
            (f"{name}: {core} (the core), {size}", seconds(cores[name])),
            (f"{name}: score_imp_session before, {size}", seconds(t_old)),
            (f"{name}: score_imp_session after, {size}", seconds(t_new)),
            (f"{name}: score_imp_columns, {size}", seconds(t_cols)),
        ]
        ratios += [
            (f"{name}: after / {core} (goal: at most 2x)", times(t_new / cores[name])),
            (f"{name}: score_imp_columns / {core}", times(t_cols / cores[name])),
            (f"{name}: before / after", times(t_old / t_new)),
        ]
        checks += [
            (f"{name}: after == before, {size}", new == old),
            (f"{name}: columns == before, {size}", same(cols, old)),
        ]
    return timings, ratios, checks


def bench_field(
    boards: int, results: int, seed: int
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, bool]]]:
    """(2) A field of ``boards`` x ``results`` lines: timings, ratios, checks."""
    field = Field(boards, results, 40_000, seed)
    size = f"{boards * results:,} lines"
    t_build, _ = once(field.build_lines)
    per_board = field.board_scores()
    cores = {
        "cross-IMPs": once(lambda: [cross_imps(s, average=True) for s in per_board]),
        "Butler": once(lambda: [butler(s) for s in per_board]),
    }
    timings = [(f"build the TravellerLine objects, {size}", seconds(t_build))]
    ratios, checks = [], []
    for name, settings in METHODS.items():
        t_core = cores[name][0]
        t_old, old = once(
            lambda s=settings: score_imp_session_by_lines(field.lines, settings=s)
        )
        t_new, new = once(lambda s=settings: score_imp_session(field.lines, settings=s))
        t_cols, cols = best_of(lambda s=settings: field.columns(s))
        core = "cross_imps" if name == "cross-IMPs" else "butler"
        timings += [
            (f"{name}: {core} board by board (the core), {size}", seconds(t_core)),
            (f"{name}: score_imp_session before, {size}", seconds(t_old)),
            (f"{name}: score_imp_session after, {size}", seconds(t_new)),
            (f"{name}: score_imp_columns, {size}", seconds(t_cols)),
        ]
        ratios += [
            (f"{name}: after / {core} board by board", times(t_new / t_core)),
            (
                f"{name}: score_imp_columns / {core} board by board",
                times(t_cols / t_core),
            ),
            (f"{name}: before / after", times(t_old / t_new)),
            (
                f"{name}: (build + before) / score_imp_columns",
                times((t_build + t_old) / t_cols),
            ),
        ]
        checks += [
            (f"{name}: after == before, {size}", new == old),
            (f"{name}: columns == before, {size}", same(cols, old)),
        ]
    return timings, ratios, checks


def times(value: float) -> str:
    """A ratio for the tables."""
    return f"{value:,.2f}x"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables; 1 if a check fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run")
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args(argv)
    results, boards, per_board = (
        (2_000, 400, 25) if options.quick else (20_000, 40_000, 25)
    )
    timings, ratios, checks = bench_board(results, options.seed)
    field = bench_field(boards, per_board, options.seed)
    timings, ratios, checks = timings + field[0], ratios + field[1], checks + field[2]
    print(table(("IMP scoring", "time"), timings))
    print()
    print(table(("ratio (same process)", "ratio"), ratios))
    print()
    print(
        table(
            ("check", "result"),
            [(label, "ok" if ok else "FAILED") for label, ok in checks],
        )
    )
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    raise SystemExit(main())
