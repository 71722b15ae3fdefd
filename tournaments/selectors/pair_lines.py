"""Each pair's lines of a section, indexed once: scorecards in linear time.

``SectionReport.pair_lines`` scans every line of the section for one pair,
so a scorecard for every pair costs lines x pairs (quadratic in tables).
The workbook asks this index instead: one pass over the lines.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from tournaments.selectors.pairs import LineRow


def lines_by_pair(lines: Iterable[LineRow]) -> dict[int, list[LineRow]]:
    """Each pair's lines (by pair id), in the order given: a line played by
    a pair against itself (a data error) is listed once, as ``pair_lines``
    lists it."""
    index: dict[int, list[LineRow]] = defaultdict(list)
    for line in lines:
        ns, ew = line.result.ns_pair_id, line.result.ew_pair_id
        index[ns].append(line)
        if ew != ns:
            index[ew].append(line)
    return dict(index)
