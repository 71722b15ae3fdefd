"""A finished pairs event as a PBN 2.1 file: the deals, travellers and rankings.

One game per board: the identification tags, ``[Deal]`` when the board's
hands are known, and a ``[ScoreTable]`` of every traveller line in the PBN
2.1 column syntax (``PairId_NS\\2R;...``), with each line's NS score,
matchpoints and percentages (its IMPs in an event scored by Butler or
cross-IMPs, named by ``[Scoring]``).  The first game also carries the
``[TotalScoreTable]`` of the ranking and ``[ScoringOptions]``, the event's
scoring settings for its method (a tag of Donne's own: PBN 2.1 lets
programs add tags, and readers skip the ones they do not know); a Butler
board carries its datum as ``[Datum]``.  Pairs are identified by their labels
("3NS", "3EW" in a Mitchell; "7" in a Howell), so the file reads back into
Donne (``import_pbn``) with the same pairs, lines and percentages.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from games.pbn import PbnGame, write_pbn
from tournaments.exporters.pbn_game import board_game
from tournaments.models import Event, Section
from tournaments.registry import card_game, event_game
from tournaments.selectors.line_rows import line_reports
from tournaments.selectors.pairs import (
    LineRow,
    SectionReport,
    any_penalty,
    event_sections,
)

LINE_COLUMNS = (
    "PairId_NS\\4R", "PairId_EW\\4R", "Names_NS\\30L", "Names_EW\\30L",
    "Contract\\5L", "Declarer\\1R", "Result\\2R", "Lead\\3L", "Score_NS\\6R",
    "Score_EW\\6R",
)  # fmt: skip
SCORE_COLUMNS = (
    *LINE_COLUMNS, "MP_NS\\5R", "MP_EW\\5R", "Percentage_NS\\6R",
    "Percentage_EW\\6R",
)  # fmt: skip
IMP_SCORE_COLUMNS = (*LINE_COLUMNS, "IMP_NS\\6R", "IMP_EW\\6R")
TOTAL_COLUMNS = (
    "Rank\\3R", "PairId\\4R", "Table\\2R", "Direction\\2R", "TotalScoreMP\\6R",
    "TotalPercentage\\6R", "Names\\40L", "NrBoards\\2R",
)  # fmt: skip
IMP_TOTAL_COLUMNS = (
    "Rank\\3R", "PairId\\4R", "Table\\2R", "Direction\\2R",
    "TotalScoreIMP\\7R", "Names\\40L", "NrBoards\\2R",
)  # fmt: skip
# A procedural penalty (Law 90) goes just before the total it was taken off:
# TotalScoreMP / TotalPercentage / TotalScoreIMP are after it.  Only when
# some pair of the section has one.
PENALTY_COLUMN = "Penalty\\6R"
# PBN has no weighted scores (Law 12C1(c)): a board that has one gets this
# extra column, which import_pbn reads; other programs see the weighted mean
# in Score_NS / Score_EW.
WEIGHTED_COLUMN = "Weighted\\30L"
# An award against an absent pair: the side that never came ("EW"), else "-".
# Not in the PBN standard (nor is Weighted); import_pbn reads it back.
ABSENT_COLUMN = "Absent\\2L"
# The event's method as PBN's [Scoring]; import_pbn reads it back.
SCORING = {"mp": "MP", "butler": "Butler", "cross-imps": "Cross"}


def event_pbn(event: Event) -> str:
    """The event's sections as PBN text (one game per board of each section;
    a teams event: one game per board and room of each match).

    With several sections or sessions each game names its ``[Section]`` and
    its session as ``[Round]``, and each section's first game carries that
    section's ``[TotalScoreTable]``.
    """
    game = event_game(event)
    if "pbn" not in game.exports or not card_game(event).interchange:
        raise ValueError(
            f"event {event.pk}: PBN carries bridge pairs and teams events only"
        )
    return write_pbn(game.pbn_games(event))


def pairs_games(event: Event) -> list[PbnGame]:
    """A pairs event's games: one per board of each section."""
    sections = event_sections(event)
    if not sections:
        raise ValueError(f"event {event.pk} has no section to export")
    placed = len(sections) > 1
    games = []
    for section, report in zip(sections, line_reports(sections), strict=True):
        for index, (number, lines) in enumerate(report.boards()):
            game = _board_game(event, lines, section if placed else None)
            if report.butler and number in report.datums:
                game.tags["Datum"] = _plain(report.datums[number])
            if index == 0:
                _total_table(game, report)
                game.tags["ScoringOptions"] = scoring_options(event)
            games.append(game)
    return games


def scoring_options(event: Event) -> str:
    """The event's settings for its method as ``Name=value`` pairs joined by
    ";": what another program needs to reproduce the figures."""
    if event.method == Event.Method.MATCHPOINTS:
        options = {"MpRounding": event.mp_rounding}
    else:
        options = {"AveragePlusImps": _plain(event.imp_average_plus)}
        if event.method == Event.Method.BUTLER:
            options["DatumTrim"] = event.butler_trim
            if event.butler_trim in (
                Event.ButlerTrim.EACH_END,
                Event.ButlerTrim.MIDDLE,
            ):
                options["DatumTrimCount"] = str(event.butler_trim_count)
            if event.butler_trim == Event.ButlerTrim.PERCENT:
                options["DatumTrimPercent"] = _plain(event.butler_trim_percent)
            options["DatumRounding"] = event.butler_rounding
        else:
            options["CrossImps"] = "total" if event.cross_imps_total else "average"
            if event.cross_imps_cap is not None:
                options["ComparisonCap"] = str(event.cross_imps_cap)
        if event.imp_round_cap is not None:
            options["RoundCap"] = _plain(event.imp_round_cap)
    return ";".join(f"{name}={value}" for name, value in options.items())


def _plain(value: float | Decimal) -> str:
    """A setting or a datum without trailing zeros: "3", "1.2", "437.5"."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _board_game(
    event: Event, lines: Sequence[LineRow], section: Section | None
) -> PbnGame:
    board = lines[0].result.board
    place = {}
    if section is not None:
        place = {"Round": str(section.session.number), "Section": section.letter}
    game = board_game(event, board, **place)
    if board.dd_tricks:
        game.tags["DoubleDummyTricks"] = board.dd_tricks
    if board.par_score is not None:
        game.tags["OptimumScore"] = f"NS {board.par_score}"
    by_imps = event.method != Event.Method.MATCHPOINTS
    weighted = any(line.result.weighted for line in lines)
    game.tags["Scoring"] = SCORING[event.method]
    columns = IMP_SCORE_COLUMNS if by_imps else SCORE_COLUMNS
    absent = any(line.result.absent for line in lines)
    if weighted:
        columns = (*columns, WEIGHTED_COLUMN)
    if absent:
        columns = (*columns, ABSENT_COLUMN)
    game.tags["ScoreTable"] = ";".join(columns)
    game.sections["ScoreTable"] = [
        _score_row(line, by_imps)
        + (_weighted(line) if weighted else "")
        + (f" {line.result.absent or '-'}" if absent else "")
        for line in lines
    ]
    return game


def _weighted(line: LineRow) -> str:
    """The extra column of a board with a weighted score: its parts, or "-"."""
    return " " + (_quoted(line.result.weighted_text) if line.result.weighted else "-")


def _score_row(line: LineRow, by_imps: bool) -> str:
    result = line.result
    ns, ew = result.ns_pair, result.ew_pair
    if result.is_adjusted:
        played = ["-", "-", "-", "-", _mark(result.adjusted_ns),
                  _mark(result.adjusted_ew)]  # fmt: skip
    else:
        score = result.score_ns or 0
        played = [
            result.contract or "-",
            result.declarer or "-",
            "-" if result.tricks is None else str(result.tricks),
            result.lead or "-",
            str(score) if score >= 0 else "-",
            str(-score) if score < 0 else "-",
        ]
    if by_imps:
        marks = [_number(line.imp_ns), _number(line.imp_ew)]
    else:
        marks = [_number(line.mp_ns), _number(line.mp_ew), _number(line.pct_ns),
                 _number(line.pct_ew)]  # fmt: skip
    return " ".join(
        [
            _quoted(ns.label), _quoted(ew.label), _quoted(ns.names),
            _quoted(ew.names), *played, *marks,
        ]
    )  # fmt: skip


def _total_table(game: PbnGame, report: SectionReport) -> None:
    """The section's ranking: MP and % or, by IMPs, the IMPs won; the
    penalty (negative) before them when a pair has one."""
    rows = []
    penalised = any_penalty(report.rankings)
    for group, standings in report.rankings.items():
        for row in standings:
            if report.by_imps:
                marks = [_number(row.imps)]
            else:
                marks = [_number(row.mp), _number(row.pct)]
            if penalised:
                marks = [_number(-row.penalty) if row.penalty else "-", *marks]
            rows.append(
                " ".join(
                    [
                        _quoted(row.rank), _quoted(row.pair.label), "-",
                        group or "-", *marks, _quoted(row.pair.names),
                        str(row.boards),
                    ]
                )
            )  # fmt: skip
    columns = IMP_TOTAL_COLUMNS if report.by_imps else TOTAL_COLUMNS
    if penalised:
        columns = (*columns[:4], PENALTY_COLUMN, *columns[4:])
    game.tags["TotalScoreTable"] = ";".join(columns)
    game.sections["TotalScoreTable"] = rows


def _mark(text: str) -> str:
    return text if text.startswith("A") else f"{text}%"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _quoted(text: str) -> str:
    if not text:
        return "-"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
