"""Small SVG bar charts for scorecards: a pair's percentage board by board.

Plain geometry, no drawing library: the template writes the ``<rect>`` of
each bar, so the chart is a few hundred bytes and prints sharp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

HEIGHT = 120
BAR = 14
GAP = 4
MARGIN = 4


@dataclass(frozen=True)
class Bar:
    """One board's bar: from the baseline up (above) or down (below)."""

    label: str
    value: float
    x: float
    y: float
    height: float
    above: bool


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    baseline_y: float
    bar_width: int
    bars: tuple[Bar, ...]


def bar_chart(
    points: Sequence[tuple[str, float | None]],
    *,
    baseline: float,
    low: float,
    high: float,
) -> BarChart | None:
    """Bars of ``points`` (label, value) around ``baseline`` on the scale
    ``low``..``high``; a board without a figure (not played) leaves a gap.

    Returns None when no point has a value.
    """
    if not any(value is not None for _label, value in points) or high <= low:
        return None
    inner = HEIGHT - 2 * MARGIN

    def y_of(value: float) -> float:
        clipped = min(max(value, low), high)
        return round(MARGIN + inner * (high - clipped) / (high - low), 2)

    base = y_of(baseline)
    bars = []
    for index, (label, value) in enumerate(points):
        if value is None:
            continue
        top = y_of(value)
        bars.append(
            Bar(
                label=label,
                value=value,
                x=MARGIN + index * (BAR + GAP),
                y=min(top, base),
                height=max(abs(base - top), 1.0),
                above=value >= baseline,
            )
        )
    width = 2 * MARGIN + len(points) * (BAR + GAP) - GAP
    return BarChart(
        width=width, height=HEIGHT, baseline_y=base, bar_width=BAR, bars=tuple(bars)
    )


def percentage_chart(points: Sequence[tuple[str, float | None]]) -> BarChart | None:
    """Percentages 0-100 around 50 %."""
    return bar_chart(points, baseline=50.0, low=0.0, high=100.0)


def imp_chart(points: Sequence[tuple[str, float | None]]) -> BarChart | None:
    """IMPs around 0, scaled to the largest swing (at least 5)."""
    reach = max([abs(v) for _label, v in points if v is not None] + [5.0])
    return bar_chart(points, baseline=0.0, low=-reach, high=reach)
