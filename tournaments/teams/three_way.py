"""Lay out a round of three-way team matches (issue 22).

A three-way round is a session with one "teams" section like any teams
round, but each group of three teams plays three matches (A v B, B v C,
C v A) of half the boards each, at three tables in two stints
(``movements.three_way``).  The section's boards are the three sets X, Y, Z
of ``boards_per_match / 2`` boards; match k of a group plays set
``three_way_set(k)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max

from tournaments.models import Board, Match, Pair, Section, Session
from tournaments.movements.model import EW, NS, Movement
from tournaments.services.push import event_pushed
from tournaments.services.single_section import section_lay_out
from tournaments.teams.movements.three_way import (
    Group,
    three_way_pairings,
    three_way_round,
    three_way_set,
)


@transaction.atomic
def three_way_round_create(
    session: Session, groups: Sequence[Group], *, stage: int
) -> Section:
    """Lay out one round of three-way groups: section, pairs, boards, matches."""
    event = session.event
    boards = event.competition.boards_per_match
    teams = {team.number: team for team in event.teams.all()}
    movement = three_way_round(groups, boards=boards)
    last = Board.objects.filter(section__session__event=event).aggregate(
        last=Max("number")
    )["last"]
    first_board = (last or 0) + 1
    section = section_lay_out(
        session,
        boards=range(first_board, first_board + len(movement.boards)),
        movement=Section.Movement.GAME,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        first_board=first_board,
    )
    Pair.objects.bulk_create(
        Pair(
            section=section,
            number=number,
            direction=direction,
            names=teams[number].name,
        )
        for group in groups
        for number in group
        for direction in (NS, EW)
    )
    Match.objects.bulk_create(
        Match(
            session=session,
            number=3 * g + k,
            stage=stage,
            home=teams[home],
            away=teams[away],
            three_way=True,
        )
        for g, group in enumerate(groups)
        for k, (home, away) in enumerate(three_way_pairings(group), start=1)
    )
    event_pushed(event.pk)
    return section


def three_way_movement(matches: Sequence[Match], boards_per_round: int) -> Movement:
    """The movement of a three-way round, rebuilt from its matches."""
    ordered = sorted(matches, key=lambda match: match.number)
    groups = [
        (first.home.number, second.home.number, third.home.number)
        for first, second, third in zip(
            ordered[0::3], ordered[1::3], ordered[2::3], strict=True
        )
    ]
    return three_way_round(groups, boards=2 * boards_per_round)


def three_way_boards(match: Match, boards: Sequence[Board]) -> list[Board]:
    """The section's boards (in order) that three-way match ``match`` plays."""
    half = len(boards) // 3
    index = three_way_set(match.number) - 1
    return list(boards[index * half : (index + 1) * half])
