"""The demo loader: a club, its players and a director login, safe to rerun.

The tests of a fresh load run the command on an empty database; those of the
director it makes, and of a second run, run it over the demo as a first run
leaves it (the ``demo`` fixture, a copy of that run checked by
``test_demo_copy.py``)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import Club, Event, Match, Player, Section, TeamScore

pytestmark = pytest.mark.django_db


def test_it_loads_a_club_with_32_players_and_a_director():
    out = StringIO()
    call_command("load_demo", "--director", stdout=out)
    club = Club.objects.get()
    assert club.name == "Bridge Club de la Donne"
    assert club.players.count() == 32
    assert get_user_model().objects.get(username="director").is_superuser
    assert "32 players (32 new)" in out.getvalue()
    assert "Director login: director / donne-demo" in out.getvalue()


def test_without_debug_or_the_flag_it_makes_no_director(demo, settings):
    """A production server loading the demo gets no login whose password
    the README prints (the command run again over the demo: the director is
    decided on every run)."""
    settings.DEBUG = False
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert not get_user_model().objects.exists()
    assert "No demo director (DEBUG is off)" in out.getvalue()


def test_in_debug_it_makes_the_director(demo, settings):
    settings.DEBUG = True
    call_command("load_demo", stdout=StringIO())
    assert get_user_model().objects.filter(username="director").exists()


def test_it_can_be_run_twice_without_duplicating_anything(demo):
    """The second run, over what the first left (``demo``)."""
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert Club.objects.count() == 1
    assert Player.objects.count() == 32
    assert "(0 new)" in out.getvalue()


def test_the_director_can_log_in_to_the_admin(demo, client):
    call_command("load_demo", "--director", stdout=StringIO())
    assert client.login(username="director", password="donne-demo")
    assert client.get("/admin/tournaments/player/").status_code == 200


def test_the_command_scores_the_teams_demo_matches_and_standings():
    """``load_demo`` scores the Swiss teams through ``rescore_team_round``,
    whose section lock PostgreSQL once refused (FOR UPDATE across the outer
    join to the competition): the command aborted there."""
    call_command("load_demo", stdout=StringIO())
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
