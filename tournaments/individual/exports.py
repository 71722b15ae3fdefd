"""PBN and USEBIO files of an individual bridge event, as the formats allow.

Boards are written as a pairs event's are (each round's partnership is a
pair of the section: its number on the ScoreTable / traveller line, its
``Names`` the two players with their seats), and the ranking is the players'.

* PBN: the pairs games (``exporters.pbn``), the first one's TotalScoreTable
  replaced by the players' ranking under PBN 2.1's ``PlayerId`` column (the
  identification of a player, as ``PairId`` is of a pair).
* USEBIO 1.2: ``EVENT_TYPE="INDIVIDUAL"`` (one of the DTD's event types); the
  participants are ``PLAYER`` elements (number, name, licence, score,
  percentage, place); each traveller line names the partnerships as its NS
  and EW "pairs", followed by the four players by seat in ``NORTH``,
  ``EAST``, ``SOUTH``, ``WEST`` player numbers.  formats.md is silent on an
  individual's traveller line: these four elements are ours, after the
  DTD's direction names; a reader ignoring them still gets each line's
  partnerships, contract, score and matchpoints.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tournaments.exporters.pbn import pairs_games
from tournaments.exporters.usebio import (
    UsebioRefused,
    _add,
    _dates,
    _header,
    _number,
    _played,
)
from tournaments.individual.services import section_schedule
from tournaments.models import Event, IndividualScore, Section
from tournaments.selectors.pairs import stored_report

PLAYER_TOTAL_COLUMNS = (
    "Rank\\3R", "PlayerId\\3R", "TotalScoreMP\\6R", "TotalPercentage\\6R",
    "Names\\30L", "NrBoards\\2R",
)  # fmt: skip


def _quoted(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def individual_games(event: Event) -> list:
    """The event's PBN games: every board, the players' ranking on the first."""
    games = pairs_games(event)
    scores = IndividualScore.objects.filter(
        entrant__section__session__event=event
    ).select_related("entrant__player")
    if games:
        games[0].tags["TotalScoreTable"] = ";".join(PLAYER_TOTAL_COLUMNS)
        games[0].sections["TotalScoreTable"] = [
            " ".join([
                _quoted(score.rank), str(score.entrant.number),
                f"{score.mp:.2f}", f"{score.pct:.2f}",
                _quoted(score.entrant.display_name), str(score.boards),
            ])
            for score in scores
        ]  # fmt: skip
    return games


def individual_usebio_event(root: ET.Element, event: Event) -> None:
    """The event's EVENT element: players ranked, every board's lines."""
    section = Section.objects.filter(session__event=event).first()
    if section is None:
        raise UsebioRefused(f"event {event.pk} has no section to export")
    element = _header(event, "INDIVIDUAL")
    _add(element, "WINNER_TYPE", 1)
    _dates(element, event, 1, 1)
    root.append(element)
    participants = _add(element, "PARTICIPANTS", EVENT_TYPE="INDIVIDUAL")
    scores = {
        score.entrant_id: score
        for score in IndividualScore.objects.filter(entrant__section=section)
    }
    for entrant in section.individual_entrants.select_related("player"):
        player = _add(participants, "PLAYER")
        _add(player, "PLAYER_NUMBER", entrant.number)
        _add(player, "PLAYER_NAME", entrant.display_name)
        if entrant.player_id and entrant.player.licence:
            _add(player, "NATIONAL_ID_NUMBER", entrant.player.licence)
        score = scores.get(entrant.pk)
        if score is not None:
            _add(player, "TOTAL_SCORE", f"{score.mp:.2f}")
            _add(player, "PERCENTAGE", f"{score.pct:.2f}")
            _add(player, "PLACE", score.rank)
    schedule = section_schedule(section)
    report = stored_report(section)
    for number, lines in report.boards():
        board = _add(element, "BOARD", EVENT_TYPE="INDIVIDUAL")
        _add(board, "BOARD_NUMBER", number)
        for line in lines:
            result = line.result
            seating, _side = schedule.partnership(result.ns_pair.number)
            traveller = _add(board, "TRAVELLER_LINE")
            _add(traveller, "NS_PAIR_NUMBER", result.ns_pair.label)
            _add(traveller, "EW_PAIR_NUMBER", result.ew_pair.label)
            for seat, player in zip(
                ("NORTH", "EAST", "SOUTH", "WEST"), seating.players, strict=True
            ):
                _add(traveller, seat, player)
            _played(traveller, event, result)
            if line.mp_ns is not None:
                _add(traveller, "NS_MATCH_POINTS", _number(line.mp_ns))
                _add(traveller, "EW_MATCH_POINTS", _number(line.mp_ew))
