"""The teams traveller: each match's two rooms, the net and the IMPs (issue 22).

The pairs traveller printed empty MP/% columns for a teams board and no
IMPs.  A 4-team round robin of 4-board matches; round 1 is Berger's 1 v 4
(match 1, tables 1-2) and 2 v 3 (match 2, tables 3-4).  Board 1, none
vulnerable, worked by hand:

- match 1: open room (Aces NS) 4S= +420; closed room (Jacks NS) 4S-1 -50.
  Net to Aces +420 - (-50) = +470: 10 IMPs (430-490) to Aces, -10 to Jacks.
- match 2: open room (Kings NS) 3NT-1 -50; closed room (Queens NS) 3NT=
  +400.  Net to Kings -50 - 400 = -450: 10 IMPs to Queens, -10 to Kings.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from teams_play import create, enter, enter_contract, matches

from tournaments.models import Event, Section

pytestmark = pytest.mark.django_db


def cells(html: str, match: int) -> list[str]:
    (row,) = re.findall(rf'<tr data-match="{match}">(.*?)</tr>', html, re.S)
    found = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in found]


@pytest.fixture
def round_one(api) -> tuple[dict, list[dict]]:
    event = create(api, 4)
    first = [m for m in matches(api, event["id"]) if m["round"] == 1]
    assert [(m["home"], m["away"]) for m in first] == [(1, 4), (2, 3)]
    return event, first


def test_each_match_shows_both_rooms_the_net_and_the_imps(api, round_one):
    event, (one, two) = round_one
    enter_contract(api, one, 1, "4S", "=", "-1")
    enter_contract(api, two, 1, "3NT", "-1", "=")
    Event.objects.filter(pk=event["id"]).update(published=True)
    page = api.get(reverse("results:board", args=[one["section"], 1]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "team-traveller" in html and "MP NS" not in html and "% NS" not in html
    first = cells(html, 1)
    assert first[1:3] == ["Aces", "Jacks"]
    assert first[4] == "420" and first[6] == "-50"
    assert first[7:] == ["470", "10", "-10"]
    second = cells(html, 2)
    assert second[1:3] == ["Kings", "Queens"]
    assert second[4] == "-50" and second[6] == "400"
    assert second[7:] == ["-450", "-10", "10"]


def test_a_match_whose_other_room_has_not_played_shows_nothing(api, client, round_one):
    """Privacy: a tablet of match 1 sees nothing of match 2's open room while
    the closed room has still to play the board; the director sees it."""
    event, (one, two) = round_one
    enter_contract(api, one, 1, "4S", "=", "=")
    url = reverse("api-section-results", args=[two["section"]])
    line = {"board": 1, "ns": "2NS", "ew": "3EW", "declarer": "N"}
    line |= {"contract": "3NT", "result": "-1"}
    assert api.post(url, line, content_type="application/json").status_code == 201
    section = Section.objects.get(pk=one["section"])
    assert section.traveller_privacy == "until-played"
    # The public, live results shown, does not see the board while in play.
    Event.objects.filter(pk=event["id"]).update(results_hidden=False)
    public = Client().get(reverse("results:board", args=[one["section"], 1]))
    assert public.status_code == 403  # the board-in-play page
    assert "-50" not in public.content.decode()
    assert "3NT" not in public.content.decode()
    # The director sees every line.
    seen = api.get(reverse("results:board", args=[one["section"], 1])).content.decode()
    assert cells(seen, 2)[4] == "-50"
    assert cells(seen, 2)[-4:] == ["–", "", "", ""]  # closed room, net, IMPs


def test_an_imps_event_and_the_match_link(api):
    event = create(api, 2, scoring="imps", boards_per_match=2)
    (match,) = matches(api, event["id"])
    enter_contract(api, match, 2, "4H", "=", "+1")
    Event.objects.filter(pk=event["id"]).update(published=True)
    html = api.get(
        reverse("results:board", args=[match["section"], 2])
    ).content.decode()
    # Board 2, NS vulnerable: 4H= +620 open, 4H+1 +650 closed: net -30, 1 IMP away.
    assert cells(html, 1)[7:] == ["-30", "-1", "1"]
    assert reverse("results:match", args=[event["id"], match["id"]]) in html


def traveller_queries(api, teams: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = create(api, teams)
    Event.objects.filter(pk=event["id"]).update(published=True)
    for match in [m for m in matches(api, event["id"]) if m["round"] == 1]:
        enter(api, match, 1, FLAT_LINE, FLAT_LINE)
    section = matches(api, event["id"])[0]["section"]
    with CaptureQueriesContext(connection) as queries:
        page = api.get(reverse("results:board", args=[section, 1]))
    assert page.status_code == 200
    assert page.content.decode().count('<tr data-match="') == teams // 2
    return len(queries)


FLAT_LINE = {"contract": "3NT", "result": "="}


def test_the_traveller_costs_the_same_queries_at_4_and_8_teams(api):
    assert traveller_queries(api, 4) == traveller_queries(api, 8)


def test_the_demo_swiss_board_1_traveller(demo, client):
    """The page the lead screenshots: every line's score is on it, by match."""
    from tournaments.models import Result

    event = Event.objects.get(name="Saturday Swiss teams")
    Event.objects.filter(pk=event.pk).update(published=True)
    section = event.sessions.order_by("number").first().sections.get()
    lines = Result.objects.filter(board__section=section, board__number=1)
    page = Client().get(reverse("results:board", args=[section.pk, 1]))
    assert page.status_code == 200
    html = page.content.decode()
    assert (
        html.count('<tr data-match="')
        == section.session.matches.filter(away__isnull=False).count()
    )
    for line in lines:
        assert f"<td>{line.score_ns}</td>" in html
