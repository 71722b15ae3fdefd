"""Three-way matches: each team plays half its boards against each of the
other two, VPs on the WBF scale for that length (issue 22).

Aces (1), Kings (2), Queens (3), 4 boards a team: three sets of 2 boards.
Match 1 Aces v Kings plays boards 1-2 (open table 1: 1NS v 2EW, closed
table 2: 2NS v 1EW), match 2 Kings v Queens boards 3-4 (tables 2, 3), match
3 Queens v Aces boards 5-6 (tables 3, 1).  Worked by hand:

- board 1 (none vul.): 4S= +420 (Aces NS), 4S-1 -50 (Kings NS): 470 to
  Aces, 10 IMPs; board 2 flat.  WBF 2013 for 2 boards (X = 15 sqrt 2 =
  21.2132, t = 0.618034): t^(30/21.2132) = t^1.41421 = 0.50636,
  10 + 10 x 0.49364 / 0.763932 = 16.46 - 3.54.
- board 3 (EW vul.): 2S+1 +140 (Kings NS), 2S-1 -50 (Queens NS): 190 to
  Kings, 5 IMPs: t^0.70711 = 0.71159, 10 + 10 x 0.28841 / 0.763932 =
  13.78 - 6.22.
- board 5 (NS vul.): 3NT= +600 (Queens NS), 3NT-1 -100 (Aces NS): 700 to
  Queens, 12 IMPs: t^1.69706 = 0.44190, 10 + 10 x 0.55810 / 0.763932 =
  17.31 - 2.69.

Aces 16.46 + 2.69 = 19.15 (IMPs 10-12), Kings 3.54 + 13.78 = 17.32 (5-10),
Queens 6.22 + 17.31 = 23.53 (12-5): Queens 1, Aces 2, Kings 3.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from teams_play import create, enter, enter_contract, matches, post

from tournaments.models import Match, Section
from tournaments.movements.validation import validate
from tournaments.selectors.movement import section_movement
from tournaments.services.tokens import issue_table_token
from tournaments.teams.movements.three_way import (
    three_way_round,
    three_way_set,
    three_way_tables,
)

FLAT = {"contract": "3NT", "result": "="}


def test_the_movement_plays_each_set_once_in_each_direction():
    movement = three_way_round([(1, 2, 3)], boards=4)
    assert validate(movement) == []
    seated = {(s.round, s.table): (s.ns, s.ew, s.boards) for s in movement.seatings}
    # Pair ids: team t is 2t - 1 (NS) and 2t (EW).
    assert seated == {
        (1, 1): (1, 4, (1, 2)),  # Aces NS v Kings EW, set X
        (1, 2): (3, 6, (3, 4)),  # Kings NS v Queens EW, set Y
        (1, 3): (5, 2, (5, 6)),  # Queens NS v Aces EW, set Z
        (2, 1): (1, 6, (5, 6)),  # Aces NS v Queens EW, set Z
        (2, 2): (3, 2, (1, 2)),  # Kings NS v Aces EW, set X
        (2, 3): (5, 4, (3, 4)),  # Queens NS v Kings EW, set Y
    }


@pytest.mark.django_db
def test_the_models_tables_are_the_movements():
    for number in range(1, 10):
        match = Match(number=number, three_way=True)
        assert (match.open_table, match.closed_table) == three_way_tables(number)
    assert [three_way_set(k) for k in (1, 2, 3, 4)] == [1, 2, 3, 1]


@pytest.fixture
def three_way(api) -> dict:
    event = create(api, 3, format="three-way", boards_per_match=4)
    assert (event["format"], event["rounds"]) == ("three-way", 1)
    return event


@pytest.mark.django_db
def test_a_three_way_match_scored_by_hand(api, three_way):
    one, two, three = matches(api, three_way["id"])
    assert [
        (m["home"], m["away"], m["open_table"], m["closed_table"])
        for m in (one, two, three)
    ] == [
        (1, 2, 1, 2),
        (2, 3, 2, 3),
        (3, 1, 3, 1),
    ]
    section = Section.objects.get(pk=one["section"])
    assert list(section.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    enter_contract(api, one, 1, "4S", "=", "-1")
    enter(api, one, 2, FLAT, FLAT)
    enter_contract(api, two, 3, "2S", "+1", "-1")
    enter(api, two, 4, FLAT, FLAT)
    enter(api, three, 5, FLAT, {"contract": "3NT", "result": "-1"})
    enter(api, three, 6, FLAT, FLAT)
    scored = [
        (
            m["home_imps"],
            m["away_imps"],
            m["home_points"],
            m["away_points"],
            m["complete"],
        )
        for m in matches(api, three_way["id"])
    ]
    assert scored == [
        (10, 0, 16.46, 3.54, True),
        (5, 0, 13.78, 6.22, True),
        (12, 0, 17.31, 2.69, True),
    ]
    rows = api.get(reverse("api-event-standings", args=[three_way["id"]])).json()
    assert [
        (
            r["team"],
            r["points"],
            r["imps_for"],
            r["imps_against"],
            r["played"],
            r["rank"],
        )
        for r in rows
    ] == [
        (3, pytest.approx(23.53), 12, 5, 2, "1"),
        (1, pytest.approx(19.15), 10, 12, 2, "2"),
        (2, pytest.approx(17.32), 5, 10, 2, "3"),
    ]
    sheet = api.get(reverse("api-match", args=[three["id"]])).json()
    assert [row["board"] for row in sheet["boards"]] == [5, 6]
    assert [
        (row["open"]["score_ns"], row["closed"]["score_ns"]) for row in sheet["boards"]
    ] == [
        (600, -100),
        (400, 400),  # board 6, EW vulnerable: 3NT= +400 in both rooms
    ]
    # The traveller of board 5 shows match 3 only.
    html = api.get(reverse("results:board", args=[section.pk, 5])).content.decode()
    assert re.findall(r'<tr data-match="(\d)">', html) == ["3"]


def auth(section: Section, table: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=table))
    return {"Authorization": f"Table {token}"}


@pytest.mark.django_db
def test_a_tablet_writes_its_own_room_and_no_other_match(api, three_way):
    """Table 1 plays Aces NS v Kings EW on boards 1-2 in stint 1: it may not
    write board 3 (match 2's), nor board 1 for Kings NS v Aces EW (table 2's
    room), nor board 5 (its stint 2) before stint 1 is done."""
    one = matches(api, three_way["id"])[0]
    section = Section.objects.get(pk=one["section"])
    url = reverse("api-section-results", args=[section.pk])
    headers = auth(section, 1)
    tablet = Client()  # a tablet, nobody signed in
    attacks = [
        {"board": 3, "ns": "2NS", "ew": "3EW"},
        {"board": 3, "ns": "1NS", "ew": "2EW"},
        {"board": 1, "ns": "2NS", "ew": "1EW"},
        {"board": 5, "ns": "1NS", "ew": "3EW"},
    ]
    for attack in attacks:
        data = attack | {"declarer": "N"} | FLAT
        response = tablet.post(
            url, data, content_type="application/json", headers=headers
        )
        assert 400 <= response.status_code < 500, (attack, response.status_code)
    assert not section.boards.filter(results__isnull=False).exists()
    own = {"board": 1, "ns": "1NS", "ew": "2EW", "declarer": "N"} | FLAT
    response = tablet.post(url, own, content_type="application/json", headers=headers)
    assert response.status_code == 201, response.json()


@pytest.mark.django_db
def test_the_tablet_and_the_cards_follow_the_movement(api, client, director, three_way):
    one = matches(api, three_way["id"])[0]
    section = Section.objects.get(pk=one["section"])
    movement = section_movement(section)
    assert movement.seating(2, 1).boards == (5, 6)
    code = section.table_set.get(number=1).code
    client.post("/table/", {"code": code})
    page = client.get("/table/play/").content.decode()
    assert sorted(
        {int(n) for n in re.findall(r"/table/play/1/board/(\d+)/", page)}
    ) == [1, 2]
    assert "stint 1 of 2" in page
    cards = director.get(reverse("movement:table-cards", args=[section.pk]))
    assert cards.status_code == 200
    found = re.search(
        r'<article class="guide-card table-card" data-table="1">(.*?)</article>',
        cards.content.decode(),
        re.S,
    ).group(1)
    assert "1-2" in found and "5-6" in found


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"teams": 4}, "teams", "A three-way match is played by 3 teams, not 4."),
        (
            {"boards_per_match": 5},
            "boards_per_match",
            "A three-way match needs an even number of boards: each team plays "
            "half of them against each of the other two.",
        ),
        ({"stints": 1}, "stints", "A three-way match is played in 2 stints."),
    ],
)
def test_a_three_way_is_refused_naming_the_field(api, change, field, message):
    from teams_play import TEAM_NAMES

    body = {
        "name": "Three",
        "date": "2026-11-20",
        "format": "three-way",
        "boards_per_match": 4,
        "teams": [{"name": name} for name in TEAM_NAMES[: change.pop("teams", 3)]],
    } | change
    response = post(api, reverse("api-teams-event-new"), body)
    assert response.status_code == 400
    assert response.json() == {field: [message]}


@pytest.mark.django_db
def test_every_page_and_file_of_a_played_three_way(api, three_way):
    from tournaments.models import Event

    one, two, three = matches(api, three_way["id"])
    for match, first in ((one, 1), (two, 3), (three, 5)):
        enter(api, match, first, {"contract": "4S", "result": "="}, FLAT)
        enter(api, match, first + 1, FLAT, FLAT)
    Event.objects.filter(pk=three_way["id"]).update(published=True)
    event_id = three_way["id"]
    page = api.get(reverse("results:event", args=[event_id]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "1–2" in html and "2–3" in html and "3–1" in html  # the match tables
    assert api.get(reverse("director:event", args=[event_id])).status_code == 200
    assert (
        api.get(reverse("results:match", args=[event_id, three["id"]])).status_code
        == 200
    )
    workbook = api.get(reverse("results:excel", args=[event_id]))
    assert workbook.status_code == 200
    pbn = api.get(reverse("results:pbn", args=[event_id]))
    assert pbn.status_code == 200
    text = b"".join(pbn.streaming_content if pbn.streaming else [pbn.content]).decode()
    # Each match's two rooms of its own two boards: 3 matches x 2 boards x 2.
    assert text.count('[Room "') == 12
    usebio = api.get(reverse("results:usebio", args=[event_id]))
    assert usebio.status_code == 200
