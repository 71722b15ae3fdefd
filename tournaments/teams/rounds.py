"""Lay out a teams event's next round once the current one is complete.

A Swiss pairs its next round on the standings (no rematch, the bye to the
lowest team without one); a knockout sends each match's winner on, or has
extra boards played when a match is tied and the tie rule says so.  A round
robin laid out everything at the start.  Called by the
``scoring.next_team_round`` task after the last result of a round lands;
safe to call any time, and twice: it does nothing unless a round is due.
"""

from __future__ import annotations

from django.db import transaction

from scoring.knockout import extra_boards
from tournaments.models import Event, Match, Section, TeamCompetition
from tournaments.movements.swiss import swiss_pairing
from tournaments.teams.movements.knockout import next_round
from tournaments.teams.rescore import round_complete
from tournaments.teams.selectors import (
    knockout_ties,
    played_pairs,
    standing_order,
    team_byes,
)
from tournaments.teams.services import session_add, team_round_create


@transaction.atomic
def next_round_create(event_id: int) -> Section | None:
    """Lay out the next Swiss round or knockout stage if one is due, else None.

    The competition row is locked, so two tasks finishing the same round lay
    it out once.
    """
    competition = TeamCompetition.objects.select_for_update().get(event_id=event_id)
    event = competition.event
    last = event.sessions.order_by("-number").first()
    if last is None or not round_complete(last):
        return None
    if competition.format == TeamCompetition.Format.SWISS:
        return _swiss_round(event, competition)
    if competition.format == TeamCompetition.Format.KNOCKOUT:
        return _knockout_stage(event, competition)
    return None


def _swiss_round(event: Event, competition: TeamCompetition) -> Section | None:
    stage = _last_stage(event)
    if stage >= competition.rounds:
        return None
    pairings = swiss_pairing(
        standing_order(event), played_pairs(event), team_byes(event)
    )
    return team_round_create(session_add(event), pairings, stage=stage + 1)


def _knockout_stage(event: Event, competition: TeamCompetition) -> Section | None:
    stage = _last_stage(event)
    ties = knockout_ties(event, stage)
    if not all(tie.complete for tie in ties):
        return None
    tied = [tie for tie in ties if tie.winner is None]
    if tied:
        segment = max(match.segment for tie in tied for match in tie.segments) + 1
        # The first extra segment is one-eighth of the match (EBU); a tie
        # after it goes to sudden death, one board at a time (WBF practice).
        boards = 1
        if segment == competition.rounds + 1:
            boards = extra_boards(competition.boards_per_match)
        return team_round_create(
            session_add(event),
            [(tie.home.number, tie.away.number) for tie in tied if tie.away],
            stage=stage,
            segment=segment,
            boards=boards,
            stints=1,
        )
    winners = [tie.winner.number for tie in ties if tie.winner is not None]
    if len(winners) < 2:
        return None
    seeds = {team: team for team in winners}
    section = None
    for segment in range(1, competition.rounds + 1):
        section = team_round_create(
            session_add(event),
            next_round(winners, seeds),
            stage=stage + 1,
            segment=segment,
        )
    return section


def _last_stage(event: Event) -> int:
    last = Match.objects.filter(session__event=event).order_by("-stage").first()
    return last.stage if last else 0
