"""A first ``load_demo`` on an empty database: the club, its players, its
director login and its scored events.  The command runs once for the module
(``module_world``); each test reads what it made.  (The tests that run it over
the demo are ``test_demo.py``'s: they lay the demo, which must not meet this
module's rows.)"""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.support.module_world import module_world
from tournaments.models import Club, Event, Match, Section, TeamScore

pytestmark = pytest.mark.django_db


def _first_load() -> str:
    """``load_demo --director`` on an empty database: what it printed."""
    out = StringIO()
    call_command("load_demo", "--director", stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def first_load(django_db_setup, django_db_blocker) -> Iterator[str]:
    """:func:`_first_load`, run once for the module's tests that only read
    what it made (each test in a savepoint of its own)."""
    with module_world(django_db_blocker, _first_load) as printed:
        yield printed


def test_it_loads_a_club_with_32_players_and_a_director(first_load):
    club = Club.objects.get()
    assert club.name == "Bridge Club de la Donne"
    assert club.players.count() == 32
    assert get_user_model().objects.get(username="director").is_superuser
    assert "32 players (32 new)" in first_load
    assert "Director login: director / donne-demo" in first_load


def test_the_command_scores_the_teams_demo_matches_and_standings(first_load):
    """``load_demo`` scores the Swiss teams through ``rescore_team_round``,
    whose section lock PostgreSQL once refused (FOR UPDATE across the outer
    join to the competition): the command aborted there."""
    event = Event.objects.get(name="Saturday Swiss teams")
    played = Match.objects.filter(session__event=event, away__isnull=False)
    assert played.count() == 16
    assert not played.filter(home_imps__isnull=True).exists()
    assert not played.filter(away_imps__isnull=True).exists()
    assert played.filter(complete=True).count() == 12
    standings = TeamScore.objects.filter(team__event=event)
    assert [s.position for s in standings] == list(range(1, 9))
    assert [s.played for s in standings] == [3] * 8
    assert (
        Section.objects.filter(session__event=event, scored__isnull=False).count() == 4
    )
