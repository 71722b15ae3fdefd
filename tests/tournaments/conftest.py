"""Shared helpers of the tournaments tests: who meets whom in a movement, and
how often each board is played; the running sections (``running_play``) a
late pair joins or a pair leaves."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from django.test import Client
from mail_play import commit_each_request
from running_play import running_section
from teams_play import Committing

from tournaments.models import Section, Session
from tournaments.movements import Movement, Seating
from tournaments.services.events import MovementChoice, event_create, section_create


def mitchell_section(
    session: Session, letter: str = "A", first_board: int = 1
) -> Section:
    """A 3-table Mitchell of 2 boards a round in ``session``."""
    return section_create(
        session=session,
        choice=MovementChoice("mitchell", 3, 2),
        letter=letter,
        first_board=first_board,
    )


@pytest.fixture
def section() -> Section:
    """Tuesday pairs being played: a 3-table Mitchell, 2 boards a round.

    Table 1 plays boards 1-2 in round 1 (1NS v 1EW), table 2 boards 3-4.
    """
    event = event_create(name="Tuesday pairs", date=dt.date(2026, 11, 24))
    section = mitchell_section(event.sessions.get())
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    section.session.refresh_from_db()
    return section


def real_seatings(movement: Movement) -> list[Seating]:
    return [s for s in movement.seatings if not movement.is_sit_out(s)]


def meetings(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((s.ns, s.ew)) for s in real_seatings(movement))


def play_counts(movement: Movement) -> Counter[int]:
    return Counter(b for s in real_seatings(movement) for b in s.boards)


@pytest.fixture
def api(director, django_capture_on_commit_callbacks):
    """The director's client, running the scoring tasks each request queues."""
    return Committing(director, django_capture_on_commit_callbacks)


@pytest.fixture
def td(django_user_model) -> Client:
    """A client of its own signed in as the staff director "td" (its
    ``user``), for a test that also has ``client`` play a tablet."""
    user = django_user_model.objects.create_user(
        "td", password="pw", is_staff=True, is_superuser=True
    )
    client = Client()
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture(params=["anonymous", "player"])
def not_director(request, django_user_model) -> Client:
    """A client with no right to the director's pages, the test run with
    each: nobody signed in, then a player (a user who is not staff)."""
    visitor = Client()
    if request.param == "player":
        visitor.force_login(django_user_model.objects.create_user("ada"))
    return visitor


@pytest.fixture
def requests_commit(django_capture_on_commit_callbacks, monkeypatch) -> None:
    """Each test client request runs its on-commit callbacks (a queued mail
    job) as it ends, as outside the test's transaction (``mail_play``)."""
    commit_each_request(django_capture_on_commit_callbacks, monkeypatch)


@pytest.fixture
def phantom_section() -> Section:
    """Seven tables, thirteen pairs: 7EW is the phantom, its opponents sit out."""
    return running_section(7, phantom=True)


@pytest.fixture
def five_tables() -> Section:
    """Five tables, ten pairs, five rounds of two boards."""
    return running_section(5, phantom=False)


@pytest.fixture
def still_turn_clock(monkeypatch):
    """The sign-in turns' clock stopped mid-slot: a test posting several
    codes while flooded never sees a turn come by the clock moving (on a
    loaded machine two requests may straddle a 1.5 s slot), only when it
    moves the turns itself.  The time it stopped at."""
    import datetime as dt
    from types import SimpleNamespace

    from tournaments.services import sign_in_locks

    real = dt.datetime.now(dt.UTC)
    slot = int(real.timestamp() // sign_in_locks.TURN_SECONDS)
    stopped = dt.datetime.fromtimestamp(
        (slot + 0.5) * sign_in_locks.TURN_SECONDS, tz=dt.UTC
    )
    monkeypatch.setattr(sign_in_locks, "timezone", SimpleNamespace(now=lambda: stopped))
    return stopped
