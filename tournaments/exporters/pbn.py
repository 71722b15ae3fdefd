"""A finished pairs event as a PBN 2.1 file: the deals, travellers and rankings.

One game per board: the identification tags, ``[Deal]`` when the board's
hands are known, and a ``[ScoreTable]`` of every traveller line in the PBN
2.1 column syntax (``PairId_NS\\2R;...``), with each line's NS score,
matchpoints and percentages (its IMPs in an event scored by Butler or
cross-IMPs, named by ``[Scoring]``).  The first game also carries the
``[TotalScoreTable]`` of the ranking.  Pairs are identified by their labels
("3NS", "3EW" in a Mitchell; "7" in a Howell), so the file reads back into
Donne (``import_pbn``) with the same pairs, lines and percentages.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.pbn import PbnGame, write_pbn
from tournaments.exporters.pbn_game import board_game
from tournaments.exporters.pbn_teams import teams_games
from tournaments.models import Event, Section
from tournaments.reports import LineRow, SectionReport, event_sections, stored_report

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
    if event.kind == Event.Kind.TEAMS:
        return write_pbn(teams_games(event))
    if event.kind != Event.Kind.PAIRS or event.game != Event.Game.BRIDGE:
        raise ValueError(
            f"event {event.pk}: PBN carries bridge pairs and teams events only"
        )
    sections = event_sections(event)
    if not sections:
        raise ValueError(f"event {event.pk} has no section to export")
    placed = len(sections) > 1
    games = []
    for section in sections:
        report = stored_report(section)
        for index, (_board, lines) in enumerate(report.boards()):
            game = _board_game(event, lines, section if placed else None)
            if index == 0:
                _total_table(game, report)
            games.append(game)
    return write_pbn(games)


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
    """The section's ranking: MP and % or, by IMPs, the IMPs won."""
    rows = []
    for group, standings in report.rankings.items():
        for row in standings:
            if report.by_imps:
                marks = [_number(row.imps)]
            else:
                marks = [_number(row.mp), _number(row.pct)]
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
