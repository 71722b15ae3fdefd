"""The demo loader run again: the director it makes or not, and a second run
that duplicates nothing.  These run the command over the demo as a first run
leaves it (the ``demo`` fixture, a copy of that run checked by
``test_demo_copy.py``); the first run's own tests are
``test_demo_first_load.py``'s."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import Club, Player

pytestmark = pytest.mark.django_db


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
