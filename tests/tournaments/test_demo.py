"""The demo loader: a club, its players and a director login, safe to rerun."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import Club, Player

pytestmark = pytest.mark.django_db


def test_it_loads_a_club_with_32_players_and_a_director():
    out = StringIO()
    call_command("load_demo", stdout=out)
    club = Club.objects.get()
    assert club.name == "Bridge Club de la Donne"
    assert club.players.count() == 32
    assert get_user_model().objects.get(username="director").is_superuser
    assert "32 players (32 new)" in out.getvalue()


def test_it_can_be_run_twice_without_duplicating_anything():
    call_command("load_demo", stdout=StringIO())
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert Club.objects.count() == 1
    assert Player.objects.count() == 32
    assert "(0 new)" in out.getvalue()


def test_the_director_can_log_in_to_the_admin(client):
    call_command("load_demo", stdout=StringIO())
    assert client.login(username="director", password="donne-demo")
    assert client.get("/admin/tournaments/player/").status_code == 200
