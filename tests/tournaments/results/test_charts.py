"""Scorecard bar charts (tournaments.results.charts): plain geometry."""

from __future__ import annotations

from tournaments.results.charts import (
    BAR,
    GAP,
    HEIGHT,
    MARGIN,
    imp_chart,
    percentage_chart,
)


def test_percentages_stand_on_the_fifty_line():
    chart = percentage_chart([("1", 100.0), ("2", None), ("3", 0.0)])
    inner = HEIGHT - 2 * MARGIN
    assert chart.baseline_y == MARGIN + inner / 2
    top, bottom = chart.bars
    assert (top.label, top.y, top.height, top.above) == ("1", MARGIN, inner / 2, True)
    assert (bottom.label, bottom.y, bottom.above) == ("3", chart.baseline_y, False)
    # The board not played leaves its slot empty.
    assert bottom.x == MARGIN + 2 * (BAR + GAP)
    assert chart.width == 2 * MARGIN + 3 * (BAR + GAP) - GAP


def test_imps_scale_to_the_largest_swing():
    chart = imp_chart([("1", 12.0), ("2", -3.0)])
    inner = HEIGHT - 2 * MARGIN
    assert chart.bars[0].height == inner / 2
    assert chart.bars[1].height == round(inner / 2 * 3 / 12, 2)


def test_nothing_to_draw_gives_no_chart():
    assert percentage_chart([("1", None)]) is None
    assert percentage_chart([]) is None
