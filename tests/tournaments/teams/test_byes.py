"""A bye shows what the standings credit it, on every page, sheet and API row.

Issue 22: the round list printed "12.00" for a bye the standings credited
15.85 (the team's average), and the workbook had no bye figure, so no printed
figure added up.  A 3-team round robin of 4-board matches (one bye a round,
Berger: round 1 2 v 3 and 1 bye, round 2 1 v 2 and 3 bye, round 3 3 v 1 and
2 bye), worked by hand on the WBF 2013 scale for 4 boards (blitz 30):

- round 1, Kings v Queens, every board flat: 0 IMPs, 10.00 - 10.00;
- round 2 (boards 5-8), Aces (home) v Kings: board 8 (none vul.) 4S= +420 open, 4S-1
  -50 closed: 470 to Aces, 10 IMPs, VP 10 + 10 x (1 - t^1) / (1 - t^3)
  = 15.00 - 5.00 (t = 0.618034);
- round 3 (boards 9-12), Queens (home) v Aces: board 11 (none vul.) 2S+1 +140 for Aces
  NS in the closed room, 2S-1 -50 for Queens NS in the open one: 190 to Aces,
  5 IMPs, 12.80 - 7.20.

Byes (VP 12, or the team's average when higher, to 2 decimals):
Aces (15.00 + 12.80) / 2 = 13.90 > 12, so 13.90; Kings (10 + 5) / 2 = 7.50
and Queens (10 + 7.20) / 2 = 8.60 get 12.00.
Totals: Aces 15.00 + 12.80 + 13.90 = 41.70; Queens 10.00 + 7.20 + 12.00 =
29.20; Kings 10.00 + 5.00 + 12.00 = 27.00.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from teams_play import create, enter, matches, world_director

from tests.support.module_world import module_world
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FLAT = {"contract": "3NT", "result": "="}
MADE = {"contract": "4S", "result": "="}
DOWN = {"contract": "4S", "result": "-1"}
OVER = {"contract": "2S", "result": "+1"}
SHORT = {"contract": "2S", "result": "-1"}


def play(api, match: dict, first: int, decisive: int, open_line, closed_line) -> None:
    """Board ``decisive`` gets the two lines; the match's other boards are flat."""
    for board in range(first, first + 4):
        if board == decisive:
            enter(api, match, board, open_line, closed_line)
        else:
            enter(api, match, board, FLAT, FLAT)


def round_match(api, event: dict, number: int) -> dict:
    (match,) = [
        m for m in matches(api, event["id"]) if m["round"] == number and m["away"]
    ]
    return match


def published_event(api) -> dict:
    event = create(api, 3)
    Event.objects.filter(pk=event["id"]).update(published=True)
    return event


@pytest.fixture
def event(api) -> dict:
    return published_event(api)


def test_a_bye_before_the_team_has_played_is_credited_12(api, event):
    play(api, round_match(api, event, 1), 1, 1, FLAT, FLAT)
    bye = next(
        m for m in matches(api, event["id"]) if m["round"] == 1 and not m["away"]
    )
    assert (bye["home"], bye["home_points"], bye["complete"]) == (1, 12.0, True)
    # Round 2's bye is not credited while round 2 is being played.
    later = next(
        m for m in matches(api, event["id"]) if m["round"] == 2 and not m["away"]
    )
    assert later["home_points"] is None


def _played() -> dict:
    """The three rounds of the module's docstring, played by a director."""
    api = world_director("byes-td")
    event = published_event(api)
    play(api, round_match(api, event, 1), 1, 1, FLAT, FLAT)
    aces_home = round_match(api, event, 2)
    assert (aces_home["home"], aces_home["away"]) == (1, 2)
    play(api, aces_home, 5, 8, MADE, DOWN)
    aces_away = round_match(api, event, 3)
    assert (aces_away["home"], aces_away["away"]) == (3, 1)
    # Queens NS in the open room go one down, Aces NS in the closed make 9.
    play(api, aces_away, 9, 11, SHORT, OVER)
    return event


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker) -> Iterator[dict]:
    """:func:`_played`, once for the module (each test in a savepoint)."""
    with module_world(django_db_blocker, _played) as event:
        yield event


def test_the_api_credits_each_bye_as_the_standings_do(api, played):
    rows = api.get(reverse("api-event-standings", args=[played["id"]])).json()
    assert [(r["team"], r["points"], r["bye_points"], r["rank"]) for r in rows] == [
        (1, pytest.approx(41.70), pytest.approx(13.90), "1"),
        (3, pytest.approx(29.20), 12.0, "2"),
        (2, pytest.approx(27.00), 12.0, "3"),
    ]
    every = matches(api, played["id"])
    byes = {m["round"]: (m["home"], m["home_points"]) for m in every if not m["away"]}
    assert byes == {1: (1, 13.9), 2: (3, 12.0), 3: (2, 12.0)}
    scored = {
        (m["home"], m["away"]): (m["home_points"], m["away_points"])
        for m in every
        if m["away"]
    }
    assert scored == {(2, 3): (10.0, 10.0), (1, 2): (15.0, 5.0), (3, 1): (7.2, 12.8)}
    # Every team's printed figures add up to its total.
    for row in rows:
        own = [
            points
            for (home, away), pair in scored.items()
            for team, points in zip((home, away), pair, strict=True)
            if team == row["team"]
        ]
        assert sum(own) + row["bye_points"] == pytest.approx(row["points"])


def test_the_round_list_and_standings_page_print_the_credited_bye(api, played):
    page = api.get(reverse("results:event", args=[played["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    shown = re.findall(r'<span class="bye-points">([\d.]+)</span>', html)
    assert shown == ["13.90", "12.00", "12.00"]  # rounds 1, 2, 3
    column = re.findall(r'<td class="bye-points">([\d.]+)</td>', html)
    assert column == ["13.90", "12.00", "12.00"]  # Aces, Queens, Kings
    assert "41.70" in html


def test_the_workbook_has_the_bye_figures(api, played):
    response = api.get(reverse("results:excel", args=[played["id"]]))
    assert response.status_code == 200
    workbook = load_workbook(BytesIO(response.content))
    standings = list(workbook["Standings"].values)
    header = standings[0]
    team, byes = header.index("Team"), header.index("Bye points")
    points = header.index("Points")
    assert [(row[team], row[points], row[byes]) for row in standings[1:]] == [
        (1, pytest.approx(41.70), pytest.approx(13.90)),
        (3, pytest.approx(29.20), 12),
        (2, pytest.approx(27.00), 12),
    ]
    rows = list(workbook["Matches"].values)
    header = rows[0]
    home, away = header.index("Home"), header.index("Away")
    home_points = header.index("Home points")
    bye_rows = [(row[home], row[home_points]) for row in rows[1:] if row[away] == "bye"]
    assert bye_rows == [("Aces", pytest.approx(13.90)), ("Queens", 12), ("Kings", 12)]


def test_the_directors_page_prints_the_credited_bye(api, played):
    page = api.get(reverse("director:event", args=[played["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    shown = re.findall(r'<span class="bye-points">([\d.]+)</span>', html)
    assert shown == ["13.90", "12.00", "12.00"]
