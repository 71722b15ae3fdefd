"""A pairs event's results as JSON: ``score_event --json`` and the API's rankings.

Built from ``SectionReport``s (``selectors.pairs``): every board's lines, then
the event's rankings (``event_rankings``); a pair is named with its section's
letter when a session has several sections.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import Event
from tournaments.selectors.event_ranking import event_rankings, lettered
from tournaments.selectors.pairs import MATCHPOINTS, LineRow, SectionReport, StandingRow


def report_json(event: Event, reports: Sequence[SectionReport]) -> dict[str, object]:
    """The ``score_event --json`` shape: every board's lines, then the rankings.

    By IMPs each line also holds ``imp_ns`` and ``imp_ew``, each board its
    ``datum`` (Butler) and each ranking entry its ``imps``; the MP and %
    keys stay, empty.
    """
    several = len(reports) > 1
    method = reports[0].method if reports else event.method
    by_imps = method != MATCHPOINTS
    boards = []
    for report in reports:
        for number, lines in report.boards():
            entry: dict[str, object] = {"board": number}
            if several:
                entry["session"] = report.section.session.number
                entry["section"] = report.section.letter
            if report.butler:
                entry["datum"] = report.datums.get(number)
            entry["lines"] = [_line_json(line, by_imps) for line in lines]
            boards.append(entry)
    return {
        "event": event.pk,
        "name": event.name,
        "method": method,
        "boards": boards,
        "rankings": rankings_json(reports),
    }


def rankings_json(reports: Sequence[SectionReport]) -> list[dict[str, object]]:
    """The event's rankings alone, as in ``report_json`` (the API's rankings).

    They read no line: ``reports`` may be read with ``stored_reports(...,
    lines=NO_LINES)``, which spares the 52,000 lines of a 2,000-table field.
    """
    by_imps = bool(reports) and reports[0].method != MATCHPOINTS
    letters = lettered(reports)
    return [
        {
            "direction": group,
            "entries": [_standing_json(row, by_imps, letters) for row in rows],
        }
        for group, rows in event_rankings(reports).items()
    ]


def _pct(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _line_json(line: LineRow, by_imps: bool = False) -> dict[str, object]:
    result = line.result
    shown: dict[str, object] = {
        "ns": str(result.ns_pair.number),
        "ew": str(result.ew_pair.number),
        "contract": result.contract or None,
        "declarer": result.declarer or None,
        "tricks": result.tricks,
        "lead": result.lead or None,
        "score_ns": result.score_ns,
        "adjusted": _adjusted_json(line.marks),
        "absent": result.absent or None,
        "mp_ns": _pct(line.mp_ns),
        "mp_ew": _pct(line.mp_ew),
        "pct_ns": _pct(line.pct_ns),
        "pct_ew": _pct(line.pct_ew),
    }
    if by_imps:
        shown["imp_ns"] = _pct(line.imp_ns)
        shown["imp_ew"] = _pct(line.imp_ew)
    return shown


def _adjusted_json(text: str | None) -> str | float | None:
    """A mark stays text ("A+", "60/40" when split); one percentage is a number."""
    if text is None or text.startswith("A") or "/" in text:
        return text
    return float(text)


def _standing_json(
    row: StandingRow, by_imps: bool = False, letters: bool = False
) -> dict[str, object]:
    shown: dict[str, object] = {
        "rank": row.rank,
        "pair": str(row.pair.number),
        "names": row.pair.names,
        "mp": _pct(row.mp),
        "top": _pct(row.top),
        "pct": _pct(row.pct),
        "boards": row.boards,
    }
    if letters:
        # Several sections in a session: the pair's number is per section.
        shown["section"] = row.pair.section.letter
    if by_imps:
        shown["imps"] = _pct(row.imps)
    if row.field_rank:
        shown["field_rank"] = row.field_rank
    if row.section_rank:
        shown["section_rank"] = row.section_rank
    if row.penalty:
        shown["penalty"] = _pct(row.penalty)
    return shown
