"""Benchmark the scoring of a national simultaneous pairs field.

Builds a synthetic field (by default 50 boards x 20,000 results = 1,000,000
traveller lines, 40,000 pairs) and times, with time.perf_counter, best of 3
after a warm-up:

(a) the numpy pipeline of :mod:`scoring.field`: Neuberg matchpoints of every
    line, pair percentages, places;
(b) the same matchpoints with the pure-Python per-board functions;
(c) cross-IMPs of one board of the field;
(d) the naive O(n^2) references on smaller sizes, extrapolated to the full size
    as n^2, giving the speed-up ratios the project reports;
(e) whole-session scoring as a rescore needs it (line MP and %, pair
    totals, %, places in NS and EW groups): ``score_session`` from
    ``TravellerLine`` objects, ``scoring.columns.score_columns`` from plain
    arrays (also with a few adjusted lines), and a numpy floor (one sort,
    searchsorted, one bincount), with ratios.  ``--columnar`` runs (e) alone;
(f) the production path, what the matchpoint rescore runs, from the plain
    rows the database gives (``bench/scoring_production.py``), against the
    peer (when Node and its source are found) and a numpy floor fed from
    the same rows, with ratios.  ``--production`` runs (f) alone.  These
    are the figures to quote for the product's speed: (a) to (e) time the
    cores, which the rescoring does not call as such.

Then checks that the fast and reference functions agree, and exits non-zero if
they do not.  Run ``.venv/bin/python bench/scoring.py`` (``--quick`` for a
small smoke run).  The tables are Markdown, for the README's Performance
section.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

# Run as a script, this file's folder comes first on sys.path and its name
# would shadow the scoring package: put the project root in front of it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scoring_production import production_section
from scoring.board import ArtificialScore, WeightedScore
from scoring.columns import ColumnScore, score_columns
from scoring.field import matchpoint_field, pair_totals, rank_field
from scoring.imps import cross_imps, cross_imps_naive
from scoring.matchpoints import matchpoints, matchpoints_naive, neuberg, top
from scoring.ranking import places
from scoring.session import SessionScore, TravellerLine, score_session

T = TypeVar("T")

TOP_PER_BEAT = 2
TARGET_SECONDS = 0.5
REPEAT = 3

# NS scores that occur at the table: part scores, games, slams, penalties.
SCORE_POOL = np.array(
    [
        -1430, -980, -800, -650, -620, -500, -450, -420, -300, -200, -170, -140,
        -110, -100, -50, 50, 70, 90, 100, 110, 120, 140, 150, 170, 200, 300, 400,
        420, 430, 450, 460, 480, 500, 600, 620, 630, 650, 660, 680, 800, 920, 980,
        990, 1100, 1430, 1440, 1460,
    ]
)  # fmt: skip
# Distinct scores on one board, and how unevenly they are spread: most boards
# have one or two par results that many tables reach, and a tail of others.
SCORES_PER_BOARD = 12
SPREAD = 0.6


@dataclass(frozen=True)
class Size:
    """How big the benchmarked field and the naive samples are."""

    boards: int
    results: int
    naive_results: int

    @property
    def lines(self) -> int:
        """Traveller lines in the field."""
        return self.boards * self.results


FULL = Size(boards=50, results=20_000, naive_results=2_000)
QUICK = Size(boards=10, results=2_000, naive_results=300)


@dataclass(frozen=True)
class Field:
    """Traveller lines of a field: board id, NS score, NS pair and EW pair."""

    boards: np.ndarray
    scores: np.ndarray
    ns_pairs: np.ndarray
    ew_pairs: np.ndarray


def make_field(size: Size, rng: np.random.Generator) -> Field:
    """Return a field where every NS pair meets a different EW pair on each board.

    Boards are not all played the same number of times, as in a simultaneous
    pairs whose heats differ: board counts vary by up to 1 % around the mean,
    keeping the total at boards x results, so the Neuberg factoring does real
    work.  NS pairs are 1..R and EW pairs R+1..2R (R the most results on a
    board); the lines are shuffled, as travellers reach the scorer in no
    particular order.
    """
    r = size.results
    swing = rng.integers(0, r // 100 + 1, size.boards // 2)
    counts = np.full(size.boards, r)
    counts[: swing.size] += swing
    counts[swing.size : 2 * swing.size] -= swing
    most = int(counts.max())
    boards, scores, ns_pairs, ew_pairs = [], [], [], []
    for board, played in enumerate(counts):
        candidates = rng.choice(SCORE_POOL, SCORES_PER_BOARD, replace=False)
        weights = rng.dirichlet(np.full(SCORES_PER_BOARD, SPREAD))
        scores.append(rng.choice(candidates, played, p=weights))
        boards.append(np.full(played, board + 1))
        ns = rng.choice(most, played, replace=False) + 1
        ns_pairs.append(ns)
        # A Mitchell-like shift: on board b, NS pair i plays EW pair i + 7b.
        ew_pairs.append(most + 1 + (ns - 1 + 7 * board) % most)
    shuffle = rng.permutation(size.lines)
    return Field(
        *(
            np.concatenate(column)[shuffle]
            for column in (boards, scores, ns_pairs, ew_pairs)
        )
    )


def best_of(func: Callable[[], T], repeat: int = REPEAT) -> tuple[float, T]:
    """Return the best wall time in seconds of ``repeat`` calls after a warm-up."""
    result = func()
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def python_field(
    boards: Sequence[int], scores: Sequence[int], expected: int
) -> list[float]:
    """Neuberg matchpoints of every line with the pure-Python per-board functions."""
    lines_of: dict[int, list[int]] = {}
    for line, board in enumerate(boards):
        lines_of.setdefault(board, []).append(line)
    result = [0.0] * len(boards)
    for lines in lines_of.values():
        factored = neuberg(
            matchpoints([scores[i] for i in lines], TOP_PER_BEAT),
            len(lines),
            expected,
            TOP_PER_BEAT,
        )
        for line, value in zip(lines, factored, strict=True):
            result[line] = value
    return result


def once(func: Callable[[], T]) -> tuple[float, T]:
    """Return the wall time in seconds of one call (for the multi-second
    references, where a warm-up and three runs would take a minute)."""
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def numpy_floor(field: Field, top_per_beat: float) -> np.ndarray:
    """The least numpy work that gives each line's MP and each pair's total:
    one argsort of (board, score) keys, searchsorted on the sorted keys for
    the lines below and at each score and for the board's first line, one
    bincount over both sides.  No Neuberg, percentages, rounding or ranks:
    the floor ``score_columns`` is measured against."""
    low = int(field.scores.min())
    span = int(field.scores.max()) - low + 1
    key = field.boards.astype(np.int64) * span + (field.scores - low)
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    below = np.searchsorted(ordered, ordered, "left")
    at_or_below = np.searchsorted(ordered, ordered, "right")
    first = np.searchsorted(ordered, ordered // span * span, "left")
    mp = np.empty(len(key))
    mp[order] = (below + at_or_below - 1 - 2 * first) * (top_per_beat / 2)
    board_top = top_per_beat * (np.bincount(field.boards)[field.boards] - 1)
    return np.bincount(
        np.concatenate((field.ns_pairs, field.ew_pairs)),
        weights=np.concatenate((mp, board_top - mp)),
    )


def field_pipeline(field: Field, expected: int) -> np.ndarray:
    """(a) end to end: Neuberg MP, pair percentages, places (one group, no
    line percentages, no rounding to score_board's figures)."""
    mp = matchpoint_field(
        field.boards, field.scores, top_per_beat=TOP_PER_BEAT, expected=expected
    )
    board_top = top(expected, TOP_PER_BEAT)
    _, percentages = pair_totals(
        np.concatenate((field.ns_pairs, field.ew_pairs)),
        np.concatenate((mp, board_top - mp)),
        board_top,
    )
    return rank_field(percentages)


def adjusted_lines(field: Field, rng: np.random.Generator, weighted: bool) -> dict:
    """A few adjusted lines, as a rescore meets them: an A+/A- and an award
    against an absent EW pair on each board, and with ``weighted`` one
    weighted score (its board's raw matchpoints are worked out apart)."""
    special: dict[int, WeightedScore | ArtificialScore] = {}
    for board in np.unique(field.boards).tolist():
        on_board = np.flatnonzero(field.boards == board)
        first, second = rng.choice(on_board, 2, replace=False).tolist()
        special[first] = ArtificialScore("A+", "A-")
        special[second] = ArtificialScore(60, 0, absent="EW")
    if weighted:
        plain = next(i for i in range(len(field.boards)) if i not in special)
        special[plain] = WeightedScore(((0.7, 420.0), (0.3, 450.0)))
    return special


def same_figures(columns: ColumnScore, scored: SessionScore) -> bool:
    """True when the columnar result equals score_session's, float for float."""
    if columns.pairs is None or columns.pairs.rankings() != scored.rankings:
        return False
    lines = scored.lines
    return all(
        getattr(columns, name).tolist() == [getattr(line, name) for line in lines]
        for name in ("ns_mp", "ew_mp", "ns_pct", "ew_pct", "top")
    )


def columnar_section(
    field: Field, size: Size, expected: int, rng: np.random.Generator
) -> list[tuple[str, bool]]:
    """(e): print the whole-session timings and ratios; return the checks."""
    most = int(field.ns_pairs.max())
    pairs = np.unique(np.concatenate((field.ns_pairs, field.ew_pairs))).tolist()
    groups = {pair: "NS" if pair <= most else "EW" for pair in pairs}
    columns = (field.boards, field.ns_pairs, field.ew_pairs, field.scores)
    options = {"groups": groups, "expected": expected}
    artificial = adjusted_lines(field, rng, weighted=False)
    with_weighted = adjusted_lines(field, rng, weighted=True)

    def travellers(special: dict) -> list[TravellerLine]:
        return [
            TravellerLine(board, ns, ew, special.get(i, score))
            for i, (board, ns, ew, score) in enumerate(
                zip(*(column.tolist() for column in columns), strict=True)
            )
        ]

    t_build, lines = once(lambda: travellers({}))
    t_session, scored = once(lambda: score_session(lines, **options))
    t_columns, fast = best_of(lambda: score_columns(*columns, **options))
    t_artificial, _ = best_of(
        lambda: score_columns(*columns, special=artificial, **options)
    )
    t_weighted, fast_weighted = best_of(
        lambda: score_columns(*columns, special=with_weighted, **options)
    )
    t_floor, _ = best_of(lambda: numpy_floor(field, TOP_PER_BEAT))
    t_pipeline, _ = best_of(lambda: field_pipeline(field, expected))
    adjusted = travellers(with_weighted)
    t_session_adjusted, scored_adjusted = once(
        lambda: score_session(adjusted, **options)
    )

    n_lines = f"{size.lines:,} lines"
    print(
        table(
            ("(e) Whole session, MP + % + totals + places, NS/EW groups", "Time"),
            [
                (f"build TravellerLine objects, {n_lines} (one run)", seconds(t_build)),
                (f"score_session, {n_lines} (one run)", seconds(t_session)),
                (
                    f"score_session, {n_lines}, {len(artificial)} artificial "
                    "and 1 weighted (one run)",
                    seconds(t_session_adjusted),
                ),
                (f"score_columns from arrays, {n_lines}", seconds(t_columns)),
                (
                    f"score_columns, {len(artificial)} artificial lines",
                    seconds(t_artificial),
                ),
                (
                    "score_columns, the same and 1 weighted",
                    seconds(t_weighted),
                ),
                ("numpy floor: 1 argsort, searchsorted, bincount", seconds(t_floor)),
                (
                    "(a) pipeline: matchpoint_field, pair_totals, rank_field",
                    seconds(t_pipeline),
                ),
            ],
        )
    )
    print()
    peer = 0.60
    ratios = [
        ("score_session / score_columns", t_session / t_columns),
        (
            "(build + score_session) / score_columns",
            (t_build + t_session) / t_columns,
        ),
        ("score_columns / numpy floor (goal: at most 3x)", t_columns / t_floor),
        ("score_columns with adjusted lines / numpy floor", t_artificial / t_floor),
        (
            "score_columns / the (a) pipeline (no groups, rounding, texts)",
            t_columns / t_pipeline,
        ),
        (f"score_columns / the peer's quoted {peer:.2f} s", t_columns / peer),
    ]
    print(
        table(
            ("(e) Ratios, same process", "Ratio"),
            [(label, f"{ratio:,.2f}x") for label, ratio in ratios],
        )
    )
    print()
    return [
        (f"score_columns == score_session, {n_lines}", same_figures(fast, scored)),
        (
            f"score_columns == score_session, {n_lines} with "
            f"{len(artificial)} artificial and 1 weighted",
            same_figures(fast_weighted, scored_adjusted),
        ),
    ]


def seconds(value: float) -> str:
    """Format a duration for the tables."""
    if value < 1:
        return f"{value * 1e3:,.1f} ms"
    return f"{value:,.2f} s"


def table(header: tuple[str, str], rows: list[tuple[str, str]]) -> str:
    """Return an aligned Markdown table, figures right-aligned."""
    left = max(len(header[0]), *(len(label) for label, _ in rows))
    right = max(len(header[1]), *(len(value) for _, value in rows))
    lines = [
        f"| {header[0]:<{left}} | {header[1]:>{right}} |",
        f"| {'-' * left} | {'-' * (right - 1)}: |",
    ]
    lines += [f"| {label:<{left}} | {value:>{right}} |" for label, value in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables; return 1 if a check fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--columnar", action="store_true", help="run (e), whole sessions, alone"
    )
    parser.add_argument(
        "--production",
        action="store_true",
        help="run (f), the rescore's path from the database's rows, alone",
    )
    parser.add_argument(
        "--peer", help="a checkout of richardschneider/bridge-scorer, for (f)"
    )
    args = parser.parse_args(argv)
    size = QUICK if args.quick else FULL
    rng = np.random.default_rng(args.seed)
    field = make_field(size, rng)
    n_pairs = int(np.unique(np.concatenate((field.ns_pairs, field.ew_pairs))).size)

    print(f"Donne scoring benchmark ({'quick' if args.quick else 'full'} run)")
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.system()} {platform.machine()}, os.cpu_count() = {os.cpu_count()}"
    )
    print(
        f"Field: {size.boards} boards x {size.results:,} results = "
        f"{size.lines:,} traveller lines, {n_pairs:,} pairs, seed {args.seed}"
    )
    print(f"Timing: time.perf_counter, best of {REPEAT} after a warm-up")
    print()

    # (a) The numpy pipeline, every board factored up to the most-played one.
    expected = int(np.bincount(field.boards).max())
    if args.columnar:
        return report(columnar_section(field, size, expected, rng))
    production = production_section(field, size, expected, rng, TOOLS, args.peer)
    if args.production:
        return report(production)
    board_top = top(expected, TOP_PER_BEAT)
    both_pairs = np.concatenate((field.ns_pairs, field.ew_pairs))

    def score_lines() -> np.ndarray:
        return matchpoint_field(
            field.boards, field.scores, top_per_beat=TOP_PER_BEAT, expected=expected
        )

    def total_pairs(mp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return pair_totals(both_pairs, np.concatenate((mp, board_top - mp)), board_top)

    def pipeline() -> np.ndarray:
        return rank_field(total_pairs(score_lines())[1])

    t_mp, mp = best_of(score_lines)
    t_totals, (pair_ids, percentages) = best_of(lambda: total_pairs(mp))
    t_rank, ranked = best_of(lambda: rank_field(percentages))
    t_pipeline, _ = best_of(pipeline)

    # (b) Pure Python, from plain lists as the per-board API takes them.
    board_list, score_list = field.boards.tolist(), field.scores.tolist()
    t_python, python_mp = best_of(
        lambda: python_field(board_list, score_list, expected)
    )
    percentage_list = percentages.tolist()
    t_places, python_places = best_of(lambda: places(percentage_list))

    # (c) Cross-IMPs of one whole board of the field.
    first_board = field.boards[0]
    # np.resize repeats the board's scores to exactly R results.
    board_scores = np.resize(field.scores[field.boards == first_board], size.results)
    board_score_list = board_scores.tolist()
    t_cross, _ = best_of(lambda: cross_imps(board_score_list))

    # (d) Naive O(n^2) references on a sample of that board, scaled up as n^2.
    sample = board_score_list[: size.naive_results]
    t_mp_naive, mp_naive = best_of(lambda: matchpoints_naive(sample, TOP_PER_BEAT))
    t_cross_naive, cross_naive = best_of(lambda: cross_imps_naive(sample))
    scale = (size.results / size.naive_results) ** 2
    mp_naive_full = t_mp_naive * scale * size.boards
    cross_naive_full = t_cross_naive * scale

    lines = f"{size.lines:,} lines"
    timings = [
        (f"(a) matchpoint_field + Neuberg, {lines}", seconds(t_mp)),
        (
            f"(a) pair_totals, {len(pair_ids):,} pairs from {len(both_pairs):,} "
            "entries",
            seconds(t_totals),
        ),
        (f"(a) rank_field, {len(ranked):,} pairs", seconds(t_rank)),
        ("(a) total: the three steps end to end", seconds(t_pipeline)),
        (
            f"(b) per-board matchpoints + neuberg (pure Python), {lines}",
            seconds(t_python),
        ),
        (f"(b) ranking.places (pure Python), {n_pairs:,} pairs", seconds(t_places)),
        (
            f"(c) cross_imps, 1 board x {len(board_scores):,} results",
            seconds(t_cross),
        ),
        (
            f"(d) matchpoints_naive, 1 board x {len(sample):,} results, measured",
            seconds(t_mp_naive),
        ),
        (
            f"(d) matchpoints_naive, {size.boards} boards x {size.results:,}, "
            "extrapolated",
            seconds(mp_naive_full),
        ),
        (
            f"(d) cross_imps_naive, {len(sample):,} results, measured",
            seconds(t_cross_naive),
        ),
        (
            f"(d) cross_imps_naive, {len(board_scores):,} results, extrapolated",
            seconds(cross_naive_full),
        ),
    ]
    print(table(("Step", "Time"), timings))
    print()

    ratios = [
        ("matchpoint_field vs matchpoints_naive", mp_naive_full / t_mp),
        ("pure-Python matchpoints vs matchpoints_naive", mp_naive_full / t_python),
        ("matchpoint_field vs pure-Python matchpoints", t_python / t_mp),
        ("cross_imps vs cross_imps_naive", cross_naive_full / t_cross),
        ("rank_field vs pure-Python ranking.places", t_places / t_rank),
    ]
    print(
        table(
            ("Speed-up, same process (reference time / ours)", "Ratio"),
            [(label, f"{ratio:,.0f}x") for label, ratio in ratios],
        )
    )
    print()

    on_board = field.boards == first_board
    played = field.scores[on_board].tolist()
    checks = [
        (
            f"matchpoint_field == matchpoints, board {first_board} "
            f"({len(played):,} lines)",
            matchpoint_field(field.boards, field.scores, top_per_beat=TOP_PER_BEAT)[
                on_board
            ].tolist()
            == matchpoints(played, TOP_PER_BEAT),
        ),
        (
            f"matchpoint_field + Neuberg == matchpoints + neuberg, {lines}",
            mp.tolist() == python_mp,
        ),
        (
            f"cross_imps == cross_imps_naive, {len(sample):,} results",
            cross_imps(sample) == cross_naive,
        ),
        (
            f"matchpoints == matchpoints_naive, {len(sample):,} results",
            matchpoints(sample, TOP_PER_BEAT) == mp_naive,
        ),
        (
            f"rank_field == ranking.places, {n_pairs:,} pairs",
            ranked.tolist() == python_places,
        ),
    ]
    checks += columnar_section(field, size, expected, rng)
    checks += production
    print(
        table(
            ("Check", "Result"),
            [(label, "ok" if passed else "FAILED") for label, passed in checks],
        )
    )
    if not args.quick:
        # Informative only: a busy machine must not fail the consistency run.
        met = "met" if t_pipeline < TARGET_SECONDS else "NOT met"
        print(
            f"\nTarget for (a), the numpy core alone (not the rescoring's path: "
            f"see (f)), under {TARGET_SECONDS} s for {lines}: {met} "
            f"({seconds(t_pipeline)} for its three steps)."
        )
    return report(checks, printed=True)


TOOLS = {
    "seconds": seconds,
    "table": table,
    "numpy_floor": numpy_floor,
    "Field": Field,
    "adjusted_lines": adjusted_lines,
}


def report(checks: list[tuple[str, bool]], *, printed: bool = False) -> int:
    """Print the checks (unless ``printed``); return 1 if one failed."""
    if not printed:
        print(
            table(
                ("Check", "Result"),
                [(label, "ok" if passed else "FAILED") for label, passed in checks],
            )
        )
    failed = [label for label, passed in checks if not passed]
    if failed:
        print(f"\n{len(failed)} check(s) failed: {'; '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
