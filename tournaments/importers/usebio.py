"""Read a pairs or teams event from a USEBIO 1.2 XML results file, as plain data.

USEBIO is the results interchange of the EBU and other federations
(Compscore, ScoreBridge, EBUScore write it).  A pairs file holds the
``EVENT`` (its ``EVENT_TYPE`` says how it was scored: ``MP_PAIRS``,
``BUTLER_PAIRS`` or ``CROSS_IMP``), the ``PARTICIPANTS`` (pairs numbered
"1NS"/"1EW" in a Mitchell, or 1..N in each direction with their
``DIRECTION`` as EBUScore writes them, "7" in a Howell, with their
players: see ``usebio_pairs``), one
``BOARD`` of ``TRAVELLER_LINE`` s per board (an artificial score written
``A6040`` in ``SCORE``), and the deals in ``HANDSET``.  A pairs file
written with the 1.2 ``SESSION``/``SECTION`` wrappers gives one imported
section each (its deals within its boards).

The result is the same ``ImportedSession`` s the PBN reader gives, with the
event's scoring method set from the file, so ``event_import`` stores it and
the scorer reproduces the published figures.  A traveller line's contract,
lead or artificial score is read by ``usebio_lines``; a section's pairs are
matched to its lines by ``usebio_pairs``.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from typing import ClassVar

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from games.deal import Deal
from games.errors import GameError
from games.text import control_fault
from tournaments.importers.directions import SIDES
from tournaments.importers.limits import (
    MAX_BOARD,
    MAX_PAIR,
    MAX_ROUND,
    MAX_SESSION,
    MAX_TEAM,
    bounded,
    number_in,
)
from tournaments.importers.pbn import (
    ImportedBoard,
    ImportedLine,
    ImportedPair,
    ImportedPlayer,
    ImportedRow,
    ImportedSession,
    tables_bounded,
)
from tournaments.importers.usebio_lines import element_text, played_at_all, played_line
from tournaments.importers.usebio_pairs import pairs_placed
from tournaments.models import Event

# EVENT_TYPE -> the event's scoring method (Event.Method values).
PAIRS_METHODS = {"MP_PAIRS": "mp", "BUTLER_PAIRS": "butler", "CROSS_IMP": "cross-imps"}
# EVENT_TYPE and MATCH_SCORING_METHOD -> TeamCompetition format and scoring.
TEAMS_FORMATS = {"SWISS_TEAMS": "swiss", "TEAMS_OF_FOUR": "round-robin"}
TEAMS_SCORING = {"VPS": "vp", "IMPS": "imps", "BAM": "bam"}
PAIR_LABEL = re.compile(r"^(\d{1,4})(NS|EW)?$")
SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


@dataclass(frozen=True)
class ImportedTeam:
    number: int
    name: str
    players: list[ImportedPlayer]


@dataclass
class ImportedMatch:
    """A teams match of the file: its round, teams and both rooms' lines.

    ``rooms`` holds, per board, the open room's line (home NS, as
    ``ImportedLine(ns="3", ew="5")``) and the closed room's (away NS).
    """

    round: int
    home: int
    away: int | None
    rooms: dict[int, list[ImportedLine]] = field(default_factory=dict)


@dataclass
class ImportedTeams:
    """A teams event read from a USEBIO file (``SWISS_TEAMS``, ``TEAMS_OF_FOUR``),
    stored by the game of its ``kind`` (``Game.imported_event_store``)."""

    kind: ClassVar[str] = Event.Kind.TEAMS
    name: str
    date: dt.date
    format: str  # TeamCompetition.Format value
    scoring: str  # TeamCompetition.Scoring value
    teams: dict[int, ImportedTeam]
    matches: list[ImportedMatch]
    club: tuple[str, str] | None = None

    @property
    def line_count(self) -> int:
        """How many traveller lines the file holds, both rooms of every match."""
        return sum(len(room) for m in self.matches for room in m.rooms.values())


def read_usebio(
    data: bytes | str, *, name: str | None = None
) -> list[ImportedSession] | ImportedTeams:
    """Read a USEBIO 1.2 file: a pairs event's sections, or a teams event.

    Raises GameError naming the element (and board and pairs) at fault.
    """
    root = _root(data)
    event = root.find("EVENT")
    if event is None:
        raise GameError("the file has no <EVENT>")
    kind = (event.get("EVENT_TYPE") or "").strip().upper()
    if kind in TEAMS_FORMATS:
        return _teams(root, event, kind, name)
    if kind not in PAIRS_METHODS:
        known = ", ".join([*PAIRS_METHODS, *TEAMS_FORMATS])
        raise GameError(f'EVENT_TYPE "{kind}" is not read: Donne reads {known}')
    return _pairs(root, event, kind, name)


def _root(data: bytes | str) -> ET.Element:
    """The file's root element; entity declarations (XML bombs among them)
    and control characters, even as character references, are refused."""
    try:
        root = fromstring(data)
    except ET.ParseError as error:
        line, column = error.position
        raise GameError(
            f"line {line}, column {column}: not well-formed XML ({error.msg})"
        ) from None
    except DefusedXmlException:
        raise GameError("The file declares XML entities, which are not read") from None
    if root.tag != "USEBIO":
        raise GameError(f"the root element is <{root.tag}>, not <USEBIO>")
    for element in root.iter():
        for text in (element.text, element.tail, *element.attrib.values()):
            fault = control_fault(text or "")
            if fault:
                raise GameError(f"<{element.tag}>: {fault}")
    return root


def _pairs(
    root: ET.Element, event: ET.Element, kind: str, name: str | None
) -> list[ImportedSession]:
    deals = _deals(root)
    title = name or element_text(event, "EVENT_DESCRIPTION") or "Imported event"
    date, club = _date(element_text(event, "DATE")), _club(root)
    parts = []
    for number, letter, holder in _sections(event):
        session = ImportedSession(
            name=title,
            date=date,
            boards={},
            lines=[],
            pairs={},
            settings={"method": PAIRS_METHODS[kind]},
            club=club,
            session=number,
            section=letter,
        )
        own = _deals(holder) if holder is not event else {}
        participants = [_participant(pair) for pair in holder.iter("PAIR")]
        for board in holder.findall("BOARD"):
            board_number = _board_number(board)
            deal = own.get(board_number) or deals.get(board_number, "")
            session.boards[board_number] = ImportedBoard(board_number, "", "", deal)
            for index, line in enumerate(board.findall("TRAVELLER_LINE"), start=1):
                session.rows.append(_row(board_number, line, index))
                if played_at_all(line):
                    session.lines.append(_line(board_number, line, index))
        if not session.lines:
            where = "" if holder is event else f" in session {number} section {letter}"
            raise GameError(f"the file has no <TRAVELLER_LINE>{where}")
        pairs_placed(session, participants)
        tables_bounded(session)
        parts.append(session)
    return parts


def _teams(
    root: ET.Element, event: ET.Element, kind: str, name: str | None
) -> ImportedTeams:
    scoring = element_text(event, "MATCH_SCORING_METHOD").upper() or "VPS"
    if scoring not in TEAMS_SCORING:
        raise GameError(f'MATCH_SCORING_METHOD "{scoring}" must be VPS, IMPS or BAM')
    holder = _section(event)
    imported = ImportedTeams(
        name=name or element_text(event, "EVENT_DESCRIPTION") or "Imported event",
        date=_date(element_text(event, "DATE")),
        format=TEAMS_FORMATS[kind],
        scoring=TEAMS_SCORING[scoring],
        teams={},
        matches=[],
        club=_club(root),
    )
    for team in holder.iter("TEAM"):
        if team.get("TEAM_ID") is None:
            continue  # a MATCH's <TEAM> number, not a participant
        number = _team_number(team.get("TEAM_ID") or "", "PARTICIPANTS")
        name = (team.get("TEAM_NAME") or "").strip() or f"Team {number}"
        imported.teams[number] = ImportedTeam(number, name, _players(team))
    for match in holder.findall("MATCH"):
        imported.matches.append(_match(imported, match))
    if not imported.teams or not imported.matches:
        raise GameError("a teams file needs its <TEAM> participants and <MATCH>es")
    return imported


def _team_number(text: str, where: str) -> int:
    if not text.strip().isdigit() or int(text) == 0:
        raise GameError(f'{where}: team "{text}" is not a team number')
    return bounded(int(text), MAX_TEAM, where, "team")


def _match(imported: ImportedTeams, element: ET.Element) -> ImportedMatch:
    home = _team_number(element_text(element, "TEAM"), "MATCH")
    away_text = element_text(element, "OPPOSING_TEAM")
    away = _team_number(away_text, "MATCH") if away_text else None
    for number in (home, away):
        if number is not None and number not in imported.teams:
            raise GameError(f"MATCH: team {number} is not among the PARTICIPANTS")
    round_text = element_text(element, "ROUND_NUMBER")
    stage = 1
    if round_text.isdigit():
        stage = bounded(int(round_text), MAX_ROUND, "MATCH", "ROUND_NUMBER")
    match = ImportedMatch(stage, home, away)
    for board in element.findall("BOARD"):
        number = _board_number(board)
        lines = []
        for line in board.findall("TRAVELLER_LINE"):
            open_room = element_text(line, "DIRECTION").upper() != "EW"
            ns, ew = (home, away) if open_room else (away, home)
            where = f"match {home} v {away}, board {number}"
            lines.append(played_line(number, str(ns), str(ew), line, where))
        match.rooms[number] = lines
    return match


def _sections(event: ET.Element) -> list[tuple[int, str, ET.Element]]:
    """(session number, section letter, element holding its pairs and boards):
    each ``SESSION/SECTION``, or the EVENT itself when it has none."""
    found = []
    for session in event.findall("SESSION"):
        number = _session_number(session.get("SESSION_ID") or "1")
        for section in session.findall("SECTION"):
            letter = (section.get("SECTION_ID") or "A").strip().upper()[:4] or "A"
            found.append((number, letter, section))
    return found or [(1, "A", event)]


def _section(event: ET.Element) -> ET.Element:
    """A teams event's one element holding its teams and matches."""
    found = _sections(event)
    if len(found) > 1:
        raise GameError(
            f"the teams file holds {len(found)} sections: import them one file each"
        )
    return found[0][2]


def _session_number(text: str) -> int:
    return number_in(text, MAX_SESSION, "<SESSION>", "SESSION_ID")


def _date(text: str) -> dt.date:
    """The event's DATE; today when the file gives none, refused when it is
    not a date (31/02/2026 is not stored as today)."""
    if not text:
        return dt.date.today()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d/%m/%y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise GameError(f'DATE "{text}" is not a date (such as 24/11/2026)')


def _club(root: ET.Element) -> tuple[str, str] | None:
    club = root.find("CLUB")
    if club is None or not element_text(club, "CLUB_NAME"):
        return None
    return element_text(club, "CLUB_NAME"), element_text(club, "CLUB_ID_NUMBER")


def _label(text: str, where: str) -> tuple[int, str]:
    match = PAIR_LABEL.match(text.strip().upper())
    if not match:
        raise GameError(f'{where}: pair number "{text}" is not like "7" or "7NS"')
    return bounded(int(match.group(1)), MAX_PAIR, where, "pair"), match.group(2) or ""


def _participant(element: ET.Element) -> tuple[str, str, ImportedPair]:
    """A ``PAIR`` of the PARTICIPANTS: its label ("7", "1NS"), its DIRECTION
    (NS, EW or "" as a Howell's are), and the pair with its players."""
    label = element_text(element, "PAIR_NUMBER").upper()
    number, suffix = _label(label, "PARTICIPANTS")
    direction = suffix or element_text(element, "DIRECTION").upper()
    players = _players(element)
    names = " – ".join(player.name for player in players)
    pair = ImportedPair(number, names, players=players)
    if direction in SIDES:
        pair.directions.add(direction)
    return label, direction if direction in SIDES else "", pair


def _players(element: ET.Element) -> list[ImportedPlayer]:
    return [
        ImportedPlayer(
            element_text(p, "PLAYER_NAME"), element_text(p, "NATIONAL_ID_NUMBER")
        )
        for p in element.findall("PLAYER")
        if element_text(p, "PLAYER_NAME")
    ]


def _board_number(board: ET.Element) -> int:
    text = element_text(board, "BOARD_NUMBER")
    if not text.isdigit() or int(text) == 0:
        raise GameError(f'<BOARD>: BOARD_NUMBER "{text}" is not a board number')
    return bounded(int(text), MAX_BOARD, "<BOARD>", "BOARD_NUMBER")


def _line(board: int, line: ET.Element, index: int) -> ImportedLine:
    """The board's ``index``-th TRAVELLER_LINE, its pairs as the file names
    them (``pairs_placed`` then decides whose numbers they are)."""
    ns_label, ew_label = (
        element_text(line, "NS_PAIR_NUMBER"),
        element_text(line, "EW_PAIR_NUMBER"),
    )
    where = f"board {board}, {ns_label or '?'} v {ew_label or '?'}"
    if not ns_label or not ew_label:
        raise GameError(f"{where}: NS_PAIR_NUMBER and EW_PAIR_NUMBER are needed")
    for label in (ns_label, ew_label):
        _label(label, where)
    played = played_line(board, ns_label.upper(), ew_label.upper(), line, where)
    return replace(played, where=f"traveller line {index}")


def _row(board: int, line: ET.Element, index: int) -> ImportedRow:
    """The board's ``index``-th TRAVELLER_LINE as a table's row, played or not."""
    return ImportedRow(
        board,
        element_text(line, "NS_PAIR_NUMBER"),
        element_text(line, "EW_PAIR_NUMBER"),
        f"board {board}, traveller line {index}",
    )


def _deals(root: ET.Element) -> dict[int, str]:
    """Each board's deal from the HANDSET (or hands within the boards), as PBN."""
    deals = {}
    for board in root.iter("BOARD"):
        hands = board.findall("HAND")
        if len(hands) != 4:
            continue
        number = _board_number(board)
        seats = {}
        for hand in hands:
            seat = SEATS.get(element_text(hand, "DIRECTION").upper())
            if seat is None:
                raise GameError(f'board {number}: HAND DIRECTION must be "North"...')
            suits = (
                element_text(hand, s) for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            )
            seats[seat] = ".".join(suits).upper().replace("10", "T")
        if len(seats) != 4:
            raise GameError(f"board {number}: the four hands need four directions")
        try:
            deal = Deal.from_pbn("N:" + " ".join(seats[s] for s in "NESW"))
        except GameError as error:
            raise GameError(f"board {number}: {error}") from None
        deals[number] = deal.to_pbn()
    return deals
