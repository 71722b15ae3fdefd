"""The demo club's teams event: an 8-team Swiss, three rounds played, the fourth on.

"Saturday Swiss teams" is created with the real services (seeded round 1),
every board of both rooms entered through ``result_submit`` as the tablets
would, each round scored and the next one paired on the standings, as the
``scoring.next_team_round`` task does after the last result of a round.
Round 4 is half played (half of each match's boards are in from both
rooms), so the director's teams page shows running IMPs and the standings
are those after three rounds.
"""

from __future__ import annotations

import datetime as dt
import random

from tournaments.demo.common import (
    deal_boards,
    demo_players,
    made_once,
    play_simulated,
)
from tournaments.models import Club, Event, Section, TeamCompetition
from tournaments.selectors.movement import section_movement
from tournaments.services.results import session_close
from tournaments.teams.rescore import rescore_team_round
from tournaments.teams.rounds import next_round_create
from tournaments.teams.services import TeamEntry, teams_event_create

NAME = "Saturday Swiss teams"
TEAM_NAMES = (
    "Rhône", "Saône", "Fourvière", "Croix-Rousse",
    "Confluence", "Part-Dieu", "Bellecour", "Terreaux",
)  # fmt: skip
PLAYERS_PER_TEAM = 4
BOARDS_PER_MATCH = 8
ROUNDS = 4
PLAYED_ROUNDS = 3
SEED = 20240613
# Team strength in tricks, as the pairs demo's pair strength.
TEAM_SKILL_SD = 0.3


@made_once(NAME)
def load_demo_teams(club: Club, date: dt.date) -> Event:
    """Create the demo Swiss, once per club."""
    players = demo_players(club, NAME, len(TEAM_NAMES) * PLAYERS_PER_TEAM)
    teams = [
        TeamEntry(
            name=name,
            players=players[index * PLAYERS_PER_TEAM : (index + 1) * PLAYERS_PER_TEAM],
        )
        for index, name in enumerate(TEAM_NAMES)
    ]
    event = teams_event_create(
        name=NAME,
        date=date,
        club=club,
        teams=teams,
        format=TeamCompetition.Format.SWISS,
        boards_per_match=BOARDS_PER_MATCH,
        rounds=ROUNDS,
    )
    rng = random.Random(SEED)
    skill = {team.number: rng.gauss(0, TEAM_SKILL_SD) for team in event.teams.all()}
    for number in range(1, ROUNDS + 1):
        section = Section.objects.get(session__event=event, session__number=number)
        _play(section, skill, rng, live=number > PLAYED_ROUNDS)
        rescore_team_round(section.pk)
        if number < ROUNDS:
            session_close(section.session)
            next_round_create(event.pk)
    return event


def _play(
    section: Section, skill: dict[int, float], rng: random.Random, live: bool
) -> None:
    """Deal the round's boards and enter both rooms' results, stint by stint.

    A ``live`` round has played its first stint and, in its second, the open
    rooms only: half of each match's boards are complete in both rooms.
    """
    movement = section_movement(section)
    boards, deals = deal_boards(section, rng)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    rounds = {row.number: row for row in section.round_set.all()}
    tables = {row.number: row for row in section.table_set.all()}
    for seating in movement.seatings:
        if live and seating.round > 1 and seating.table % 2 == 0:
            continue
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        for number in seating.boards:
            board = boards[number + section.first_board - 1]
            play_simulated(
                board,
                deals[board.number],
                (ns, ew),
                rng,
                skill[ns.number] - skill[ew.number],
                round=rounds[seating.round],
                table=tables[seating.table],
            )


__all__ = ["NAME", "load_demo_teams"]
