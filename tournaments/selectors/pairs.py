"""Results as plain rows for the pages, the Excel workbook and ``score_event``.

A section's report comes either from what the scorer stored (pages, Excel) or
from a fresh scoring run with other settings (``score_event --neuberg off``);
both give the same shapes, so every output formats them one way.  A pairs
event scored by IMPs (Butler or cross-IMPs) fills the IMP figures and leaves
the MP and % ones empty; ``SectionReport.by_imps`` tells which.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db.models import Q, QuerySet

from scoring.imp_session import ImpStanding
from scoring.session import PairStanding
from tournaments.models import Board, Event, Pair, Result, Section
from tournaments.selectors.award_text import award_text, marks_text

if TYPE_CHECKING:
    from tournaments.selectors.line_rows import TravellerLine

MATCHPOINTS = Event.Method.MATCHPOINTS
BUTLER = Event.Method.BUTLER


@dataclass(frozen=True)
class LineRow:
    """One traveller line with its MP and % (or its IMPs) for both sides: a
    ``Result``, or the light ``TravellerLine`` the PBN and USEBIO files read."""

    result: Result | TravellerLine
    mp_ns: float | None
    mp_ew: float | None
    pct_ns: float | None
    pct_ew: float | None
    imp_ns: float | None = None
    imp_ew: float | None = None
    # The live checks' findings as JSON (``selectors.line_checks``); None:
    # not read yet, the serializer reads the line's own.
    checks: list[dict[str, str]] | None = None

    @property
    def adjusted(self) -> str | None:
        """ "A+", "A", "A-" or the percentage for an artificial line, else None."""
        if not self.result.is_adjusted:
            return None
        return award_text(self.result)

    @property
    def marks(self) -> str | None:
        """The artificial marks alone ("60/0"), without the absent side's text."""
        return marks_text(self.result) if self.result.is_adjusted else None


@dataclass(frozen=True)
class StandingRow:
    """A pair's (or, across sessions, a partnership's) place and totals."""

    pair: Pair
    group: str | None
    mp: float | None
    top: float | None
    pct: float | None
    boards: int
    rank: str
    imps: float | None = None
    # Procedural penalties taken off (MP, or IMPs by IMPs); ``mp``, ``pct``
    # and ``imps`` are after them.
    penalty: float = 0.0
    # Scored across the field: the place among every section's pairs.
    field_rank: str = ""
    # In an event ranking of one session's several sections: the pair's
    # place in its own section.
    section_rank: str = ""

    @property
    def scored(self) -> float | None:
        """The total before the penalties: MP, or IMPs by IMPs."""
        total = self.mp if self.imps is None else self.imps
        return None if total is None else total + self.penalty

    @property
    def imps_per_board(self) -> float | None:
        """The average IMPs per board played (None when not scored by IMPs)."""
        if self.imps is None:
            return None
        return self.imps / self.boards if self.boards else 0.0


@dataclass(frozen=True)
class SectionReport:
    """A section's lines and rankings, with the method that scored them.

    ``datums`` holds each board's Butler datum (NS points), for Butler only.
    """

    section: Section
    lines: list[LineRow]
    rankings: dict[str | None, list[StandingRow]]
    method: str = MATCHPOINTS
    datums: dict[int, float] = field(default_factory=dict)

    @property
    def by_imps(self) -> bool:
        """Scored by IMPs (Butler or cross-IMPs) rather than by matchpoints."""
        return self.method != MATCHPOINTS

    @property
    def butler(self) -> bool:
        return self.method == BUTLER

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


# ``stored_reports(sections, lines=NO_LINES)``: the rankings without any line
# (the event page lists boards, not lines); Django runs no query for it.
NO_LINES = Q(pk__in=[])


def boards_with_lines(sections: Sequence[Section]) -> dict[int, list[int]]:
    """The numbers of each section's boards that have lines, by section id,
    in one query: the event page's traveller links."""
    numbers: dict[int, list[int]] = {section.pk: [] for section in sections}
    boards = Board.objects.filter(section__in=list(numbers), results__isnull=False)
    for section_pk, number in (
        boards.values_list("section", "number").distinct().order_by("number")
    ):
        numbers[section_pk].append(number)
    return numbers


def stored_report(section: Section) -> SectionReport:
    """The section as the scorer last stored it, by the event's method."""
    return stored_reports([section])[0]


def stored_reports(
    sections: Sequence[Section], lines: Q | None = None
) -> list[SectionReport]:
    """Each section as the scorer last stored it, in a fixed number of queries.

    Three queries read every line of the sections, their boards and their
    pairs (one, joining them, only the lines matching ``lines`` if given: a
    board's traveller, a pair's scorecard), one every pair with
    its score, one the Butler datums; for several sections one more reads the
    pairs' players' ids (``event_rankings`` needs them).  The cost of a page is so
    the same at 2 and at 8 sections, at 5 and at 100 tables.  Each pair and
    line holds its section (``pair.section`` costs no query).
    """
    if not sections:
        return []
    by_pk = {section.pk: section for section in sections}
    method = sections[0].session.event.method
    results = Result.objects.filter(board__section__in=list(by_pk))
    if lines is not None:
        results = results.filter(lines)
    rows: dict[int, list[LineRow]] = defaultdict(list)
    if lines is None:
        _read_lines(results, by_pk, rows)
    else:
        for r in results.select_related("board", "ns_pair", "ew_pair").order_by(
            "board__section", "board__number", "ns_pair__number", "id"
        ):
            section = by_pk[r.board.section_id]
            r.board.section = r.ns_pair.section = r.ew_pair.section = section
            rows[section.pk].append(
                LineRow(r, r.mp_ns, r.mp_ew, r.pct_ns, r.pct_ew, r.imp_ns, r.imp_ew)
            )
    best = "-score__pct" if method == MATCHPOINTS else "-score__imps"
    pairs = Pair.objects.filter(section__in=list(by_pk), score__isnull=False)
    rankings: dict[int, dict[str | None, list[StandingRow]]] = defaultdict(
        lambda: defaultdict(list)
    )
    listed = list(pairs.select_related("score").order_by(best, "number"))
    if len(sections) > 1:
        with_player_ids(listed)
    for pair in listed:
        pair.section = by_pk[pair.section_id]
        score = pair.score
        group = score.ranking or None
        rankings[pair.section_id][group].append(
            StandingRow(
                pair,
                group,
                score.mp,
                score.top,
                score.pct,
                score.boards,
                score.rank,
                score.imps,
                score.penalty,
                score.field_rank,
            )
        )
    datums: dict[int, dict[int, float]] = defaultdict(dict)
    if method == BUTLER:
        boards = Board.objects.filter(section__in=list(by_pk), datum__isnull=False)
        for section_pk, number, datum in boards.values_list(
            "section", "number", "datum"
        ):
            datums[section_pk][number] = datum
    order = {"NS": 0, "EW": 1, None: 2}
    return [
        SectionReport(
            section,
            rows[section.pk],
            dict(sorted(rankings[section.pk].items(), key=lambda g: order[g[0]])),
            method,
            datums[section.pk],
        )
        for section in sections
    ]


def _read_lines(
    results: QuerySet[Result],
    by_pk: dict[int, Section],
    rows: dict[int, list[LineRow]],
) -> None:
    """Every line of the sections into ``rows`` by section id, each holding
    its board and pairs (``stored_reports`` of whole sections; a few lines,
    as a traveller's, still join their board and pairs).

    The sections' boards and pairs are read once (two queries) and shared
    by their lines: a ``select_related`` made three model instances a line,
    160,000 at 2,000 tables, most of the time of the API's rankings and of
    the PBN and USEBIO files.
    """
    boards = {
        board.pk: board for board in Board.objects.filter(section__in=list(by_pk))
    }
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__in=list(by_pk))}
    for thing in (*boards.values(), *pairs.values()):
        thing.section = by_pk[thing.section_id]
    board_cache, ns_cache, ew_cache = (
        Result.board.field, Result.ns_pair.field, Result.ew_pair.field
    )  # fmt: skip
    ordered = results.order_by(
        "board__section", "board__number", "ns_pair__number", "id"
    )
    for r in ordered:
        board = boards[r.board_id]
        board_cache.set_cached_value(r, board)
        ns_cache.set_cached_value(r, _line_pair(pairs, r.ns_pair_id, board.section))
        ew_cache.set_cached_value(r, _line_pair(pairs, r.ew_pair_id, board.section))
        rows[board.section_id].append(
            LineRow(r, r.mp_ns, r.mp_ew, r.pct_ns, r.pct_ew, r.imp_ns, r.imp_ew)
        )


def _line_pair(pairs: dict[int, Pair], pk: int, section: Section) -> Pair:
    """The line's pair, shared, holding its section; a pair of no section
    read (never seen in a movement, but the data allows it) is read alone
    and holds the line's section, as the lines once joined did."""
    pair = pairs.get(pk)
    if pair is None:
        pair = Pair.objects.get(pk=pk)
        pair.section = section
    return pair


def standing_row(
    pair: Pair,
    standing: PairStanding | ImpStanding,
    field_rank: str = "",
    section_rank: str = "",
) -> StandingRow:
    """The row a page, the workbook or the API lists for ``standing``."""
    if isinstance(standing, ImpStanding):
        return StandingRow(
            pair,
            standing.group,
            None,
            None,
            None,
            standing.boards,
            standing.rank,
            standing.imps,
            standing.penalty,
            field_rank,
            section_rank,
        )
    return StandingRow(
        pair,
        standing.group,
        standing.mp,
        standing.top,
        standing.pct,
        standing.boards,
        standing.rank,
        penalty=standing.penalty,
        field_rank=field_rank,
        section_rank=section_rank,
    )


def any_penalty(rankings: dict[str | None, list[StandingRow]]) -> bool:
    """Whether some pair of the rankings has a penalty (the column shows)."""
    return any(row.penalty for rows in rankings.values() for row in rows)


def event_sections(event: Event) -> list[Section]:
    """The event's sections in order, each with its session, event and
    scoring state (``section.stale`` costs no query)."""
    return list(
        Section.objects.filter(session__event=event)
        .select_related("session__event", "scoring")
        .order_by("session__number", "letter")
    )


def with_player_ids(pairs: Iterable[Pair]) -> None:
    """Give each pair its ``player_ids`` (a frozenset) in one query, for
    ``event_rankings``: a ``prefetch_related("players")`` costs a related
    manager a pair, 0.6 s for 2,000 pairs."""
    by_pk = {pair.pk: pair for pair in pairs}
    players: dict[int, set[int]] = defaultdict(set)
    links = Pair.players.through.objects.filter(pair_id__in=list(by_pk))
    for pair, player in links.values_list("pair_id", "player_id"):
        players[pair].add(player)
    for pk, pair in by_pk.items():
        pair.player_ids = frozenset(players[pk])
