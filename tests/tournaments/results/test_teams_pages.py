"""Teams results: the standings page, the match sheet, the bracket and Excel."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from teams_play import create, enter, matches, play_round, world_director

from tests.support.module_world import module_world
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FLAT = {"contract": "4S", "result": "="}
DOWN = {"contract": "4S", "result": "-1"}


def _round_robin() -> dict:
    """A 4-team round robin of 4-board matches, rounds 1 and 2 played
    through the API by a director of its own."""
    api = world_director("rr-td")
    event = create(api, 4)
    Event.objects.filter(pk=event["id"]).update(published=True)
    play_round(api, event["id"], 1)
    play_round(api, event["id"], 2)
    return event


@pytest.fixture(scope="module")
def round_robin(django_db_setup, django_db_blocker) -> Iterator[dict]:
    """:func:`_round_robin`, played once for the module (each test in a
    savepoint of its own)."""
    with module_world(django_db_blocker, _round_robin) as event:
        yield event


def test_the_standings_page_lists_every_team_with_its_vps(api, round_robin):
    page = api.get(reverse("results:event", args=[round_robin["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("Aces", "Kings", "Queens", "Jacks"):
        assert name in html
    assert "Cross-table" in html and "Round 3" in html
    played = [m for m in matches(api, round_robin["id"]) if m["complete"]]
    assert len(played) == 4
    shown = f"{played[0]['home_points']:.2f} – {played[0]['away_points']:.2f}"
    assert shown in html


def test_the_match_sheet_shows_both_rooms_and_the_imps(api):
    event = create(api, 2, boards_per_match=2)
    (match,) = matches(api, event["id"])
    # Board 1, none vulnerable: 4S= +420 in the open room, 4S-1 -50 in the
    # closed room: 470 to the home team, 10 IMPs.  Board 2 flat.
    enter(api, match, 1, FLAT, DOWN)
    enter(api, match, 2, FLAT, FLAT)
    page = api.get(reverse("results:match", args=[event["id"], match["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "10 – 0 IMPs" in html
    assert "420" in html and "-50" in html
    # 10 IMPs over 2 boards, blitz 15 * sqrt(2) = 21.2: well inside it.
    sheet = api.get(reverse("api-match", args=[match["id"]])).json()
    assert sheet["home_points"] + sheet["away_points"] == pytest.approx(20)
    assert sheet["home_points"] > 16


def test_a_match_of_another_event_is_not_found(api):
    event = create(api, 2, boards_per_match=2)
    other = create(api, 2, boards_per_match=2)
    (match,) = matches(api, other["id"])
    page = api.get(reverse("results:match", args=[event["id"], match["id"]]))
    assert page.status_code == 404


def test_the_knockout_page_says_who_goes_through_and_why(api):
    event = create(api, 2, format="knockout", rounds=1, tie_rule="better-seed")
    (match,) = matches(api, event["id"])
    for board in range(1, 5):
        enter(api, match, board, FLAT, FLAT)
    html = api.get(reverse("results:event", args=[event["id"]])).content.decode()
    assert "Knockout round 1" in html
    assert "tie: the better seed" in html
    assert "<strong>Aces</strong>" in html


def test_the_workbook_has_standings_cross_table_and_a_sheet_a_match(api, round_robin):
    response = api.get(reverse("results:excel", args=[round_robin["id"]]))
    assert response.status_code == 200
    workbook = load_workbook(BytesIO(response.content))
    assert workbook.sheetnames[:3] == ["Standings", "Cross-table", "Matches"]
    assert len(workbook.sheetnames) == 3 + 6  # 3 rounds of 2 matches
    standings = list(workbook["Standings"].iter_rows(values_only=True))
    assert standings[0][:7] == (
        "Rank", "Tied", "Team", "Name", "Members", "Played", "Points",
    )  # fmt: skip
    assert sum(row[6] for row in standings[1:]) == pytest.approx(4 * 20)
    assert all(type(row[0]) is int for row in standings[1:])
    first = matches(api, round_robin["id"])[0]
    sheet = workbook[workbook.sheetnames[3]]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[-1][0] == "Total"
    assert rows[-1][9:] == (first["home_imps"], first["away_imps"])
    cross = list(workbook["Cross-table"].iter_rows(values_only=True))
    assert cross[0] == ("Team", 1, 2, 3, 4)  # team numbers head the columns
    home, away = first["home"], first["away"]
    assert cross[home][away] == pytest.approx(first["home_points"])
    assert cross[home][home] == "x"


def test_the_teams_page_speaks_french(api, round_robin):
    url = reverse("results:event", args=[round_robin["id"]])
    html = api.client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tableau croisé" in html and "Tour 1" in html and "IMP gagnés" in html
