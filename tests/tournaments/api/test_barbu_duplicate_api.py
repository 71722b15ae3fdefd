"""Duplicate Barbu through the API: two tables, one round, compared by hand.

Eight players, entered Ann..Hal: table 1 N Ann, E Ben, S Cat, W Dan; table 2
N Eva, E Fox, S Gil, W Hal; N declares round 1 at both tables. Both tables
play the same seven deals in the same order; table 2's sheet is table 1's
but for Barbu (S took the king, not E) and Trump (N5 E3 S3 W2, not N4 E3
S3 W3).

Points with the doubles (E, S, W double N on Trump, E on Queens, the rule
book's example on Tricks):

    contract   table 1             table 2
    barbu      N 0  E -20 S 0   W 0    N 0  E 0  S -20 W 0
    trump      N 35 E 10  S 10  W 10   N 60 E 5  S 5   W -5
    (the five others the same at both tables)

Table 2's Trump: base N 25, E 15, S 15, W 10; E gains 15 - 25 = -10 on N
(E 5), S likewise (S 5), W 10 - 25 = -15 (W -5); N 25 + 10 + 10 + 15 = 60.

Seat against seat (2 a table beaten, 1 a tie, top 2 a contract, 14 in all):
    Barbu  N 1/1  E 0/2  S 2/0  W 1/1
    Trump  N 0/2  E 2/0  S 2/0  W 2/0
    others 1/1 at every seat, 5 contracts: 5
    Ann 1+0+5 = 6 (42.86 %)   Eva 1+2+5 = 8 (57.14 %)
    Ben 0+2+5 = 7 (50 %)      Fox 2+0+5 = 7 (50 %)
    Cat 2+2+5 = 9 (64.29 %)   Gil 0+0+5 = 5 (35.71 %)
    Dan 1+2+5 = 8 (57.14 %)   Hal 1+0+5 = 6 (42.86 %)
    4 seats x 7 contracts x 2 = 56 = 6+7+9+8+8+7+5+6.
Raw points: table 1 N +3, E +17, S -32, W +12 (test_barbu_sitout_api);
table 2 N 3 + 25 = 28, E 17 + 20 - 5 = 32, S -32 - 20 - 5 = -57, W 12 - 15 = -3.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from barbu_play import barbu_event_post
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournaments.api.test_barbu_sitout_api import MANCHE
from tournaments.models import BarbuDeal, Event

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva", "Fox", "Gil", "Hal"]
TABLE_2 = {
    "barbu": {"king": "S"},
    "trump": {"tricks": {"N": 5, "E": 3, "S": 3, "W": 2}},
}


def create(api, players=8, status=201):
    names = NAMES[:players] if players <= 8 else [f"P{n}" for n in range(players)]
    response = barbu_event_post(
        api, names, "api-barbu-duplicate-event-new", name="Duplicate Barbu", rounds=1
    )
    assert response.status_code == status, response.json()
    return response.json()


def deal(contract, record, doubles, order, table):
    data = {"round": 1, "table": table, "contract": contract, "order": order}
    data |= {"record": record, "doubles": doubles}
    data |= {"trump": "S"} if contract == "trump" else {}
    data |= {"height": "9"} if contract == "reussite" else {}
    return data


def post(api, event, data, status=201):
    url = reverse("api-barbu-deals", args=[event["section"]])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def play_both_tables(api, event):
    for order, (contract, record, doubles) in enumerate(MANCHE, start=1):
        post(api, event, deal(contract, record, doubles, order, 1))
        other = TABLE_2.get(contract, record)
        post(api, event, deal(contract, other, doubles, order, 2))


def test_a_two_table_duplicate_barbu_by_hand(api, director):
    event = create(api)
    assert (event["kind"], event["tables"]) == ("barbu-duplicate", 2)
    play_both_tables(api, event)
    url = reverse("api-barbu-duplicate-ranking", args=[event["id"]])
    ranking = api.get(url).json()
    names = {p["number"]: p["name"] for p in event["players"]}
    got = {
        names[row["player"]]: (
            row["matchpoints"], row["top"], round(row["percentage"], 2),
            row["points"], row["rank"],
        )
        for row in ranking
    }  # fmt: skip
    assert got == {
        "Cat": (9, 14, 64.29, -32, "1"),
        "Dan": (8, 14, 57.14, 12, "2="),
        "Eva": (8, 14, 57.14, 28, "2="),
        "Ben": (7, 14, 50.0, 17, "4="),
        "Fox": (7, 14, 50.0, 32, "4="),
        "Ann": (6, 14, 42.86, 3, "6="),
        "Hal": (6, 14, 42.86, -3, "6="),
        "Gil": (5, 14, 35.71, -57, "8"),
    }
    # Best first, on the percentage.
    percentages = [row["percentage"] for row in ranking]
    assert percentages == sorted(percentages, reverse=True)
    # The pages and the workbook show the same figures.
    assert (
        director.get(reverse("director:event", args=[event["id"]])).status_code == 200
    )
    Event.objects.filter(pk=event["id"]).update(published=True)
    page = Client().get(reverse("results:event", args=[event["id"]]))
    html = page.content.decode()
    assert page.status_code == 200 and "Duplicate Barbu" in html
    assert "<strong>64.29</strong>" in html and "<strong>35.71</strong>" in html
    # Table 2's Trump row: N 60 beats table 1's 35 (2), E, S, W lose (0).
    assert '60 <span class="muted">· 2</span>' in html
    assert '-5 <span class="muted">· 0</span>' in html
    # Gil's scorecard: S at table 2, 0 on Barbu and Trump, 1 on the others.
    gil = next(p["id"] for p in event["players"] if p["name"] == "Gil")
    card = Client().get(reverse("results:barbu-player", args=[event["id"], gil]))
    text = card.content.decode()
    assert "35.71 %" in text
    assert text.count("<td>0</td></tr>") == 2 and text.count("<td>1</td></tr>") == 5
    book = load_workbook(
        BytesIO(Client().get(reverse("results:excel", args=[event["id"]])).content)
    )
    rows = list(book["Ranking"].iter_rows(values_only=True))
    assert rows[0][-3:] == ("MP", "Top", "%")
    name = rows[0].index("Name")
    assert rows[1][name:] == ("Cat", -32, 7, 9, 14, 64.29)


def test_every_table_plays_the_same_deals_in_the_same_contracts(api):
    event = create(api)
    post(api, event, deal("barbu", {"king": "E"}, [], 1, 1))
    # Table 2's deal 1 is the same hands: not Hearts.
    hearts = MANCHE[2][1]
    body = post(api, event, deal("hearts", hearts, [], 1, 2), status=400)
    assert list(body) == ["contract"]
    assert "Deal 1 of round 1 is played as Barbu at table 1" in body["contract"][0]
    # Nor Barbu on deal 2.
    body = post(api, event, deal("barbu", {"king": "S"}, [], 2, 2), status=400)
    assert list(body) == ["order"] and "Barbu is deal 1 of round 1" in body["order"][0]
    assert BarbuDeal.objects.count() == 1
    post(api, event, deal("barbu", {"king": "S"}, [], 1, 2))
    assert BarbuDeal.objects.count() == 2


@pytest.mark.parametrize("players", [4, 9])
def test_a_duplicate_needs_two_full_tables_or_more(api, players):
    body = create(api, players, status=400)
    assert "players" in body
    assert not Event.objects.exists()


def test_the_barbu_forms_create_a_duplicate_too(api, director):
    made = barbu_event_post(api, NAMES, name="Dup", duplicate=True)
    assert made.status_code == 201 and made.json()["kind"] == "barbu-duplicate"
    players = "\n".join(NAMES)
    base = {"name": "Games night", "date": "2026-11-27", "players": players}
    url = reverse("director:barbu-event-new")
    assert (
        director.post(url, base | {"rounds": "4", "duplicate": "on"}).status_code == 302
    )
    assert director.post(url, base | {"rounds": "4"}).status_code == 302
    kinds = list(Event.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds == ["barbu-duplicate", "barbu-duplicate", "barbu"]
    page = director.get(url).content.decode()
    assert 'name="duplicate"' in page


def test_the_director_can_open_the_new_event_page(director):
    page = director.get(reverse("director:barbu-duplicate-event-new"))
    assert page.status_code == 200
    assert "New duplicate Barbu event" in page.content.decode()


def test_the_duplicate_ranking_is_the_directors_until_published(api):
    event = create(api)
    url = reverse("api-barbu-duplicate-ranking", args=[event["id"]])
    assert api.get(url).status_code == 200
    assert Client().get(url).status_code == 404
    Event.objects.filter(pk=event["id"]).update(published=True)
    assert Client().get(url).status_code == 200
    # A plain Barbu's ranking is not served as a duplicate one, nor back.
    plain = reverse("api-barbu-ranking", args=[event["id"]])
    assert api.get(plain).status_code == 404
