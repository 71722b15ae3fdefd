"""Where the numpy matchpointing of plain scores overtakes the Python one.

``scoring.session.score_session`` matchpoints a session of plain scores with
numpy (``scoring.plain_field``) from ``PLAIN_FIELD_LINES`` lines.  This
script times both paths on the same random boards at each size (best of 5,
in the same process), checks they give the same figures, and prints a
Markdown table with the ratio, so the threshold is chosen from figures.

    .venv/bin/python bench/plain_threshold.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import scoring.session as session
from scoring.session import TravellerLine, score_session

SIZES = (25, 50, 100, 200, 500, 1000, 2000)
SCORES = (420, 450, -50, 170, -100, 620, 140, -200)
NEVER = 10**9


def best_of(lines: list[TravellerLine], expected: int, threshold: int) -> tuple:
    """The best of 5 times of ``score_session`` with ``threshold``, and its lines."""
    session.PLAIN_FIELD_LINES = threshold
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        scored = score_session(lines, expected=expected, ranked=False)
        best = min(best, time.perf_counter() - start)
    return best, scored.lines


def main() -> None:
    rng = random.Random(21)
    kept = session.PLAIN_FIELD_LINES
    print("| lines | Python ms | numpy ms | ratio |\n|---:|---:|---:|---:|")
    for size in SIZES:
        boards = max(1, size // 500)
        lines = [
            TravellerLine(i % boards + 1, f"{i}NS", f"{i}EW", rng.choice(SCORES))
            for i in range(size)
        ]
        python, by_python = best_of(lines, size // boards, NEVER)
        numpy, by_numpy = best_of(lines, size // boards, 1)
        if by_python != by_numpy:
            sys.exit(f"the two paths disagree at {size} lines")
        ratio = python / numpy
        print(f"| {size} | {python * 1e3:.2f} | {numpy * 1e3:.2f} | {ratio:.1f}x |")
    print(f"\nPLAIN_FIELD_LINES = {kept}")


if __name__ == "__main__":
    main()
