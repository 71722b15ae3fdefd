"""Substitutes and pairs missing a player, and the order of the pairs.

A substitute plays under the pair's number: the director changes the
pair's players at any time (playing or closed), audited, and every page
shows the new names at once.  A pair entered with one player's name is
accepted with a warning naming it (the section page, the console, the API).
"""

from __future__ import annotations

import datetime as dt

import pytest
from director_forms import new_section_form
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils.html import escape

from tournaments.models import Club, Pair, Player, ResultChange, Section, Session
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.pairs import pair_players_change, pairs_missing_a_player
from tournaments.services.rescoring import rescore
from tournaments.services.results import result_submit, session_close
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

MISSING = (
    "A pair has two players: {pairs} still miss a player's name. Add it when "
    "you know it (Change players)."
)


@pytest.fixture
def club() -> Club:
    club = Club.objects.create(name="Bridge Club de la Donne")
    for first, last in (("Ann", "Smith"), ("Bob", "Jones"), ("Cleo", "Martin")):
        Player.objects.create(club=club, first_name=first, last_name=last)
    return club


@pytest.fixture
def club_section(club) -> Section:
    """A club's 3-table Mitchell being played, 1NS = Ann Smith – Bob Jones."""
    event = event_create(name="Club night", date=dt.date(2026, 11, 24), club=club)
    ann, bob = club.players.get(first_name="Ann"), club.players.get(first_name="Bob")
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(players=[ann, bob])]
        + [PairEntry(names=f"North {n} – South {n}") for n in (2, 3)]
        + [PairEntry(names=f"East {n} – West {n}") for n in (1, 2, 3)],
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return Section.objects.select_related("session__event").get(pk=section.pk)


def pair(section: Section, label: str) -> Pair:
    return section.pairs.get(number=int(label[:-2]), direction=label[-2:])


def players_url(section: Section, label: str) -> str:
    return reverse("director:pair-players", args=[section.pk, pair(section, label).pk])


def page_messages(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_a_substitute_replaces_a_player_while_the_section_plays(director, club_section):
    response = director.post(
        players_url(club_section, "1NS"), {"a": "Ann Smith", "b": "Cleo Martin"}
    )
    assert response.status_code == 302
    changed = pair(club_section, "1NS")
    assert changed.names == "Ann Smith – Cleo Martin"
    assert sorted(p.first_name for p in changed.players.all()) == ["Ann", "Cleo"]
    assert page_messages(response) == ["Pair 1NS: Ann Smith – Cleo Martin."]
    change = ResultChange.objects.get(section=club_section)
    bob = Player.objects.get(first_name="Bob")
    cleo = Player.objects.get(first_name="Cleo")
    ann = Player.objects.get(first_name="Ann")
    assert (change.action, change.board, change.result) == ("correct", None, None)
    assert change.line == "Pair 1NS: players"
    assert change.user.username == "td"
    assert change.before == {
        "names": "Ann Smith – Bob Jones",
        "players": sorted([ann.pk, bob.pk]),
    }
    assert change.after == {
        "names": "Ann Smith – Cleo Martin",
        "players": [ann.pk, cleo.pk],
    }
    # The same players again change nothing: no second audit row.
    director.post(
        players_url(club_section, "1NS"), {"a": "Ann Smith", "b": "Cleo Martin"}
    )
    assert ResultChange.objects.filter(section=club_section).count() == 1
    page = director.get(reverse("director:section", args=[club_section.pk]))
    assert page.context["pair_changes"][0] == change
    assert "Ann Smith – Bob Jones" in page.content.decode()


def test_a_new_name_becomes_a_club_member(director, club_section):
    director.post(
        players_url(club_section, "2NS"), {"a": "Dora Bell", "b": "Bob Jones"}
    )
    dora = Player.objects.get(first_name="Dora", last_name="Bell")
    assert dora.club == club_section.session.event.club
    assert pair(club_section, "2NS").names == "Dora Bell – Bob Jones"


def test_every_page_shows_the_new_names_at_once(director, client, club_section):
    result_submit(
        board=club_section.boards.get(number=1),
        ns_pair=pair(club_section, "1NS"),
        ew_pair=pair(club_section, "1EW"),
        contract="3NT",
        declarer="N",
        tricks=9,
    )
    rescore(club_section.pk)
    director.post(
        players_url(club_section, "1NS"), {"a": "Ann Smith", "b": "Cleo Martin"}
    )
    pages = [
        reverse("movement:table-cards", args=[club_section.pk]),
        reverse("movement:pair-cards", args=[club_section.pk]),
        reverse("movement:sheet", args=[club_section.pk]),
        reverse("results:event", args=[club_section.session.event_id]),
        reverse("results:pair", args=[club_section.pk, pair(club_section, "1NS").pk]),
    ]
    for url in pages:
        text = director.get(url).content.decode()
        assert "Ann Smith – Cleo Martin" in text, url
        assert "Bob Jones" not in text, url
    code = club_section.table_set.get(number=1).code
    tablet = client.post(reverse("terminal:sign-in"), {"code": code}, follow=True)
    assert "Ann Smith – Cleo Martin" in tablet.content.decode()


def test_a_name_with_a_nul_or_too_long_is_refused_on_the_page(director, club_section):
    for name in ("Ann\x00Smith", "x" * 81):
        response = director.post(
            players_url(club_section, "1NS"), {"a": name, "b": "Bob Jones"}
        )
        assert response.status_code == 302
        assert page_messages(response)[0].startswith("players: ")
    assert pair(club_section, "1NS").names == "Ann Smith – Bob Jones"
    assert not ResultChange.objects.exists()


def test_a_closed_session_still_takes_a_substitute(director, club_section):
    session_close(club_section.session)
    director.post(players_url(club_section, "3EW"), {"a": "East 3", "b": "Sub 3"})
    assert pair(club_section, "3EW").names == "East 3 – Sub 3"


def test_one_name_is_accepted_with_a_warning(director, club_section):
    response = director.post(players_url(club_section, "2EW"), {"a": "East 2", "b": ""})
    assert pair(club_section, "2EW").names == "East 2"
    assert page_messages(response) == [
        "Pair 2EW: East 2.",
        MISSING.format(pairs="2EW"),
    ]
    page = director.get(reverse("director:section", args=[club_section.pk]))
    assert page.context["missing_players"] == MISSING.format(pairs="2EW")
    console = director.get(reverse("director:console", args=[club_section.pk]))
    assert escape(MISSING.format(pairs="2EW")) in console.content.decode()


def test_a_pair_of_another_section_or_the_phantom_is_not_changed(
    director, club_section
):
    other = section_create(
        session=club_section.session,
        choice=MovementChoice("mitchell", 3, 2),
        letter="B",
    )
    url = reverse(
        "director:pair-players", args=[club_section.pk, pair(other, "1NS").pk]
    )
    assert director.post(url, {"a": "X Y", "b": "Z W"}).status_code == 404
    phantom = Pair.objects.create(section=club_section, number=9, phantom=True)
    url = reverse("director:pair-players", args=[club_section.pk, phantom.pk])
    response = director.post(url, {"a": "X Y", "b": "Z W"})
    assert page_messages(response) == [
        "players: Pair 9 is the phantom: it has no players."
    ]
    phantom.refresh_from_db()
    assert phantom.names == ""


def test_anonymous_and_players_cannot_change_pairs(
    client, club_section, django_user_model
):
    url = players_url(club_section, "1NS")
    assert client.post(url, {"a": "X Y", "b": "Z W"}).status_code == 302
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert client.post(url, {"a": "X Y", "b": "Z W"}).status_code == 302
    assert client.get(url).status_code in (302, 405)
    assert pair(club_section, "1NS").names == "Ann Smith – Bob Jones"
    assert not ResultChange.objects.exists()


# Section creation and the order of the pairs ----------------------------------


def test_a_section_with_a_lone_player_is_created_with_a_warning(director):
    event = event_create(name="x", date=dt.date(2026, 11, 20))
    url, data = new_section_form(director, event, 6, lambda i: (f"Ann {i}", f"Bob {i}"))
    data["pair1-b"] = ""  # 2NS has one player
    data["pair4-a"] = ""  # 2EW has one player
    response = director.post(url, data)
    assert response.status_code == 302
    section = Section.objects.get()
    assert pair(section, "2NS").names == "Ann 1"
    assert page_messages(response) == [MISSING.format(pairs="2NS, 2EW")]
    assert [p.label for p in pairs_missing_a_player(section)] == ["2NS", "2EW"]


def test_the_section_page_lists_ns_pairs_then_ew_pairs(director, club_section):
    page = director.get(reverse("director:section", args=[club_section.pk]))
    labels = [row[0].label for row in page.context["pairs"]]
    assert labels == ["1NS", "2NS", "3NS", "1EW", "2EW", "3EW"]
    text = page.content.decode()
    assert text.index('id="pair-3NS"') < text.index('id="pair-1EW"')
    assert page.context["missing_players"] == ""


def test_a_howell_lists_its_pairs_by_number(director):
    event = event_create(name="Howell", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("howell", 3, 2)
    )
    page = director.get(reverse("director:section", args=[section.pk]))
    labels = [row[0].label for row in page.context["pairs"]]
    assert labels == [str(n) for n in range(1, len(labels) + 1)]
    assert len(labels) == 6


def test_printed_names_count_their_players():
    event = event_create(name="Imported", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("howell", 3, 2),
        entries=[
            PairEntry(names="Smith - Jones"),
            PairEntry(names="Smith & Jones"),
            PairEntry(names="Martin et Bell"),
            PairEntry(names="Alone"),
            PairEntry(names=""),
            PairEntry(names="A / B"),
        ],
    )
    assert [p.label for p in pairs_missing_a_player(section)] == ["4", "5"]


# The API ------------------------------------------------------------------------


def pair_url(section: Section, label: str) -> str:
    return reverse("api-pair", args=[pair(section, label).pk])


def patch(client, url, data, **headers):
    return client.patch(url, data, content_type="application/json", **headers)


def test_api_patch_changes_the_players(director, club_section):
    url = pair_url(club_section, "1NS")
    response = patch(director, url, {"players": ["Ann Smith", "Cleo Martin"]})
    assert response.status_code == 200
    assert response.json() == {
        "id": pair(club_section, "1NS").pk,
        "number": 1,
        "direction": "NS",
        "label": "1NS",
        "names": "Ann Smith – Cleo Martin",
        "players": ["Ann Smith", "Cleo Martin"],
        "warnings": [],
    }
    change = ResultChange.objects.get(section=club_section)
    assert (change.source, change.user.username) == ("api", "td")
    assert director.get(url).json()["names"] == "Ann Smith – Cleo Martin"


def test_api_accepts_one_player_with_a_warning(director, club_section):
    response = patch(director, pair_url(club_section, "3NS"), {"players": ["North 3"]})
    assert response.status_code == 200
    assert response.json()["names"] == "North 3"
    assert response.json()["warnings"] == [MISSING.format(pairs="3NS")]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"players": ["A B", "C D", "E F"]}, "players"),
        ({"players": "Ann Smith"}, "players"),
        ({"players": [{"name": "A"}]}, "players"),
        ({"players": ["x" * 81]}, "players"),
        ({"players": ["Ann Smith", "ann  smith"]}, "players"),
        ({"players": ["Ann\x00Smith"]}, "players"),
        ({"players": ["Ann\x07Smith", "Bob"]}, "players"),
        ({}, "players"),
    ],
)
def test_api_refuses_bad_players_naming_the_field(director, club_section, body, field):
    response = patch(director, pair_url(club_section, "1NS"), body)
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert pair(club_section, "1NS").names == "Ann Smith – Bob Jones"


def test_api_pairs_are_the_directors_only(client, club_section, django_user_model):
    url = pair_url(club_section, "1NS")
    body = {"players": ["X Y", "Z W"]}
    assert patch(client, url, body).status_code == 401
    assert client.get(url).status_code == 401
    token = issue_table_token(club_section.table_set.get(number=1))
    tablet = patch(client, url, body, headers={"Authorization": f"Table {token}"})
    assert tablet.status_code == 403
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert patch(client, url, body).status_code == 403
    assert pair(club_section, "1NS").names == "Ann Smith – Bob Jones"
    assert not ResultChange.objects.exists()


def test_api_unknown_pair_is_404_and_phantom_400(director, club_section):
    assert patch(director, "/api/pairs/999999/", {"players": []}).status_code == 404
    phantom = Pair.objects.create(section=club_section, number=9, phantom=True)
    response = patch(director, f"/api/pairs/{phantom.pk}/", {"players": ["A B"]})
    assert response.status_code == 400
    assert response.json() == {"players": ["Pair 9 is the phantom: it has no players."]}


def test_the_service_refuses_a_tablet(club_section):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        pair_players_change(pair(club_section, "1NS"), ["X Y"], source="table")
    assert pair(club_section, "1NS").names == "Ann Smith – Bob Jones"
