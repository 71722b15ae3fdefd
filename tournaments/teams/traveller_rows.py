"""A teams board's traveller: each match's two rooms, the net and the IMPs.

A pairs traveller ranks every line of a board against the others (MP, %);
in a teams round a line is compared with one other only, its match's other
room.  So the traveller has one row a match: the open room's line (home
North-South), the closed room's (away North-South), the net score to the
home team (open NS score minus closed NS score) and the IMPs (or BAM
points) each team wins on the board, as the match's scorer counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournaments.models import Match, Section, TeamCompetition
from tournaments.teams.rescore import load_rooms, room_result
from tournaments.teams.selectors import BoardRooms, SheetRow, rooms_sheet


@dataclass(frozen=True)
class TravellerRow(BoardRooms):
    """One match's two rooms on one board, with the net score to the home team."""

    match: Match
    net: int | None

    def in_play(self) -> TravellerRow:
        """The row as a player sees it while a room has still to play the
        board: no line, no score (``teams.privacy.match_board_hidden``)."""
        return replace(self, open=None, closed=None, net=None, home=None, away=None)


def team_traveller(section: Section, number: int) -> list[TravellerRow]:
    """The board ``number`` of a teams round, one row a match, in match order.

    ``net`` is the home team's difference in points (None unless both rooms
    hold a played score: an artificial score has no points, only IMPs).
    """
    competition = section.session.event.competition
    bam = competition.scoring == TeamCompetition.Scoring.BAM
    rows = []
    for rooms in load_rooms(section):
        # A three-way match plays a third of the round's boards.
        played = [row for row in rooms_sheet(rooms, bam) if row.board == number]
        rows += [_row(rooms.match, row) for row in played]
    rows.sort(key=lambda row: row.match.number)
    return rows


def _row(match: Match, row: SheetRow) -> TravellerRow:
    open_score, closed_score = room_result(row.open), room_result(row.closed)
    both = isinstance(open_score, int) and isinstance(closed_score, int)
    return TravellerRow(
        match=match,
        open=row.open,
        closed=row.closed,
        net=open_score - closed_score if both else None,
        home=row.home,
        away=row.away,
    )
