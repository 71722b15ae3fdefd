"""The public reads the names of a club's players entered in a published
event only; the club's directors read every one of theirs.

The demo club's 32 members play its nine events, none published: the
public reads no name until the director publishes the Sunday Whiz and the
Barbu evening, then exactly the names those two events print.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.models import (
    BarbuEntrant,
    Club,
    Event,
    Pair,
    Player,
    WhizEntrant,
)
from tournaments.selectors.public_players import ENTRIES
from tournaments.services.publication import event_publish
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db
User = get_user_model()


def names(client: Client, headers: dict | None = None) -> dict[str, set[str]]:
    """The player names each reading of the clubs gives: the list, the club."""
    club = Club.objects.get().pk
    read = {}
    for url in ("/api/clubs/", f"/api/clubs/{club}/"):
        response = client.get(url, headers=headers or {})
        assert response.status_code == 200
        body = response.json()
        players = (body[0] if isinstance(body, list) else body)["players"]
        read[url] = {f"{p['first_name']} {p['last_name']}" for p in players}
    return read


def publish(name: str) -> Event:
    return event_publish(Event.objects.get(name=name))


@pytest.fixture
def roster_only(demo) -> Player:
    """A member who plays in no event at all."""
    return Player.objects.create(
        club=Club.objects.get(), first_name="Zoé", last_name="Absente"
    )


def test_the_public_reads_no_name_before_anything_is_published(roster_only):
    assert list(names(Client()).values()) == [set(), set()]


def test_the_public_reads_exactly_the_players_of_published_events(roster_only):
    published = [publish("Sunday Whiz"), publish("Barbu evening")]
    expected = {
        entrant.player.full_name
        for model in (WhizEntrant, BarbuEntrant)
        for entrant in model.objects.filter(
            section__session__event__in=published, player__isnull=False
        )
    }
    everyone = {player.full_name for player in Player.objects.all()}
    assert 10 <= len(expected) < len(everyone) - 1
    assert "Zoé Absente" in everyone - expected

    player_login = Client()
    player_login.force_login(User.objects.create_user("player", password="pw-x-2026"))
    token = issue_table_token(Pair.objects.first().section.table_set.first())
    readers = [
        (Client(), None),
        (player_login, None),
        (Client(), {"Authorization": f"Table {token}"}),
    ]
    for reader, headers in readers:
        for found in names(reader, headers).values():
            assert found == expected
            assert "Zoé Absente" not in found
    # The club page names no player at all.
    page = Client().get(f"/clubs/{Club.objects.get().pk}/").content.decode()
    assert "Absente" not in page


def test_the_clubs_directors_read_every_player_another_club_s_do_not(roster_only):
    club = Club.objects.get()
    publish("Tuesday Mitchell")
    own = User.objects.create_user("own", password="pw-x-2026", is_staff=True)
    club.directors.add(own)
    other = User.objects.create_user("other", password="pw-x-2026", is_staff=True)
    Club.objects.create(name="Other club").directors.add(other)
    own_client, other_client = Client(), Client()
    own_client.force_login(own)
    other_client.force_login(other)
    everyone = {player.full_name for player in Player.objects.all()}
    assert len(everyone) == 33
    detail = f"/api/clubs/{club.pk}/"
    body = own_client.get(detail).json()
    assert {f"{p['first_name']} {p['last_name']}" for p in body["players"]} == everyone
    theirs = other_client.get(detail).json()["players"]
    assert "Zoé Absente" not in {f"{p['first_name']} {p['last_name']}" for p in theirs}
    assert 0 < len(theirs) < 33


def test_every_way_a_player_enters_an_event_is_known():
    """A new model pointing at ``Player`` (a new game's entrant) must say how
    it reaches its event, or its players would stay hidden (or leak)."""
    related = {
        field.related_model
        for field in Player._meta.get_fields(include_hidden=True)
        if field.is_relation and field.auto_created and not field.concrete
    }
    related = {model for model in related if not model._meta.auto_created}
    assert related == set(ENTRIES)
