"""Results as plain rows for the pages, the Excel workbook and ``score_event``.

A section's report comes either from what the scorer stored (pages, Excel) or
from a fresh scoring run with other settings (``score_event --neuberg off``);
both give the same shapes, so every output formats them one way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.session import PairStanding, SessionSettings, rank_standings
from tournaments.models import Event, Pair, Result, Section
from tournaments.scoring_io import load_section, score_loaded


@dataclass(frozen=True)
class LineRow:
    """One traveller line with its MP and % for both sides."""

    result: Result
    mp_ns: float | None
    mp_ew: float | None
    pct_ns: float | None
    pct_ew: float | None

    @property
    def adjusted(self) -> str | None:
        """ "A+", "A", "A-" or the percentage for an artificial line, else None."""
        if not self.result.is_adjusted:
            return None
        if self.result.adjusted_ns == self.result.adjusted_ew:
            return self.result.adjusted_ns
        return f"{self.result.adjusted_ns}/{self.result.adjusted_ew}"


@dataclass(frozen=True)
class StandingRow:
    """A pair's (or, across sessions, a partnership's) place and totals."""

    pair: Pair
    group: str | None
    mp: float
    top: float
    pct: float
    boards: int
    rank: str


@dataclass(frozen=True)
class SectionReport:
    section: Section
    lines: list[LineRow]
    rankings: dict[str | None, list[StandingRow]]

    def boards(self) -> list[tuple[int, list[LineRow]]]:
        """The lines grouped by board number, in board order."""
        grouped: dict[int, list[LineRow]] = defaultdict(list)
        for line in self.lines:
            grouped[line.result.board.number].append(line)
        return sorted(grouped.items())

    def pair_lines(self, pair: Pair) -> list[LineRow]:
        """A pair's scorecard: its lines in board order."""
        return [
            line
            for line in self.lines
            if pair.pk in (line.result.ns_pair_id, line.result.ew_pair_id)
        ]


def _results(section: Section) -> list[Result]:
    return list(
        Result.objects.filter(board__section=section)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number", "id")
    )


def stored_report(section: Section) -> SectionReport:
    """The section as the scorer last stored it."""
    lines = [
        LineRow(r, r.mp_ns, r.mp_ew, r.pct_ns, r.pct_ew) for r in _results(section)
    ]
    rankings: dict[str | None, list[StandingRow]] = defaultdict(list)
    pairs = section.pairs.select_related("score").order_by("-score__pct", "number")
    for pair in pairs:
        score = getattr(pair, "score", None)
        if score is None:
            continue
        group = score.ranking or None
        rankings[group].append(
            StandingRow(
                pair, group, score.mp, score.top, score.pct, score.boards, score.rank
            )
        )
    order = {"NS": 0, "EW": 1, None: 2}
    return SectionReport(
        section, lines, dict(sorted(rankings.items(), key=lambda g: order[g[0]]))
    )


def fresh_report(section: Section, settings: SessionSettings) -> SectionReport:
    """Score the section afresh with ``settings`` (nothing is stored)."""
    data = load_section(section)
    scored = score_loaded(data, settings)
    lines = [
        LineRow(result, line.ns_mp, line.ew_mp, line.ns_pct, line.ew_pct)
        for result, line in zip(data.results, scored.lines, strict=True)
    ]
    pairs = {pair.pk: pair for pair in section.pairs.all()}
    rankings = {
        group: [_row(pairs[s.pair], s) for s in entries]
        for group, entries in scored.rankings.items()
    }
    return SectionReport(section, lines, rankings)


def _row(pair: Pair, standing: PairStanding) -> StandingRow:
    return StandingRow(
        pair,
        standing.group,
        standing.mp,
        standing.top,
        standing.pct,
        standing.boards,
        standing.rank,
    )


def event_sections(event: Event) -> list[Section]:
    return list(
        Section.objects.filter(session__event=event)
        .select_related("session__event")
        .order_by("session__number", "letter")
    )


def event_rankings(
    reports: Sequence[SectionReport],
) -> dict[str | None, list[StandingRow]]:
    """The event's ranking: one section's, or every session's totals added.

    Across sessions a partnership is the same two players (or, for imported
    pairs without players, the same names); it keeps NS/EW rankings only if
    every session ranked it in the same direction.
    """
    if len(reports) == 1:
        return reports[0].rankings
    totals: dict[object, list[StandingRow]] = defaultdict(list)
    for report in reports:
        for entries in report.rankings.values():
            for row in entries:
                totals[_partnership(row.pair)].append(row)
    standings = []
    last: dict[object, StandingRow] = {}
    for key, rows in totals.items():
        groups = {row.group for row in rows}
        last[key] = rows[-1]
        standings.append(
            PairStanding(
                pair=key,
                group=groups.pop() if len(groups) == 1 else None,
                mp=sum(row.mp for row in rows),
                top=sum(row.top for row in rows),
                pct=0,
                boards=sum(row.boards for row in rows),
            )
        )
    return {
        group: [_row(last[s.pair].pair, s) for s in entries]
        for group, entries in rank_standings(standings).items()
    }


def _partnership(pair: Pair) -> object:
    players = frozenset(player.pk for player in pair.players.all())
    return players or (pair.names or pair.label)


def report_json(event: Event, reports: Sequence[SectionReport]) -> dict[str, object]:
    """The ``score_event --json`` shape: every board's lines, then the rankings."""
    several = len(reports) > 1
    boards = []
    for report in reports:
        for number, lines in report.boards():
            entry: dict[str, object] = {"board": number}
            if several:
                entry["session"] = report.section.session.number
                entry["section"] = report.section.letter
            entry["lines"] = [_line_json(line) for line in lines]
            boards.append(entry)
    rankings = [
        {"direction": group, "entries": [_standing_json(row) for row in rows]}
        for group, rows in event_rankings(reports).items()
    ]
    return {
        "event": event.pk,
        "name": event.name,
        "boards": boards,
        "rankings": rankings,
    }


def _pct(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _line_json(line: LineRow) -> dict[str, object]:
    result = line.result
    return {
        "ns": str(result.ns_pair.number),
        "ew": str(result.ew_pair.number),
        "contract": result.contract or None,
        "declarer": result.declarer or None,
        "tricks": result.tricks,
        "lead": result.lead or None,
        "score_ns": result.score_ns,
        "adjusted": _adjusted_json(line.adjusted),
        "mp_ns": _pct(line.mp_ns),
        "mp_ew": _pct(line.mp_ew),
        "pct_ns": _pct(line.pct_ns),
        "pct_ew": _pct(line.pct_ew),
    }


def _adjusted_json(text: str | None) -> str | float | None:
    """A mark stays text ("A+", "60/40" when split); one percentage is a number."""
    if text is None or text.startswith("A") or "/" in text:
        return text
    return float(text)


def _standing_json(row: StandingRow) -> dict[str, object]:
    return {
        "rank": row.rank,
        "pair": str(row.pair.number),
        "names": row.pair.names,
        "mp": round(row.mp, 2),
        "top": round(row.top, 2),
        "pct": round(row.pct, 2),
        "boards": row.boards,
    }
