"""A teams event as PBN 2.1: one game per board and room of every match.

The shape vugraph and club programs write for a match (and that
``scoring.rooms.pbn_match_rooms`` reads): ``[Room "Open"]`` or ``"Closed"``,
``[HomeTeam]`` and ``[VisitTeam]``, ``[Round]`` (the match's round or knockout
stage), the deal, the contract, declarer and tricks, and the NS ``[Score]``.
The home team sits NS in the open room.  An artificial score (A+/A/A-)
has no PBN form: its game gives ``[Contract "?"]`` and a commentary naming
the marks; a weighted score gives its weighted mean as the score.
"""

from __future__ import annotations

from games.pbn import PbnGame
from tournaments.exporters.pbn_game import board_game
from tournaments.models import Event, Match, Result, TeamCompetition
from tournaments.teams.selectors import match_sheets

ROOMS = ("Open", "Closed")


def teams_games(event: Event) -> list[PbnGame]:
    """Every played board of every match, open room then closed room."""
    scoring = event.competition.scoring
    kind = "BAM" if scoring == TeamCompetition.Scoring.BAM else "IMP"
    matches = Match.objects.filter(session__event=event).select_related(
        "session", "home", "away"
    )
    matches = list(matches.order_by("session__number", "number"))
    sheets = match_sheets(matches)
    games = []
    for match in matches:
        for row in sheets[match.pk]:
            for room, result in zip(ROOMS, row.rooms, strict=True):
                if result is not None:
                    games.append(_room_game(event, match, room, result, kind))
    if not games:
        raise ValueError(f"event {event.pk} has no match with a result to export")
    return games


def _room_game(
    event: Event, match: Match, room: str, result: Result, scoring: str
) -> PbnGame:
    game = board_game(event, result.board, Round=str(match.stage))
    game.tags["Room"] = room
    game.tags["HomeTeam"] = match.home.name
    game.tags["VisitTeam"] = match.away.name
    game.tags["Scoring"] = scoring
    if result.is_adjusted:
        game.tags["Contract"] = "?"
        game.commentary.append(
            f"Adjusted score: NS {result.adjusted_ns}, EW {result.adjusted_ew}"
        )
        return game
    if result.weighted:
        game.tags["Contract"] = "?"
        game.commentary.append(f"Weighted score: {result.weighted_text}")
        game.tags["Score"] = f"NS {result.score_ns}"
        return game
    passed = result.contract.upper() == "PASS"
    game.tags["Declarer"] = "" if passed else result.declarer
    game.tags["Contract"] = "Pass" if passed else result.contract
    game.tags["Result"] = "" if passed else str(result.tricks)
    game.tags["Score"] = f"NS {result.score_ns or 0}"
    return game
