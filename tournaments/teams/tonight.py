"""Tonight's teams night in one write, through ``teams_event_create``.

The "Tonight" pages (``director/tonight_teams.py``) ask only the number of
teams, the format among tonight's proposals (``movements.evening_teams``)
and the teams' names and players; everything else follows the club: the
date is today, the event is the club's, and the scoring is the teams
default (IMPs converted to Victory Points, IMPs for a knockout), since a
club holds no scoring defaults of its own.  The first round (every round of
a round robin or a patton) is laid out and open for the tablets as soon as
this returns.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.models import Club, Event
from tournaments.movements.evening_teams import STINTS, TeamsPlan
from tournaments.services.pairs import club_player
from tournaments.teams.services import TeamEntry, teams_event_create


def teams_night_name(date: dt.date) -> str:
    """The event's name: "Club teams night of 28 November 2026", in the
    director's language."""
    return _("Club teams night of %(date)s") % {"date": date_format(date, "j F Y")}


def team_entries(
    club: Club, teams: Sequence[tuple[str, Sequence[str]]]
) -> list[TeamEntry]:
    """Each team's name and players: the club's member of each name, a new
    member otherwise (a blank name is left out, to be typed later)."""
    return [
        TeamEntry(name=name, players=[club_player(club, p) for p in players if p])
        for name, players in teams
    ]


@transaction.atomic
def tonight_teams_create(
    *,
    club: Club,
    plan: TeamsPlan,
    teams: Sequence[tuple[str, Sequence[str]]],
    date: dt.date,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create tonight's teams event for ``club`` playing ``plan``.

    ``teams`` are each team's name and players, best seed first.  The event,
    its competition, its teams, its first round(s) and any new club members
    are stored together or not at all; ``teams_event_create``'s refusals
    (``ValidationError`` naming the field) pass through.
    """
    return teams_event_create(
        name=teams_night_name(date),
        date=date,
        club=club,
        user=user,
        teams=team_entries(club, teams),
        format=plan.format,
        boards_per_match=plan.boards_per_match,
        stints=STINTS,
        rounds=plan.competition_rounds,
    )
