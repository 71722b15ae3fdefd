"""The director's teams pages, and a teams round's tables on the terminal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from teams_play import create, enter, enter_contract, matches

from tournaments.models import Event, Match, Result, Section

pytestmark = pytest.mark.django_db

TEAMS = "\n".join(
    [
        "Aces: Ann, Bob, Cat, Dan",
        "Kings: Eve, Fay, Gus, Hal, Ida",
        "",
        "Queens",
        "Jacks: Jo, Kim, Lea, Max, Ned, Ola",
    ]
)
FORM = {
    "name": "Winter teams",
    "date": "2026-12-01",
    "format": "round-robin",
    "scoring": "vp",
    "boards_per_match": 6,
    "stints": 2,
    "rounds": "",
    "bye_vp": "12",
    "tie_rule": "extra-boards",
    "teams": TEAMS,
}


def test_the_form_creates_the_event_its_teams_and_every_round(director):
    response = director.post(reverse("director:teams-event-new"), FORM)
    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("director:event", args=[event.pk])
    assert event.kind == Event.Kind.TEAMS
    assert list(event.teams.values_list("number", "name", "members")) == [
        (1, "Aces", "Ann, Bob, Cat, Dan"),
        (2, "Kings", "Eve, Fay, Gus, Hal, Ida"),
        (3, "Queens", ""),
        (4, "Jacks", "Jo, Kim, Lea, Max, Ned, Ola"),
    ]
    competition = event.competition
    assert (competition.format, competition.rounds) == ("round-robin", 3)
    assert Match.objects.filter(session__event=event).count() == 6
    sections = Section.objects.filter(session__event=event).order_by("session__number")
    assert [s.first_board for s in sections] == [1, 7, 13]
    assert [(s.tables, s.rounds, s.boards_per_round) for s in sections] == [
        (4, 2, 3)
    ] * 3


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"teams": "Aces: Ann, Bob, Cat\nKings"}, "teams", "Line 1: 3 players"),
        ({"teams": "Aces\nAces"}, "teams", "Two teams have the same name."),
        ({"format": "swiss", "rounds": "5"}, "rounds", "1 to 3 rounds"),
        ({"boards_per_match": "7"}, "stints", "equal sets"),
    ],
)
def test_a_bad_form_names_the_field_and_stores_nothing(
    director, change, field, message
):
    response = director.post(reverse("director:teams-event-new"), FORM | change)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors and message in " ".join(errors[field])
    assert not Event.objects.exists()


def test_the_event_page_shows_running_imps_to_the_director(api):
    event = create(api, 2, boards_per_match=2)
    (match,) = matches(api, event["id"])
    # Board 1 only, in both rooms: +420 and -50, 10 IMPs to the home team.
    enter_contract(api, match, 1, "4S", "=", "-1")
    page = api.get(reverse("director:event", args=[event["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<strong>10 – 0</strong>" in html
    assert "Running IMPs" in html


def test_a_teams_round_prints_its_movement_and_table_cards(api):
    event = create(api, 4)
    section = Section.objects.filter(session__event_id=event["id"]).first()
    sheet = api.get(reverse("movement:sheet", args=[section.pk]))
    cards = api.get(reverse("movement:table-cards", args=[section.pk]))
    assert sheet.status_code == 200 and cards.status_code == 200
    for name in ("director:section", "director:console"):
        assert api.get(reverse(name, args=[section.pk])).status_code == 200
    html = cards.content.decode()
    # Round 1 is 1 v 4 and 2 v 3 (Berger): table 1 is 1NS v 4EW.
    assert "1NS" in html and "4EW" in html


def test_the_director_lays_out_a_due_swiss_round_by_hand(api):
    event = create(api, 4, format="swiss", rounds=2, boards_per_match=2)
    url = reverse("director:teams-next-round", args=[event["id"]])
    response = api.post(url, {}, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 302
    assert Match.objects.filter(session__event_id=event["id"]).count() == 2


def test_a_carry_over_counts_in_the_knockout(api):
    event = create(api, 2, format="knockout", rounds=1, boards_per_match=2)
    (match,) = matches(api, event["id"])
    url = reverse("director:match-carry-over", args=[match["id"]])
    api.client.post(url, {"carry_over": "-3.5"})
    assert Match.objects.get(pk=match["id"]).carry_over == -3.5
    flat = {"contract": "3NT", "result": "="}
    enter(api, match, 1, flat, flat)
    enter(api, match, 2, flat, flat)
    html = api.get(reverse("results:event", args=[event["id"]])).content.decode()
    assert "0 – 3.5" in html
    assert "<strong>Kings</strong>" in html


def test_the_terminal_plays_a_teams_round_and_hides_the_imps_from_players(api):
    event = create(api, 2, boards_per_match=2, stints=2)
    client = Client()  # the tablet; ``api`` is the director's own browser
    section = Section.objects.get(session__event_id=event["id"])
    code = section.table_set.get(number=2).code  # the closed room: 2NS v 1EW
    assert client.post("/table/", {"code": code}).status_code == 302
    page = client.get("/table/play/").content.decode()
    assert "2NS" in page and "1EW" in page
    # Stint 1: the closed room plays board 2 while the open room plays board 1.
    entry = {
        "level": "4", "denomination": "S", "doubled": "", "declarer": "N",
        "result": "-1", "key": "k1", "save": "1",
    }  # fmt: skip
    response = client.post("/table/play/1/board/2/", entry)
    assert response.status_code == 302
    line = Result.objects.get()
    assert (line.ns_pair.label, line.ew_pair.label, line.board.number) == (
        "2NS",
        "1EW",
        2,
    )
    assert "IMPs so far" not in client.get("/table/play/").content.decode()
    # The open room's board 2 (NS vulnerable): Aces NS make 4S, +620 against
    # -100 in the closed room, 720 points, 12 IMPs to Aces.
    url = reverse("api-section-results", args=[section.pk])
    line = {"board": 2, "ns": "1NS", "ew": "2EW", "contract": "4S",
            "declarer": "N", "result": "="}  # fmt: skip
    assert api.post(url, line, content_type="application/json").status_code == 201
    assert "IMPs so far" not in client.get("/table/play/").content.decode()
    # The director, signed in on a tablet of that table, sees the match so far.
    api.client.post("/table/", {"code": code})
    assert "Director only: Aces 12 – 0 Kings IMPs so far" in (
        api.get("/table/play/").content.decode()
    )


def test_a_teams_board_is_adjusted_in_marks_only(api):
    event = create(api, 2, boards_per_match=2)
    (match,) = matches(api, event["id"])
    url = reverse("director:traveller", args=[match["section"], 1])
    rows = api.get(url).context["rows"]
    # Board 1: the open room (1NS v 2EW) in stint 1, the closed room after.
    assert [(row.ns_label, row.ew_label) for row in rows] == [
        ("1NS", "2EW"),
        ("2NS", "1EW"),
    ]
    response = api.client.post(url, {"c0": "60%"})
    assert response.status_code == 400
    assert "A+, A or A-" in str(response.context["rows"][0].errors)
    assert not Result.objects.exists()
    data = {"c0": "A+/A-", "c1": "3NT", "d1": "N", "r1": "="}
    with api.capture(execute=True):
        assert api.client.post(url, data).status_code == 302
    sheet = api.get(reverse("api-match", args=[match["id"]])).json()
    # Law 86A: average-plus / average-minus are +3 / -3 IMPs, whatever the
    # other room did.
    assert sheet["boards"][0]["home"] == 3 and sheet["boards"][0]["away"] == -3
    assert (sheet["home_imps"], sheet["away_imps"]) == (3, 0)
