"""Read a finished pairs session from a PBN file, as plain data (no database).

Two shapes are common:

* one game per traveller line (JFR Pary, BBO): ``[Board]``, the four player
  tags, ``[Contract]``, ``[Declarer]``, ``[Result]`` and ``[Deal]``; a pair is
  known by its players' names (North and South, East and West);
* one game per board with a ``[ScoreTable]`` of all its lines (Bridgewebs,
  Compscore, ScoreBridge): ``PairId_NS``, ``PairId_EW``, ``Contract``,
  ``Declarer``, ``Result``, and "A+", "A", "A-", "60%" or "A6040" in the
  contract or ``Score_NS``/``Score_EW`` for an artificial score; "60/0",
  "60/40 EW absent" in the contract for an award against an absent pair
  (``importers.awards``).

When no pair ever sits in both directions the pairs keep a home direction
(a Mitchell, ranked NS and EW apart); otherwise they are one field (a Howell).
Bridgewebs numbers a Mitchell 1..N in each direction ("1 1 6H E 11"): when a
number read as one pair would meet itself or play a board twice, each
section's pairs are their number and direction, "1NS" and "1EW"
(``importers.directions``).  A row with no contract and no adjusted score
("12 1 - N -") was not played: it is no result.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace

from games.bridge import parse_contract, tricks_from_result
from games.errors import GameError
from games.pbn import PbnGame, read_pbn
from games.weighted import WeightedPart, parse_weighted
from tournaments.importers.awards import PACKED, award_of, parse_award
from tournaments.importers.directions import (
    Sighting,
    directed_line,
    mitchell_numbering,
)
from tournaments.importers.limits import (
    MAX_PAIR,
    MAX_SCORE,
    MAX_TABLE,
    bounded,
    pbn_board,
)
from tournaments.importers.pbn_options import pbn_scoring_options
from tournaments.services.line_values import LineValues

ARTIFICIAL = re.compile(r"^(?:A[+-]?|\d{1,3}(?:\.\d+)?%|A\d{4})$", re.IGNORECASE)

# A pair's id in a file: "7", "Pair 7", "3NS", "3 EW".
PAIR_NUMBER = re.compile(r"\D*?(\d+)\s*(?:NS|EW|N-S|E-W)?", re.IGNORECASE)


@dataclass(frozen=True)
class ImportedBoard:
    number: int
    dealer: str
    vulnerability: str
    deal: str


@dataclass(frozen=True)
class ImportedLine(LineValues):
    """A traveller line: played (contract...), artificial (adjusted), or an
    assigned weighted score (its parts)."""

    board: int
    ns: str
    ew: str
    weighted: tuple[WeightedPart, ...] | None = None
    where: str = field(default="", compare=False)  # "line 40": in the file


@dataclass(frozen=True)
class ImportedPlayer:
    """A player named in the file, with their federation number when given."""

    name: str
    licence: str = ""


@dataclass
class ImportedPair:
    number: int
    names: str
    directions: set[str] = field(default_factory=set)
    players: list[ImportedPlayer] = field(default_factory=list)


@dataclass(frozen=True)
class ImportedRow:
    """A traveller row as the file has it, played or not ("12 1 - N -"): a
    table's place on a board, to tell a file that ends mid-table
    (``importers.completeness``).  The pairs as the file names them."""

    board: int
    ns: str
    ew: str
    where: str


@dataclass
class ImportedSession:
    name: str
    date: dt.date
    boards: dict[int, ImportedBoard]
    lines: list[ImportedLine]
    pairs: dict[str, ImportedPair]
    settings: dict[str, object] = field(default_factory=dict)  # Event fields
    club: tuple[str, str] | None = None  # name, federation code
    session: int = 1  # the event's session this section was played in
    section: str = "A"
    # Every traveller row in the file's order, and what the reader saw of a
    # file cut short (its last game lacking the tags every other one has).
    rows: list[ImportedRow] = field(default_factory=list)
    cut_short: list[str] = field(default_factory=list)

    @property
    def mitchell(self) -> bool:
        """True when every pair kept one direction throughout."""
        return all(len(pair.directions) == 1 for pair in self.pairs.values())


def parse_sessions(
    data: bytes | str, *, name: str | None = None
) -> list[ImportedSession]:
    """Read a PBN file's sections: boards, pairs and traveller lines of each.

    Games are grouped by their ``[Section]`` tag and, in a file of one game
    per board with a ``[ScoreTable]`` (where a game is the board's whole
    traveller), by their ``[Round]`` as the session number; Donne's own
    export writes both for an event of several sections or sessions.  In a
    file of one game per line ``[Round]`` is the movement's round, not a
    session, so it is not read there.  Raises GameError naming the line of
    the file at fault.
    """
    games = read_pbn(data)
    if not games:
        raise GameError("The file holds no PBN game: is it a PBN file?")
    groups: dict[tuple[int, str], list[PbnGame]] = {}
    for game in games:
        groups.setdefault(_place(game), []).append(game)
    parts = [
        _section(group, games[0], name, number, letter)
        for (number, letter), group in groups.items()
    ]
    last = list(groups).index(_place(games[-1]))
    parts[last].cut_short.extend(last_game_cut(games))
    return parts


def last_game_cut(games: list[PbnGame]) -> list[str]:
    """Why the file's last game looks cut off: it lacks tags (or sections,
    such as a [ScoreTable]) that every other game of the file has.  The
    first game is not compared (some programs write the event's [Event],
    [Site] and [Date] there only), so a file of fewer than three games is
    not checked."""
    if len(games) < 3:
        return []
    names = [set(game.tags) | set(game.sections) for game in games]
    common = set.intersection(*names[1:-1])
    order = dict.fromkeys([*games[-2].tags, *games[-2].sections])
    missing = [tag for tag in order if tag in common - names[-1]]
    if not missing:
        return []
    last = games[-1]
    board = (last.tags.get("Board") or "").strip()
    what = f"board {board[:6]}" if board else "a game"
    tags = ", ".join(f"[{tag}]" for tag in missing[:6])
    return [
        f"The file ends in the middle of {what} (game at line {last.line}): it "
        f"has no {tags}, which every other game has"
    ]


def parse_session(data: bytes | str, *, name: str | None = None) -> ImportedSession:
    """Read a PBN file of one section (see ``parse_sessions``)."""
    parts = parse_sessions(data, name=name)
    if len(parts) > 1:
        raise GameError(f"The file holds {len(parts)} sections, not one")
    return parts[0]


def _place(game: PbnGame) -> tuple[int, str]:
    """The (session number, section letter) a game belongs to."""
    letter = (game.tags.get("Section") or "").strip().upper()[:4] or "A"
    number = 1
    if game.table("ScoreTable") is not None:
        found = re.fullmatch(r"\s*(\d{1,3})\s*", game.tags.get("Round") or "")
        number = max(int(found.group(1)), 1) if found else 1
    return number, letter


def _section(
    games: list[PbnGame], first: PbnGame, name: str | None, number: int, letter: str
) -> ImportedSession:
    session = ImportedSession(
        name=name or first.tags.get("Event", "").strip() or "Imported event",
        date=_date(first.tags.get("Date", "")),
        boards={},
        lines=[],
        pairs={},
        settings=_settings(first) | pbn_scoring_options(first),
        session=number,
        section=letter,
    )
    entries: list[tuple[ImportedLine, str, str]] = []
    for game in games:
        board = pbn_board(game)
        if board is None:
            continue
        if board not in session.boards:
            deal = game.deal
            session.boards[board] = ImportedBoard(
                number=board,
                dealer=game.dealer or "",
                vulnerability=game.vulnerability or "",
                deal=deal.to_pbn() if deal else "",
            )
        entries.extend(_game_entries(game, board))
        session.rows.extend(_game_rows(game, board))
    if not entries:
        raise GameError(
            "The file has no traveller line: neither a [ScoreTable] nor games "
            "with [Contract], [Declarer] and [Result]"
            + ("" if (session.session, letter) == (1, "A") else f" in section {letter}")
        )
    sightings = [Sighting(e[0].board, e[0].ns, e[0].ew, e[0].where) for e in entries]
    if mitchell_numbering(sightings):
        entries = [(directed_line(line), *names) for line, *names in entries]
    for entry in entries:
        _add(session, entry)
    _number_pairs(session)
    tables_bounded(session)
    return session


def _game_entries(game: PbnGame, board: int) -> list[tuple[ImportedLine, str, str]]:
    """A game's traveller lines with their pairs' names: its ``[ScoreTable]``
    rows, or the game itself when it is one line.  A row with no contract
    and no adjusted score ("12 1 - N -") was not played: it is no result."""
    table = game.table("ScoreTable")
    if table is None:
        if game.tags.get("Contract", "").strip() in ("", "?"):
            return []
        return [_game_line(game, board)]
    numbers = game.section_lines.get("ScoreTable") or []
    entries = []
    for index, row in enumerate(table.rows):
        if (
            row.get("Contract")
            or row.get("Weighted")
            or any(_artificial(row.get(c) or "") for c in ("Score_NS", "Score_EW"))
        ):
            line, ns_names, ew_names = _table_line(game, board, row)
            number = numbers[index] if index < len(numbers) else game.line
            entries.append((replace(line, where=f"line {number}"), ns_names, ew_names))
    return entries


def _game_rows(game: PbnGame, board: int) -> list[ImportedRow]:
    """A game's traveller rows, played or not: its [ScoreTable]'s, or the
    game itself when it names its players (one line a game)."""
    table = game.table("ScoreTable")
    if table is None:
        tags = game.tags
        ns = _pair_name(tags.get("North", ""), tags.get("South", ""))
        ew = _pair_name(tags.get("East", ""), tags.get("West", ""))
        return [ImportedRow(board, ns, ew, f"line {game.line}")] if ns and ew else []
    numbers = game.section_lines.get("ScoreTable") or []
    return [
        ImportedRow(
            board,
            (row.get("PairId_NS") or "").strip(),
            (row.get("PairId_EW") or "").strip(),
            f"line {numbers[index] if index < len(numbers) else game.line}",
        )
        for index, row in enumerate(table.rows)
    ]


def _settings(game: PbnGame) -> dict[str, object]:
    """The event's scoring method from ``[Scoring]``: "Butler", "Cross" (or
    "CrossImps", "Cross-IMP"); anything else, "MP" or "IMP" among them, is
    matchpointed, as plain "IMP" does not say against what."""
    scoring = (game.tags.get("Scoring") or "").split(";")[0].strip().lower()
    scoring = scoring.replace("-", "")
    if scoring == "butler":
        return {"method": "butler"}
    if scoring.startswith("cross"):
        return {"method": "cross-imps"}
    return {}


def _date(text: str) -> dt.date:
    try:
        return dt.datetime.strptime(text.strip(), "%Y.%m.%d").date()
    except ValueError:
        return dt.date.today()


def _add(session: ImportedSession, line: tuple[ImportedLine, str, str]) -> None:
    imported, ns_names, ew_names = line
    session.lines.append(imported)
    for key, names, direction in (
        (imported.ns, ns_names, "NS"),
        (imported.ew, ew_names, "EW"),
    ):
        pair = session.pairs.setdefault(key, ImportedPair(0, names))
        pair.directions.add(direction)
        pair.names = pair.names or names


def _played(
    game: PbnGame, where: str, contract: str, declarer: str, result: str
) -> dict[str, object]:
    try:
        parsed = parse_contract(contract)
        tricks = None if parsed.is_pass else tricks_from_result(parsed, result)
    except GameError as error:
        raise GameError(f"{where}: {error}") from None
    if not parsed.is_pass and declarer.upper() not in ("N", "E", "S", "W"):
        raise GameError(f'{where}: declarer "{declarer}" must be N, E, S or W')
    return {
        "contract": str(parsed),
        "declarer": "" if parsed.is_pass else declarer.upper(),
        "tricks": tricks,
    }


def _pair_name(first: str, second: str) -> str:
    first, second = first.strip(), second.strip()
    if first == second or not second:
        return first
    return f"{first} – {second}" if first else second


def _game_line(game: PbnGame, board: int) -> tuple[ImportedLine, str, str]:
    tags = game.tags
    ns = _pair_name(tags.get("North", ""), tags.get("South", ""))
    ew = _pair_name(tags.get("East", ""), tags.get("West", ""))
    where = f"game at line {game.line}"
    if not ns or not ew:
        raise GameError(f"{where}: the players' names are needed to know the pairs")
    played = _played(
        game,
        where,
        tags.get("Contract", ""),
        tags.get("Declarer", ""),
        tags.get("Result", ""),
    )
    line = ImportedLine(board, ns, ew, where=f"line {game.line}", **played)
    return line, ns, ew


def _artificial(text: str) -> str | None:
    """ "A+"/"A"/"A-" or a percentage from "60%" / "A6040"-style fields, else None."""
    text = text.strip().upper()
    if not ARTIFICIAL.match(text):
        return None
    return text.rstrip("%") if text[-1] == "%" else text


def _table_line(game: PbnGame, board: int, row: dict) -> tuple[ImportedLine, str, str]:
    where = f"ScoreTable of board {board} (game at line {game.line})"
    ns, ew = (row.get("PairId_NS") or "").strip(), (row.get("PairId_EW") or "").strip()
    if not ns or not ew:
        raise GameError(f"{where}: every row needs PairId_NS and PairId_EW")
    for pair_id in (ns, ew):
        found = PAIR_NUMBER.fullmatch(pair_id)
        if found:
            bounded(int(found.group(1)), MAX_PAIR, where, "pair")
    names = (row.get("Names_NS") or "", row.get("Names_EW") or "")
    weighted = (row.get("Weighted") or "").strip()
    if weighted:
        try:
            parts = parse_weighted(weighted)
        except GameError as error:
            raise GameError(f"{where}: {error}") from None
        if parts is None:
            raise GameError(
                f'{where}: Weighted "{weighted}" should read like 70% 4S N ='
            )
        for part in parts:
            if part.score is not None:
                bounded(part.score, MAX_SCORE, where, "score", low=-MAX_SCORE)
        return ImportedLine(board, ns, ew, weighted=tuple(parts)), *names
    award = parse_award(row.get("Contract") or "")
    marks = [_artificial(row.get(column) or "") for column in ("Score_NS", "Score_EW")]
    mark = next((m for m in marks if m), None)
    if award is None and mark is not None:
        packed = PACKED.match(mark)  # "A6040" holds both sides
        award = award_of(*packed.groups()) if packed else None
        award = award or award_of(marks[0] or mark, marks[1] or mark)
    side = (row.get("Absent") or "-").strip().upper()
    if award is not None and side != "-":
        if side not in ("NS", "EW"):
            raise GameError(f'{where}: Absent "{side}" should be NS, EW or -')
        award = award_of(award.ns, award.ew, side)
    if award is not None:
        line = ImportedLine(
            board, ns, ew, adjusted=(award.ns, award.ew), absent=award.absent
        )
        return line, *names
    played = _played(
        game,
        where,
        row.get("Contract") or "",
        row.get("Declarer") or "",
        row.get("Result") or "",
    )
    lead = (row.get("Lead") or "").strip()
    return ImportedLine(board, ns, ew, lead=lead, **played), *names


def tables_bounded(session: ImportedSession) -> None:
    """Refuse a board played more often than a section has tables (a line a
    table): the section's table count is its most played board's lines."""
    played: dict[int, int] = {}
    for line in session.lines:
        played[line.board] = played.get(line.board, 0) + 1
    for board, count in played.items():
        bounded(count, MAX_TABLE, f"board {board}", "number of traveller lines")


def _number_pairs(session: ImportedSession) -> None:
    """Number the pairs: their own number where the file has one, else 1, 2...

    A Mitchell's "3NS" and "3EW" keep their 3 (each pair keeps its one
    direction); elsewhere numbers must be unique and from 1 to ``MAX_PAIR``
    (players' names may hold digits), or all are renumbered.
    """
    mitchell = session.mitchell
    numbers = {}
    for key, pair in session.pairs.items():
        found = PAIR_NUMBER.fullmatch(key.strip())
        direction = next(iter(pair.directions)) if mitchell else ""
        number = int(found.group(1)) if found else 0
        numbers[key] = (number, direction) if 1 <= number <= MAX_PAIR else None
    if None in numbers.values() or len(set(numbers.values())) < len(numbers):
        numbers = {key: (i, "") for i, key in enumerate(session.pairs, start=1)}
    for key, pair in session.pairs.items():
        pair.number = numbers[key][0]
