""" "Tonight" for teams (``director/tonight_teams.py``): teams chosen at step
1, the format proposed for the evening (``movements.evening_teams``), the
teams' names and players, then the event stored through
``teams_event_create`` and open: today's, the club's, IMPs converted to VPs,
its first round's table cards printing the event's codes, and a tablet
signing in with one of them at its match."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.director import test_tonight
from tournaments.models import Event, Match, Player, Section, Table, Team
from tournaments.movements.evening_teams import stored_plan, teams_plans
from tournaments.services.event_tables import event_table_codes

pytestmark = pytest.mark.django_db

TOO_LONG = "Ensure this value has at most 48 characters (it has 49)."
club_a = test_tonight.club_a  # the club, its director's client, another club's

NAMES_URL = reverse("director:tonight-names")
SIX = {
    0: ["Les As", "Marie Martin", "Marc Dubois", "Anne Marchand", "Paul Neuf"],
    1: [
        "Les Rois",
        "Jean Un",
        "Jean Deux",
        "Jean Trois",
        "Jean Quatre",
        "Jean Cinq",
        "Jean Six",
    ],
}


def teams_post(club, teams: int, rows: dict[int, list[str]], format: int = 0) -> dict:
    """The step 2 form: ``rows`` maps a team's index to its name then players."""
    body = {"club": club.pk, "kind": "teams", "teams": teams, "format": format}
    for index, (name, *players) in rows.items():
        body[f"team{index}-name"] = name
        for seat, player in enumerate(players, start=1):
            body[f"team{index}-p{seat}"] = player
    return body


def test_step_one_asks_pairs_or_teams_pairs_chosen(club_a):
    _club, own, _other = club_a
    text = own.get(reverse("director:tonight")).content.decode()
    assert re.search(
        r'<input type="radio" name="kind" value="pairs"[^>]* checked', text
    )
    assert '<input type="radio" name="kind" value="teams"' in text
    assert 'name="teams"' in text and 'name="pairs"' in text
    back = own.get(reverse("director:tonight"), {"kind": "teams", "teams": 6})
    assert re.search(
        r'<input type="radio" name="kind" value="teams"[^>]* checked',
        back.content.decode(),
    )


@pytest.mark.parametrize(
    ("teams", "title", "size", "sit_out"),
    [
        (3, "Round robin, 3 teams", "3 rounds of 6-board matches: 18 boards.", True),
        (4, "Round robin, 4 teams", "3 rounds of 6-board matches: 18 boards.", False),
        (5, "Round robin, 5 teams", "5 rounds of 4-board matches: 20 boards.", True),
        (6, "Round robin, 6 teams", "5 rounds of 4-board matches: 20 boards.", False),
        (7, "Swiss, 7 teams", "3 rounds of 6-board matches: 18 boards.", True),
        (12, "Swiss, 12 teams", "3 rounds of 6-board matches: 18 boards.", False),
    ],
)
def test_step_two_proposes_the_format_and_a_row_a_team(
    club_a, teams, title, size, sit_out
):
    club, own, _other = club_a
    page = own.get(NAMES_URL, {"club": club.pk, "kind": "teams", "teams": teams})
    assert page.status_code == 200
    text = page.content.decode()
    assert f'<p class="plan-title">{title}</p>' in text
    assert size in text
    assert text.count("<tr data-team=") == teams
    assert text.count('data-player=""') == 6 * teams
    assert ("one team sits out" in text) is sit_out
    assert "scored in IMPs converted to Victory Points" in text


def test_the_alternatives_follow_best_first(club_a):
    club, own, _other = club_a
    text = own.get(
        NAMES_URL, {"club": club.pk, "kind": "teams", "teams": 7}
    ).content.decode()
    others = re.findall(r'<a class="other-format" href="[^"]*">([^<]+)</a>', text)
    assert others == [
        "Patton (each team meets some of the others), 7 teams, "
        "5 rounds of 4-board matches: 20 boards.",
        "Knockout, 7 teams, 3 rounds of 6-board matches: 18 boards.",
        "Round robin, 7 teams, 7 rounds of 4-board matches: 28 boards.",
    ]
    three = own.get(NAMES_URL, {"club": club.pk, "kind": "teams", "teams": 3})
    assert re.findall(
        r'<a class="other-format" href="[^"]*">([^<]+)</a>', three.content.decode()
    ) == [
        "Three-way match (half the boards against each), 3 teams, "
        "20 boards: 10 against each of the two other teams."
    ]


def test_six_teams_make_tonights_round_robin_and_a_tablet_plays_it(club_a):
    club, own, _other = club_a
    answer = own.post(NAMES_URL, teams_post(club, 6, SIX))
    assert answer.status_code == 302
    event = Event.objects.get()
    first = Section.objects.get(session__event=event, session__number=1)
    ready_url = reverse("director:tonight-teams-ready", args=[event.pk])
    assert answer["Location"] == ready_url
    today = timezone.localdate()
    assert (event.club, event.date, event.kind) == (club, today, Event.Kind.TEAMS)
    assert event.name == f"Club teams night of {today.day} {today:%B %Y}"
    competition = event.competition
    assert (
        competition.format, competition.scoring, competition.boards_per_match,
        competition.stints, competition.rounds,
    ) == ("round-robin", "vp", 4, 2, 5)  # fmt: skip
    assert event.sessions.count() == 5
    assert list(event.teams.order_by("number").values_list("number", "name")) == [
        (1, "Les As"), (2, "Les Rois"), (3, "Team 3"), (4, "Team 4"),
        (5, "Team 5"), (6, "Team 6"),
    ]  # fmt: skip
    aces = Team.objects.get(name="Les As")
    assert aces.members == "Marie Martin, Marc Dubois, Anne Marchand, Paul Neuf"
    assert {p.club_id for p in aces.players.all()} == {club.pk}
    assert Team.objects.get(name="Les Rois").players.count() == 6
    assert Team.objects.get(name="Team 3").players.count() == 0
    # The club's members are reused, the new names become members.
    assert Player.objects.filter(club=club, first_name="Marie").count() == 1
    assert Player.objects.filter(club=club).count() == 4 + 1 + 6
    # Round 1 (Berger): 1-6, 2-5, 3-4, boards 1-4 at 6 tables.
    round_one = Match.objects.filter(session=first.session).order_by("number")
    assert [(m.home.number, m.away.number) for m in round_one] == [
        (1, 6), (2, 5), (3, 4)
    ]  # fmt: skip
    assert first.boards.count() == 4
    assert Table.objects.filter(section=first).count() == 6

    ready = own.get(answer["Location"])
    assert ready.status_code == 200
    text = ready.content.decode()
    assert "Round robin, 6 teams · 5 rounds of 4-board matches: 20 boards." in text
    assert "The first round is open" in text
    cards = own.get(reverse("movement:table-cards", args=[first.pk])).content.decode()
    codes = re.findall(r'<strong class="table-code">([^<]+)</strong>', cards)
    assert codes == [event_table_codes(event.pk, "A")[n] for n in range(1, 7)]
    assert len(set(codes)) == 6

    # The user's next step: table 1's tablet signs in with its card's code
    # and is at Les As (N-S) against Team 6.
    tablet = Client()
    signed = tablet.post(reverse("terminal:sign-in"), {"code": codes[0]})
    assert signed.status_code == 302
    play = tablet.get(signed["Location"])
    assert play.status_code == 200
    assert play.context["table"].number == 1
    assert play.context["table"].section == first
    assert "Les As" in play.content.decode()
    assert "Team 6" in play.content.decode()


def test_seven_teams_play_a_swiss_with_a_bye(club_a):
    club, own, _other = club_a
    answer = own.post(NAMES_URL, teams_post(club, 7, {}))
    assert answer.status_code == 302
    competition = Event.objects.get().competition
    assert (competition.format, competition.rounds, competition.boards_per_match) == (
        "swiss", 3, 6
    )  # fmt: skip
    assert competition.event.sessions.count() == 1
    matches = Match.objects.filter(session__event=competition.event)
    assert matches.count() == 4
    assert matches.filter(away=None).count() == 1


@pytest.mark.parametrize(
    ("teams", "format", "shape"),
    [
        (6, 1, ("swiss", "vp", 6, 3, 1)),
        (6, 2, ("patton", "vp", 6, 3, 3)),
        (6, 3, ("knockout", "imps", 6, 1, 1)),
        (3, 1, ("three-way", "vp", 20, 1, 1)),
    ],
)
def test_another_format_is_taken_by_its_link(club_a, teams, format, shape):
    club, own, _other = club_a
    answer = own.post(NAMES_URL, teams_post(club, teams, {}, format=format))
    assert answer.status_code == 302
    event = Event.objects.get()
    competition = event.competition
    assert (
        competition.format, competition.scoring, competition.boards_per_match,
        competition.rounds, event.sessions.count(),
    ) == shape  # fmt: skip
    assert own.get(answer["Location"]).status_code == 200


@pytest.mark.parametrize(
    ("teams", "refusal"),
    [
        ("2", "Give a number of teams from 3 to 50."),
        ("51", "Give a number of teams from 3 to 50."),
        ("many", "Give a number of teams from 3 to 50."),
        ("", "This field is required."),
    ],
)
def test_a_number_of_teams_tonight_cannot_hold_is_a_400_naming_teams(
    club_a, teams, refusal
):
    club, own, _other = club_a
    asked = {"club": club.pk, "kind": "teams", "teams": teams, "pairs": "3"}
    shown = own.get(NAMES_URL, asked)
    posted = own.post(NAMES_URL, {**asked, "format": 0})
    for answer in (shown, posted):
        assert answer.status_code == 400
        assert answer.context["form"].errors == {"teams": [refusal]}
    assert Event.objects.count() == 0


def test_an_unknown_kind_or_format_is_a_400_naming_it(club_a):
    club, own, _other = club_a
    kind = own.get(NAMES_URL, {"club": club.pk, "kind": "golf", "pairs": 14})
    assert kind.status_code == 400
    assert list(kind.context["form"].errors) == ["kind"]
    shown = own.get(
        NAMES_URL, {"club": club.pk, "kind": "teams", "teams": 6, "format": 4}
    )
    assert shown.status_code == 400
    assert shown.context["form"].non_field_errors() == [
        "format: choose one of the formats proposed."
    ]
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    ("rows", "errors"),
    [
        (
            {0: ["A", "Marie Martin", "X", "Y", "Z"], 1: ["B", "marie  martin"]},
            {"team1-p1": ["marie martin is already in a team."]},
        ),
        (
            {0: ["A", "Marie Martin", "Marc Dubois"]},
            {"team0-p3": ["A has 2 players: a team has 4 to 6 (or none yet)."]},
        ),
        (
            {0: ["Les As"], 3: ["les  as"]},
            {"team3-name": ["Another team is called les as."]},
        ),
        ({1: ["Team 1"]}, {"team1-name": ["Another team is called Team 1."]}),
        (
            {2: ["Bad\x07name"]},
            {"team2-name": ["A team's name has no control characters."]},
        ),
        (
            {0: ["A", "x" * 49]},
            {"team0-p1": [TOO_LONG]},
        ),
    ],
)
def test_bad_teams_are_a_400_naming_the_box_and_nothing_is_written(
    club_a, rows, errors
):
    club, own, _other = club_a
    answer = own.post(NAMES_URL, teams_post(club, 6, rows))
    assert answer.status_code == 400
    assert answer.context["form"].errors == errors
    assert Event.objects.count() == 0
    assert Player.objects.filter(club=club).count() == 4


def test_only_the_clubs_director_sets_up_its_teams_night(club_a):
    club, own, other = club_a
    refused = other.post(NAMES_URL, teams_post(club, 6, SIX))
    assert refused.status_code == 400
    assert refused.context["form"].errors == {"club": ["You do not direct this club."]}
    asked = {"club": club.pk, "kind": "teams", "teams": 6}
    assert other.get(NAMES_URL, asked).status_code == 400
    anonymous = Client().post(NAMES_URL, teams_post(club, 6, SIX))
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/admin/login/")
    assert Event.objects.count() == 0

    ready = own.post(NAMES_URL, teams_post(club, 6, SIX))["Location"]
    assert other.get(ready).status_code == 404
    assert own.get(ready).status_code == 200


def test_tonight_for_teams_speaks_french(club_a):
    club, own, _other = club_a
    own.cookies["django_language"] = "fr"
    asked = {"club": club.pk, "kind": "teams", "teams": 5}
    text = own.get(NAMES_URL, asked, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "5 équipes ce soir" in text
    assert '<p class="plan-title">Toutes rondes, 5 équipes</p>' in text
    assert "5 tours de matchs de 4 donnes : 20 donnes. Environ 2 h 20 de jeu." in text
    assert "à chaque tour une équipe est exempte" in text
    refused = own.get(NAMES_URL, {**asked, "teams": 2})
    assert refused.context["form"].errors == {
        "teams": ["Indiquez un nombre d'équipes de 3 à 50."]
    }
    own.post(NAMES_URL, teams_post(club, 5, {}))
    event = Event.objects.get()
    assert event.name.startswith("Tournoi par quatre du club du ")
    assert event.name.endswith(f" {timezone.localdate().year}")


@pytest.mark.parametrize("teams", [3, 4, 5, 7, 9, 16])
def test_every_proposal_is_created_by_the_teams_service(club_a, teams):
    """The proposals follow the teams services' rules: each one asked for is
    stored as proposed, its first round laid out."""
    club, own, _other = club_a
    plans = teams_plans(teams)
    for index, plan in enumerate(plans):
        answer = own.post(NAMES_URL, teams_post(club, teams, {}, format=index))
        assert answer.status_code == 302, (plan, answer.context["form"].errors)
        event = Event.objects.order_by("pk").last()
        competition = event.competition
        assert (competition.format, competition.boards_per_match) == (
            plan.format,
            plan.boards_per_match,
        )
        assert (
            stored_plan(
                competition.format, teams, competition.rounds,
                competition.boards_per_match,
            )
            == plan
        )  # fmt: skip
        assert event.teams.count() == teams
    assert Event.objects.count() == len(plans)
