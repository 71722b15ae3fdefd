"""Chinese bridge events through the API: a round robin, a Swiss, a duplicate."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import ChineseHand, Event

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva", "Fox"]


def create(api, players: int, **settings) -> dict:
    body = {
        "name": "Chinese night",
        "date": "2026-11-20",
        "hands": 2,
        "players": [{"name": n} for n in NAMES[:players]],
    } | settings
    response = api.post(reverse("api-chinese-event-new"), body, "application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def matches(api, event) -> list[dict]:
    return api.get(reverse("api-chinese-matches", args=[event["section"]])).json()


def hand(api, event, round, table, number, tricks_a, status=201):
    url = reverse("api-chinese-matches", args=[event["section"]])
    data = {"round": round, "table": table, "hand": number, "tricks_a": tricks_a}
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def ranking(api, event) -> list[dict]:
    return api.get(reverse("api-chinese-ranking", args=[event["id"]])).json()


def test_a_four_player_round_robin_ranks_on_matches_won(api):
    event = create(api, 4)
    laid_out = matches(api, event)
    assert len(laid_out) == 6 and {m["round"] for m in laid_out} == {1, 2, 3}
    # The lower seed wins every match 15-11 then 14-12: 29 to 23.
    for m in laid_out:
        first_wins = m["a"] < m["b"]
        hand(api, event, m["round"], m["table"], 1, 15 if first_wins else 11)
        hand(api, event, m["round"], m["table"], 2, 14 if first_wins else 12)
    rows = ranking(api, event)
    assert [(r["number"], r["score"], r["rank"]) for r in rows] == [
        (1, 3.0, "1"), (2, 2.0, "2"), (3, 1.0, "3"), (4, 0.0, "4"),
    ]  # fmt: skip
    assert rows[0]["points"] == 3 * 29


def test_a_swiss_pairs_round_two_when_round_one_is_in(api):
    event = create(api, 4, format="swiss", rounds=2)
    first = matches(api, event)
    assert [(m["a"], m["b"]) for m in first] == [(1, 2), (3, 4)]
    hand(api, event, 1, 1, 1, 20)
    hand(api, event, 1, 1, 2, 20)
    hand(api, event, 1, 2, 1, 6)
    assert len(matches(api, event)) == 2  # round 1 not finished yet
    hand(api, event, 1, 2, 2, 6)
    second = [m for m in matches(api, event) if m["round"] == 2]
    # 1 and 4 won: they meet, 2 and 3 meet.
    assert sorted((m["a"], m["b"]) for m in second) == [(1, 4), (2, 3)]


def test_the_duplicate_option_compares_the_same_hands(api):
    event = create(api, 4, duplicate=True, hands=2)
    # Round 1, hand 1 at both tables: player a took 20 and 10 tricks.
    # A-hands 20 v 10: 2 and 0 on a top of 2; B-hands 6 v 16: 0 and 2.
    hand(api, event, 1, 1, 1, 20)
    hand(api, event, 1, 2, 1, 10)
    marks = sorted(
        (h.match.table, h.mp_a, h.mp_b, h.top) for h in ChineseHand.objects.all()
    )
    assert marks == [(1, 2.0, 0.0, 2.0), (2, 0.0, 2.0, 2.0)]
    rows = {r["number"]: r["score"] for r in ranking(api, event)}
    assert rows[1] == 100.0 and rows[2] == 0.0


@pytest.mark.parametrize(
    ("data", "field"),
    [({"tricks_a": 27}, "tricks_a"), ({"hand": 3}, "hand"), ({"table": 9}, "table")],
)
def test_bad_hands_name_the_field(api, data, field):
    event = create(api, 4)
    url = reverse("api-chinese-matches", args=[event["section"]])
    body = {"round": 1, "table": 1, "hand": 1, "tricks_a": 13} | data
    response = api.post(url, body, "application/json")
    assert response.status_code == 400 and field in response.json()
    assert not ChineseHand.objects.exists()


def test_an_odd_number_of_hands_is_refused(api):
    body = {"name": "x", "date": "2026-11-20", "hands": 3,
            "players": [{"name": n} for n in NAMES[:4]]}  # fmt: skip
    response = api.post(reverse("api-chinese-event-new"), body, "application/json")
    assert response.status_code == 400 and "hands" in response.json()
    assert not Event.objects.exists()


def test_the_results_page_and_workbook(api):
    from io import BytesIO

    from openpyxl import load_workbook

    event = create(api, 3)
    for m in matches(api, event):
        if m["b"] is not None:
            hand(api, event, m["round"], m["table"], 1, 14)
            hand(api, event, m["round"], m["table"], 2, 12)
    page = api.get(reverse("results:event", args=[event["id"]])).content.decode()
    assert "Matches won" in page and "Ann" in page and "bye" in page
    book = load_workbook(
        BytesIO(api.get(reverse("results:excel", args=[event["id"]])).content)
    )
    assert book.sheetnames == ["Ranking", "Matches"]
    assert len(list(book["Matches"].iter_rows())) == 1 + 6  # 3 rounds of 2 lines
    # Every match drawn 14-12 then 12-14 (26 all): the three share place 1,
    # the number 1 with "=" beside it, never the text "1=".
    ranking = list(book["Ranking"].iter_rows())
    assert [cell.value for cell in ranking[0][:3]] == ["Rank", "Tied", "Player"]
    assert [(row[0].value, row[0].data_type, row[1].value) for row in ranking[1:]] == [
        (1, "n", "=")
    ] * 3


def test_the_tablet_enters_its_hands(api):
    from django.test import Client

    from tournaments.models import Section

    event = create(api, 4)
    section = Section.objects.get(pk=event["section"])
    tablet = Client()
    assert (
        tablet.post(
            "/table/", {"code": section.table_set.get(number=1).code}
        ).status_code
        == 302
    )
    page = tablet.get("/table/play/").content.decode()
    assert "Ann" in page and "Dan" in page  # round 1, table 1: 1 v 4 (Berger)
    saved = tablet.post("/table/play/", {"round": "1", "hand": "1", "tricks_a": "17"})
    assert saved.status_code == 302
    stored = ChineseHand.objects.get()
    assert (stored.tricks_a, stored.tricks_b, stored.source) == (17, 9, "table")
    bad = tablet.post("/table/play/", {"round": "1", "hand": "2", "tricks_a": "30"})
    assert bad.status_code == 400
    assert ChineseHand.objects.count() == 1


def test_a_player_scorecard_lists_his_matches(api):
    from tournaments.models import ChinesePlayer

    event = create(api, 4)
    hand(api, event, 1, 1, 1, 17)
    ann = ChinesePlayer.objects.get(number=1)
    page = api.get(reverse("results:chinese-player", args=[event["id"], ann.pk]))
    html = page.content.decode()
    assert page.status_code == 200 and "1: 17–9" in html and "Dan" in html


def test_the_director_sees_every_hands_change(api):
    event = create(api, 4)
    hand(api, event, 1, 1, 1, 15)
    hand(api, event, 1, 1, 1, 12)
    page = api.get(reverse("director:event", args=[event["id"]]))
    changes = page.context["changes"]
    assert [(c.action, c.before, c.after) for c in changes] == [
        ("corrected", "Round 1, table 1, hand 1: 15–11",
         "Round 1, table 1, hand 1: 12–14"),
        ("entered", "—", "Round 1, table 1, hand 1: 15–11"),
    ]  # fmt: skip
    assert "Round 1, table 1, hand 1: 12–14" in page.content.decode()
