"""A teams event's ``EVENT`` element in a USEBIO 1.2 results file.

``SWISS_TEAMS`` (a Swiss) or ``TEAMS_OF_FOUR`` (a round robin or knockout):
the teams (``TEAM_ID``, ``TEAM_NAME``) and one ``MATCH`` per match and
round, its VPs (or IMPs) and, per board, the home team's net ``IMPS`` and
both rooms' lines (``DIRECTION`` the home team sat: NS open, EW closed).
The teams game's ``usebio_event``; the file around it, and the elements
pairs and teams share, are ``tournaments.exporters.usebio``'s.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tournaments.exporters.usebio import (
    _add,
    _dates,
    _header,
    _number,
    _played,
    _players,
)
from tournaments.models import Event, Match, TeamCompetition
from tournaments.teams.selectors import SheetRow, match_sheets, standings_rows


def teams_usebio_event(root: ET.Element, event: Event) -> None:
    """Add the teams event's ``EVENT`` (its teams, standings and every
    match board by board) to the USEBIO root."""
    competition = event.competition
    swiss = competition.format == TeamCompetition.Format.SWISS
    kind = "SWISS_TEAMS" if swiss else "TEAMS_OF_FOUR"
    element = _header(event, kind)
    scoring = {"vp": "VPS", "imps": "IMPS", "bam": "BAM"}[competition.scoring]
    _add(element, "MATCH_SCORING_METHOD", scoring)
    _add(element, "WINNER_TYPE", 1)
    _dates(element, event, event.sessions.count(), 1)
    root.append(element)
    participants = _add(element, "PARTICIPANTS", EVENT_TYPE=kind)
    teams = {team.number: team for team in event.teams.all()}
    for row in standings_rows(event):
        team = teams[row.team]
        entry = _add(
            participants, "TEAM", TEAM_ID=str(team.number), TEAM_NAME=team.name
        )
        if row.played:
            _add(entry, "TOTAL_SCORE", _number(row.points))
            _add(entry, "PLACE", row.rank)
        _players(entry, team.players, team.members)
    matches = Match.objects.filter(session__event=event).select_related(
        "session", "home", "away"
    )
    matches = list(matches.order_by("session__number", "number"))
    sheets = match_sheets(matches)
    for match in matches:
        _match(element, match, sheets[match.pk], kind, competition.scoring)


def _match(
    parent: ET.Element, match: Match, sheet: list[SheetRow], kind: str, scoring: str
) -> None:
    """One ``MATCH``: its round, teams and score, then both rooms' lines of
    each board (a bye: the home team's score alone)."""
    element = _add(parent, "MATCH")
    _add(element, "ROUND_NUMBER", match.stage)
    _add(element, "TEAM", match.home.number)
    if match.is_bye:
        _add(element, "TEAM_SCORE", _number(match.home_points))
        return
    _add(element, "OPPOSING_TEAM", match.away.number)
    if sheet:
        _add(element, "START_BOARD_NUMBER", sheet[0].board)
        _add(element, "END_BOARD_NUMBER", sheet[-1].board)
    vp = scoring != TeamCompetition.Scoring.IMPS
    home = match.home_points if vp else match.home_imps
    away = match.away_points if vp else match.away_imps
    _add(element, "TEAM_SCORE", _number(home))
    _add(element, "OPPOSING_TEAM_SCORE", _number(away))
    event = match.session.event
    for row in sheet:
        board = _add(element, "BOARD", EVENT_TYPE=kind)
        _add(board, "BOARD_NUMBER", row.board)
        if scoring != TeamCompetition.Scoring.BAM and row.home is not None:
            _add(board, "IMPS", _number(row.home))
        for direction, result in zip(("NS", "EW"), row.rooms, strict=True):
            if result is not None:
                line = _add(board, "TRAVELLER_LINE")
                _add(line, "DIRECTION", direction)
                _played(line, event, result)
