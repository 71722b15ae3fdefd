"""The public traveller of a teams board: one row a match, both rooms and the IMPs.

The registry's ``board_page`` of the teams game (issue 22: the pairs
traveller printed empty MP and % columns for teams and no IMPs).  The view
``results.views.board_traveller`` has checked that the event may be shown
and that the board is not hidden from this viewer; a match whose other room
has not played the board yet still shows nothing of it to a player.
"""

from __future__ import annotations

from django.db.models import Max, Min, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Board, Section, TeamCompetition
from tournaments.results.hand_records import deals_visible, hand_record
from tournaments.services.privacy import privacy_applies, request_viewer
from tournaments.teams.privacy import match_board_hidden
from tournaments.teams.traveller_rows import team_traveller


def team_board_traveller(
    request: HttpRequest, section: Section, board: Board, live: dict[str, object]
) -> HttpResponse:
    """Render board ``board`` of a teams round for the public or the director."""
    event = section.session.event
    rows = team_traveller(section, board.number)
    if not request_viewer(request).director and privacy_applies(section):
        rows = [
            row.in_play() if match_board_hidden(row.open, row.closed) else row
            for row in rows
        ]
    around = section.boards.aggregate(
        previous=Max("number", filter=Q(number__lt=board.number)),
        next=Min("number", filter=Q(number__gt=board.number)),
    )
    context = {
        "section": section,
        "board": board,
        "rows": rows,
        "bam": event.competition.scoring == TeamCompetition.Scoring.BAM,
        "record": hand_record(board) if deals_visible(request, event) else None,
        "previous": around["previous"],
        "next": around["next"],
        "live": live,
    }
    return render(request, "teams/results_board.html", context)
