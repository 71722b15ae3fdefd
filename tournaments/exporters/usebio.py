"""A pairs or teams event as a USEBIO 1.2 XML results file.

The shape follows the files Compscore writes for the EBU and ABF (the DTD,
``usebio_v1_2.dtd``, is declared as they do): ``CLUB``, then ``EVENT`` with
its ``EVENT_TYPE``, the ``PARTICIPANTS`` with their totals and places (a
pair's procedural penalty in ``PENALTY``, its totals after it), and

* pairs (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``): one ``BOARD`` per
  board with its ``TRAVELLER_LINE`` s (an artificial score as ``A6040`` in
  ``SCORE``) and each line's matchpoints, Butler IMPs or cross-IMPs, then the
  deals in ``HANDSET``; an event of several sections nests each in the 1.2
  ``SESSION``/``SECTION`` elements, its deals within its boards;
* teams: written by the teams game (``teams.usebio``) with the
  elements this module shares (the header, dates, players and played lines).

Pairs are numbered as on the travellers ("3NS" in a Mitchell, "7" in a
Howell), so ``import_usebio`` reads the file back into the same event.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

from django.conf import settings
from django.db.models import Manager

from tournaments.exporters.usebio_lines import (
    boards_text,
    hand_parts,
    number_text,
    played_parts,
)
from tournaments.exporters.xml_text import rendered, xml_text
from tournaments.models import Board, Event, Pair, Player, Result, Section
from tournaments.registry import event_game
from tournaments.selectors.line_rows import line_reports
from tournaments.selectors.pairs import (
    SectionReport,
    StandingRow,
    event_sections,
)

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
PAIRS_TYPES = {
    Event.Method.MATCHPOINTS: ("MP_PAIRS", "MATCH_POINTS"),
    Event.Method.BUTLER: ("BUTLER_PAIRS", "BUTLER_POINTS"),
    Event.Method.CROSS_IMPS: ("CROSS_IMP", "CROSS_IMP_POINTS"),
}
NAME_SEPARATORS = re.compile(r"\s+[–&/-]\s+")


class UsebioRefused(ValueError):
    """The event cannot be written as USEBIO (its kind, or nothing scored)."""


def event_usebio(event: Event) -> str:
    """The event as USEBIO 1.2 XML text (UTF-8, declared)."""
    root = ET.Element("USEBIO", Version="1.2")
    if event.club_id:
        club = ET.SubElement(root, "CLUB")
        _add(club, "CLUB_NAME", event.club.name)
        _add(club, "CLUB_ID_NUMBER", event.club.federation_code)
    game = event_game(event)
    if "usebio" in game.exports:
        game.usebio_event(root, event)
    else:
        raise UsebioRefused(
            f"event {event.pk} is a {event.get_kind_display()} event: "
            "USEBIO carries pairs and teams events"
        )
    body = xml_text(root)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


def _add(parent: ET.Element, tag: str, text: object = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = str(text)
    return element


def _header(event: Event, kind: str) -> ET.Element:
    element = ET.Element("EVENT", EVENT_TYPE=kind)
    _add(element, "EVENT_IDENTIFIER", event.pk)
    _add(element, "EVENT_DESCRIPTION", event.name)
    _add(element, "PROGRAM_NAME", "Donne")
    _add(element, "PROGRAM_VERSION", settings.SPECTACULAR_SETTINGS["VERSION"])
    return element


def _dates(element: ET.Element, event: Event, sessions: int, sections: int) -> None:
    _add(element, "DATE", event.date.strftime("%d/%m/%Y"))
    _add(element, "SESSION_COUNT", sessions)
    _add(element, "SECTION_COUNT", sections)


# A line's points as Compscore writes them (the teams and individual files too).
_number = number_text


def _grow(parent: ET.Element, parts: list[tuple[str, object]]) -> None:
    """``(tag, value)`` pairs (``usebio_lines``) as ``parent``'s elements."""
    for tag, value in parts:
        if isinstance(value, list):
            _grow(_add(parent, tag), value)
        else:
            _add(parent, tag, value)


# Pairs -------------------------------------------------------------------


def pairs_usebio_event(root: ET.Element, event: Event) -> None:
    sections = event_sections(event)
    if not sections:
        raise UsebioRefused(f"event {event.pk} has no section to export")
    kind, points = PAIRS_TYPES[event.method]
    reports = line_reports(sections)
    element = _header(event, kind)
    two_winners = any(group for r in reports for group in r.rankings if group)
    _add(element, "WINNER_TYPE", 2 if two_winners else 1)
    _dates(element, event, len({s.session_id for s in sections}), len(sections))
    if event.method != Event.Method.MATCHPOINTS:
        _add(element, "SCORING_METHOD", "IMPS")
    root.append(element)
    if len(reports) == 1:
        _section(element, reports[0], kind, points, hands=False, level=2)
        _handset(root, sections[0])
        return
    for report in reports:
        session = _add(
            element, "SESSION", SESSION_ID=str(report.section.session.number)
        )
        holder = _add(session, "SECTION", SECTION_ID=report.section.letter or "A")
        _section(holder, report, kind, points, hands=True, level=4)


def _section(
    holder: ET.Element,
    report: SectionReport,
    kind: str,
    points: str,
    *,
    hands: bool,
    level: int,
) -> None:
    """A section's pairs and boards in ``holder``, whose children are at
    ``level`` of the file (USEBIO 2, EVENT 1...): the boards are text."""
    participants = _add(holder, "PARTICIPANTS", EVENT_TYPE=kind)
    standings = {row.pair.pk: row for rows in report.rankings.values() for row in rows}
    full = {
        group: max((row.boards for row in rows), default=0)
        for group, rows in report.rankings.items()
    }
    pairs = list(report.section.pairs.order_by("number", "-direction"))
    chosen = _chosen_players(pairs)
    for pair in pairs:
        if pair.phantom:
            continue
        element = _add(participants, "PAIR")
        _add(element, "PAIR_NUMBER", pair.label)
        _add(element, "DIRECTION", pair.direction)
        row = standings.get(pair.pk)
        if row is not None:
            total = row.imps if report.by_imps else _factored(row, full[row.group])
            _add(element, "TOTAL_SCORE", f"{total or 0:.2f}")
            if not report.by_imps:
                _add(element, "PERCENTAGE", f"{row.pct or 0:.2f}")
            _add(element, "PLACE", row.rank)
            if row.penalty:
                # Law 90: the MP (or IMPs) taken off; TOTAL_SCORE, PERCENTAGE
                # and PLACE are after it.
                _add(element, "PENALTY", f"{row.penalty:.2f}")
        _players(element, pair.players, pair.names, chosen.get(pair.pk, []))
    event = report.section.session.event
    # The boards and their lines, most of the file, are written as text.
    text = boards_text(report, event, kind, points, hands=hands, level=level)
    rendered(holder, text)


def _factored(row: StandingRow, boards: int) -> float:
    """The matchpoints factored up to the boards the others played (EBU,
    Compscore): the total of a pair that missed boards matches its percentage."""
    if not row.boards or row.mp is None:
        return 0.0
    return row.mp * boards / row.boards


def _chosen_players(pairs: list[Pair]) -> dict[int, list[tuple[str, str]]]:
    """Each pair's chosen players (name, licence) in the order they were
    entered, by pair id, in one query: a query a pair cost 4,000 queries at
    2,000 tables."""
    chosen: dict[int, list[tuple[str, str]]] = defaultdict(list)
    links = Pair.players.through.objects.filter(pair__in=[pair.pk for pair in pairs])
    for link in links.select_related("player").order_by("pk"):
        chosen[link.pair_id].append((link.player.full_name, link.player.licence))
    return chosen


def _players(
    element: ET.Element,
    players: Manager[Player],
    names: str,
    chosen: list[tuple[str, str]] | None = None,
) -> None:
    """The PLAYER elements, in the order the players were entered: the
    ``chosen`` ones (name, licence) when read already, else ``players``'."""
    if chosen is None:
        links = players.through.objects.filter(
            **{players.source_field_name: players.instance}
        )
        chosen = [
            (link.player.full_name, link.player.licence)
            for link in links.select_related("player").order_by("pk")
        ]
    entries = chosen or [(name, "") for name in NAME_SEPARATORS.split(names) if name]
    for name, licence in entries:
        player = _add(element, "PLAYER")
        _add(player, "PLAYER_NAME", name)
        if licence:
            _add(player, "NATIONAL_ID_NUMBER", licence)


def _played(element: ET.Element, event: Event, result: Result) -> None:
    """The line's contract, declarer, lead, tricks and NS score (or ``A6040``)."""
    _grow(element, played_parts(event, result))


def _handset(root: ET.Element, section: Section) -> None:
    boards = [b for b in section.boards.order_by("number") if b.deal]
    if not boards:
        return
    handset = _add(root, "HANDSET")
    for board in boards:
        element = _add(handset, "BOARD")
        _add(element, "BOARD_NUMBER", board.number)
        _hands(element, board)


def _hands(element: ET.Element, board: Board) -> None:
    _grow(element, hand_parts(board))
