""" "Tonight" (``director/tonight.py``): the number of pairs, the movement and
the names, then the night stored and open: an event of today for the
director's club, scored by matchpoints, one section laid out for the
movement proposed, and its table cards with the tablets' codes."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event, Pair, Player, Section, Session, Table
from tournaments.services.directors import director_create

pytestmark = pytest.mark.django_db

NAMES_URL = reverse("director:tonight-names")
PLAYERS_URL = reverse("director:tonight-players")
RANGE = "Give a number of pairs from 5 to 100."


@pytest.fixture
def club_a():
    """Club A, its director "own" and three members; club B and its director."""
    own = director_create("own", "Club A", "own-director-pw-2026")
    other = director_create("other", "Club B", "other-director-pw-2026")
    for first, last in [("Marie", "Martin"), ("Marc", "Dubois"), ("Anne", "Marchand")]:
        Player.objects.create(club=own.club, first_name=first, last_name=last)
    Player.objects.create(
        club=own.club, first_name="Mario", last_name="Old", active=False
    )
    Player.objects.create(club=other.club, first_name="Marthe", last_name="Autre")
    return own.club, signed_in(own.user), signed_in(other.user)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def names_post(club, pairs: int, names: list[str], movement: int = 0) -> dict:
    """The step 2 form: the names, two a pair, in the movement's order."""
    body = {"club": club.pk, "pairs": pairs, "movement": movement}
    for index, name in enumerate(names):
        body[f"pair{index // 2}-{'ab'[index % 2]}"] = name
    return body


def test_the_dashboard_opens_tonight_and_step_one_asks_the_pairs(club_a):
    club, own, _other = club_a
    dashboard = own.get(reverse("director:dashboard")).content.decode()
    assert 'href="/director/tonight/"' in dashboard
    page = own.get(reverse("director:tonight"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Club: Club A" in text
    assert f'<input type="hidden" name="club" value="{club.pk}"' in text
    assert 'name="pairs"' in text


@pytest.mark.parametrize(
    ("pairs", "title", "size"),
    [
        (8, "Howell, 4 tables", "7 rounds of 3 boards: 21 boards a pair."),
        (13, "Mitchell, 7 tables", "7 rounds of 3 boards: 21 boards a pair."),
        (14, "Mitchell, 7 tables", "7 rounds of 3 boards: 21 boards a pair."),
        (
            20,
            "Mitchell (Relay and bye stand), 10 tables",
            "10 rounds of 2 boards: 20 boards a pair.",
        ),
        (26, "Mitchell, 13 tables", "10 rounds of 2 boards: 20 boards a pair."),
    ],
)
def test_step_two_proposes_the_movement_and_a_name_row_a_pair(
    club_a, pairs, title, size
):
    club, own, _other = club_a
    page = own.get(NAMES_URL, {"club": club.pk, "pairs": pairs})
    assert page.status_code == 200
    text = page.content.decode()
    assert f'<p class="plan-title">{title}</p>' in text
    assert size in text
    assert text.count("<tr data-pair=") == pairs
    assert ("one pair sits out" in text) is (pairs % 2 == 1)
    assert "scored by matchpoints" in text


def test_fourteen_pairs_make_tonights_seven_table_mitchell(club_a):
    club, own, _other = club_a
    names = ["Marie Martin", "Marc Dubois", *(f"Player {n}" for n in range(3, 29))]
    answer = own.post(NAMES_URL, names_post(club, 14, names))
    section = Section.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == reverse("director:tonight-ready", args=[section.pk])
    event = section.session.event
    today = timezone.localdate()
    assert (event.club, event.date, event.kind, event.method) == (
        club,
        today,
        Event.Kind.PAIRS,
        Event.Method.MATCHPOINTS,
    )
    assert event.name == f"Club night of {today.day} {today:%B %Y}"
    assert section.session.status == Session.Status.PLAYING
    assert (
        section.letter, section.movement, section.tables, section.rounds,
        section.boards_per_round, section.phantom,
    ) == ("A", "mitchell", 7, 7, 3, False)  # fmt: skip
    assert section.boards.count() == 21
    assert Table.objects.filter(section=section).count() == 7
    labels = {pair.label: pair.names for pair in Pair.objects.filter(section=section)}
    assert len(labels) == 14
    assert labels["1NS"] == "Marie Martin – Marc Dubois"
    assert labels["1EW"] == "Player 15 – Player 16"
    assert labels["7EW"] == "Player 27 – Player 28"
    # The club's members are reused, the new names become members.
    assert Player.objects.filter(club=club, first_name="Marie").count() == 1
    assert Player.objects.filter(club=club).count() == 4 + 26

    ready = own.get(answer["Location"])
    assert ready.status_code == 200
    assert "The session is open" in ready.content.decode()
    cards = own.get(reverse("movement:table-cards", args=[section.pk])).content.decode()
    codes = re.findall(r'<strong class="table-code">([^<]+)</strong>', cards)
    assert sorted(codes) == sorted(Table.objects.values_list("code", flat=True))
    assert len(set(codes)) == 7
    assert "Marie Martin – Marc Dubois" in cards


def test_thirteen_pairs_sit_one_pair_out_each_round(club_a):
    club, own, _other = club_a
    answer = own.post(NAMES_URL, names_post(club, 13, []))
    assert answer.status_code == 302
    section = Section.objects.get()
    shape = (section.tables, section.rounds, section.boards_per_round)
    assert (*shape, section.phantom) == (7, 7, 3, True)
    assert Pair.objects.filter(section=section).count() == 13
    assert not Pair.objects.filter(section=section, number=7, direction="EW").exists()
    ready = own.get(answer["Location"]).content.decode()
    assert "still miss a player" in ready


def test_another_proposal_is_taken_by_its_link(club_a):
    """16 pairs: the skip Mitchell first, the relay Mitchell second."""
    club, own, _other = club_a
    answer = own.post(NAMES_URL, names_post(club, 16, [], movement=1))
    assert answer.status_code == 302
    section = Section.objects.get()
    assert (section.even_tables, section.rounds, section.boards_per_round) == (
        "relay", 8, 2
    )  # fmt: skip


@pytest.mark.parametrize(
    ("pairs", "refusal"),
    [
        ("3", "Give a number of pairs from 5 to 100."),
        ("300", f"{RANGE} A Mitchell has at most 50 tables."),
        ("many", "Give a number of pairs from 5 to 100."),
        ("", "This field is required."),
    ],
)
def test_a_number_of_pairs_no_movement_holds_is_a_400_naming_pairs(
    club_a, pairs, refusal
):
    club, own, _other = club_a
    shown = own.get(NAMES_URL, {"club": club.pk, "pairs": pairs})
    posted = own.post(NAMES_URL, {"club": club.pk, "pairs": pairs, "movement": 0})
    for answer in (shown, posted):
        assert answer.status_code == 400
        assert answer.context["form"].errors == {"pairs": [refusal]}
    assert Event.objects.count() == 0


def test_a_movement_not_proposed_is_a_400_naming_movement(club_a):
    club, own, _other = club_a
    shown = own.get(NAMES_URL, {"club": club.pk, "pairs": 14, "movement": 9})
    assert shown.status_code == 400
    assert shown.context["form"].non_field_errors() == [
        "movement: choose one of the movements proposed."
    ]
    assert Event.objects.count() == 0


def test_a_player_typed_twice_is_a_400_naming_the_second_box(club_a):
    club, own, _other = club_a
    names = ["Marie Martin", "Marc Dubois", "marie  martin"]
    answer = own.post(NAMES_URL, names_post(club, 14, names))
    assert answer.status_code == 400
    assert answer.context["form"].errors == {
        "pair1-a": ["marie martin is already in another pair."]
    }
    assert Event.objects.count() == 0
    assert Player.objects.filter(club=club).count() == 4


def test_only_the_clubs_director_sets_up_its_night(club_a):
    club, own, other = club_a
    names = ["Marie Martin", "Marc Dubois"]
    refused = other.post(NAMES_URL, names_post(club, 14, names))
    assert refused.status_code == 400
    assert refused.context["form"].errors == {"club": ["You do not direct this club."]}
    assert other.get(NAMES_URL, {"club": club.pk, "pairs": 14}).status_code == 400
    anonymous = Client().post(NAMES_URL, names_post(club, 14, names))
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/admin/login/")
    assert Event.objects.count() == 0

    own.post(NAMES_URL, names_post(club, 14, names))
    section = Section.objects.get()
    ready = reverse("director:tonight-ready", args=[section.pk])
    assert other.get(ready).status_code == 404
    assert own.get(ready).status_code == 200


def test_the_clubs_players_are_suggested_to_its_director_only(club_a):
    club, own, other = club_a
    found = own.get(PLAYERS_URL, {"club": club.pk, "q": "mar"})
    assert found.status_code == 200
    # Active members whose first or last name begins so, by last name.
    assert found.json() == {
        "players": [
            {"name": "Marc Dubois"},
            {"name": "Anne Marchand"},
            {"name": "Marie Martin"},
        ]
    }
    # A first name then a last name, or a last name then a first name.
    for typed in ("marie  ma", "Martin Mar", "MARTIN"):
        answer = own.get(PLAYERS_URL, {"club": club.pk, "q": typed})
        assert answer.json() == {"players": [{"name": "Marie Martin"}]}, typed
    assert own.get(PLAYERS_URL, {"club": club.pk, "q": " "}).json() == {"players": []}
    refused = other.get(PLAYERS_URL, {"club": club.pk, "q": "mar"})
    assert refused.status_code == 400
    assert refused.json() == {"club": ["You do not direct this club."]}
    assert own.get(PLAYERS_URL, {"club": "x", "q": "mar"}).status_code == 400


def test_tonight_speaks_french(club_a):
    club, own, _other = club_a
    own.cookies["django_language"] = "fr"
    page = own.get(NAMES_URL, {"club": club.pk, "pairs": 13}, HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert "13 paires ce soir" in text
    assert '<p class="plan-title">Mitchell, 7 tables</p>' in text
    assert "7 tours de 3 donnes : 21 donnes par paire. Environ 2 h 27 de jeu." in text
    assert "à chaque tour une paire est au relais" in text
    assert "Howell, 7 tables, 13 tours de 2 donnes : 26 donnes par paire." in text
    refused = own.get(NAMES_URL, {"club": club.pk, "pairs": 3})
    assert refused.context["form"].errors == {
        "pairs": ["Indiquez un nombre de paires de 5 à 100."]
    }
    own.post(NAMES_URL, names_post(club, 13, []))
    event = Event.objects.get()
    today = timezone.localdate()
    assert event.name.startswith("Tournoi du club du ")
    assert event.name.endswith(f" {today.year}")
