"""A Bridgeote individual event of 10 players, 5 a table, end to end.

Created over the API, players entered table by table: P1-P5 sit seats 1-5
of table 1 in round 1 (player numbers 1, 3, 5, 7, 9: seat s holds numbers
s * T + 1 ... s * T + T with T = 2 tables), P6-P10 table 2 (numbers 2, 4,
6, 8, 10). Both tables play deal 1 in round 1 (the rule book's 5-player game:
7 cards each, 1 in the écart; the taker picks a partner after the auction).

- Table 1: seat 3 (index 2) takes 100 ♥, chooses seat 5 (index 4); their
  tricks hold 110, he announced the Bridgeote (30): 140 >= 100, made. Each
  attacker 100, each defender 160 - 110 = 50: marks (50, 50, 100, 50, 100).
- Table 2: seat 2 (index 1) takes 100 ♥, contré, with seat 3 (index 2), who
  holds the Bridgeote (30); 60 + 30 = 90 < 100: down, each defender
  (160 + 30) x 2 = 380: marks (380, 0, 0, 380, 380).

Seat by seat, top 2 (two tables, 2 a mark beaten):
  seat 1: 50 v 380 -> P1 0, P6 2     seat 2: 50 v 0 -> P2 2, P7 0
  seat 3: 100 v 0 -> P3 2, P8 0      seat 4: 50 v 380 -> P4 0, P9 2
  seat 5: 100 v 380 -> P5 0, P10 2.
Ranking on %, then marks: P6, P9, P10 100 % and 380 ("1="), P3 100 % 100
("4"), P2 100 % 50 ("5"), P5 0 % 100 ("6"), P1, P4 0 % 50 ("7="), P7, P8
0 % 0 ("9=").
"""

from __future__ import annotations

from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from tablet_play import tablet_client

from tournaments.bridgeote.workbook import (
    bridgeote_workbook_bytes,
)
from tournaments.models import BridgeoteDeal, BridgeoteScore, Event, Section, Source

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": f"P{n}"} for n in range(1, 11)]
TABLE_1 = {"round": 1, "table": 1, "deal": 1, "contract": "100H", "taker": 2,
           "partner": 4, "taker_points": 110, "taker_announcements": 30}  # fmt: skip
TABLE_2 = {"round": 1, "table": 2, "deal": 1, "contract": "100HX", "taker": 1,
           "partner": 2, "taker_points": 60, "taker_announcements": 30}  # fmt: skip


def create(api, status=201, **changes):
    body = {"name": "Bridgeote à cinq", "date": "2026-11-25", "players": PLAYERS,
            "size": 5, "rounds": 2, "deals_per_round": 1} | changes  # fmt: skip
    response = api.post(reverse("api-bridgeote-event-new"), body, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def post(api, section, data, status=201):
    url = reverse("api-bridgeote-deals", args=[section])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


@pytest.fixture
def event(api):
    return create(api)


def test_the_event_seats_players_by_seat_number(event):
    assert (event["kind"], event["tables"], event["rounds"]) == ("bridgeote", 2, 2)
    numbers = {p["name"]: p["number"] for p in event["players"]}
    assert [numbers[f"P{n}"] for n in range(1, 11)] == [1, 3, 5, 7, 9,
                                                        2, 4, 6, 8, 10]  # fmt: skip


def test_a_deal_at_two_tables_is_marked_compared_and_ranked(api, event):
    section = event["section"]
    first = post(api, section, TABLE_1)
    assert (first["players"], first["marks"]) == ([1, 3, 5, 7, 9],
                                                  [50, 50, 100, 50, 100])  # fmt: skip
    second = post(api, section, TABLE_2)
    assert second["marks"] == [380, 0, 0, 380, 380]
    mps = dict(BridgeoteDeal.objects.values_list("table__number", "mps"))
    assert mps == {1: [0, 2, 2, 0, 0], 2: [2, 0, 0, 2, 2]}
    ranking = api.get(reverse("api-bridgeote-ranking", args=[event["id"]])).json()
    names = {p["number"]: p["name"] for p in event["players"]}
    got = [(names[r["player"]], r["pct"], r["points"], r["rank"]) for r in ranking]
    assert got == [
        ("P6", 100.0, 380, "1="),
        ("P9", 100.0, 380, "1="),
        ("P10", 100.0, 380, "1="),
        ("P3", 100.0, 100, "4"),
        ("P2", 100.0, 50, "5"),
        ("P5", 0.0, 100, "6"),
        ("P1", 0.0, 50, "7="),
        ("P4", 0.0, 50, "7="),
        ("P7", 0.0, 0, "9="),
        ("P8", 0.0, 0, "9="),
    ]


def test_the_results_page_workbook_and_director_page_show_the_figures(
    api, director, event
):
    section = event["section"]
    post(api, section, TABLE_1)
    post(api, section, TABLE_2)
    page = Client().get(reverse("results:event", args=[event["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Deal 1" in html and "100.00" in html
    assert '100 <span class="suit red">♥</span> X' in html
    assert "<strong>380</strong> · 2 MP" in html
    assert "<strong>50</strong> · 0 MP" in html
    book = load_workbook(
        BytesIO(bridgeote_workbook_bytes(Event.objects.get(pk=event["id"])))
    )
    ranking = list(book["Ranking"].iter_rows(values_only=True))
    assert ranking[0][:3] == ("Rank", "Tied", "Player")
    assert ranking[1][:5] == (1, "=", 2, "P6", 1.0)  # P6 is number 2, tied first
    deals = list(book["Deals"].iter_rows(values_only=True))
    header = deals[0]
    row = dict(zip(header, deals[2], strict=True))
    assert (row["Contract"], row["Taker's seat"], row["Partner's seat"]) == (
        "100 H X",
        2,
        3,
    )
    assert (row["Takers' card points"], row["Seat 1 points"], row["Seat 1 MP"]) == (
        60,
        380,
        2,
    )
    detail = director.get(reverse("director:event", args=[event["id"]]))
    assert detail.status_code == 200
    assert "1/1" in detail.content.decode() and "P6" in detail.content.decode()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"deal": 2}, "deal"),  # round 1 plays deal 1 only
        ({"taker": 5}, "taker"),
        ({"partner": None}, "partner"),  # at 5 the taker names a partner
        ({"partner": 2}, "partner"),  # not himself
        ({"contract": "70H"}, "contract"),
        ({"taker_points": 161}, "taker_points"),
        ({"taker_announcements": 40}, "taker_announcements"),
        ({"contract": "100SA"}, "taker_announcements"),  # none at SA
        ({"defence_announcements": 25}, "defence_announcements"),
        ({"round": 3}, "round"),
    ],
)
def test_impossible_deals_are_refused_naming_the_field(api, event, change, field):
    body = post(api, event["section"], TABLE_1 | change, status=400)
    assert field in body
    assert not BridgeoteDeal.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"size": 4}, "size"),
        ({"players": PLAYERS[:9]}, "players"),
        ({"rounds": 13}, "rounds"),
        ({"deals_per_round": 0}, "deals_per_round"),
    ],
)
def test_bad_events_are_refused(api, change, field):
    assert field in create(api, status=400, **change)
    assert not Event.objects.exists()


def test_a_deal_entered_again_is_a_correction(api, event):
    post(api, event["section"], TABLE_1)
    again = post(api, event["section"], TABLE_1 | {"taker_points": 90})
    # 90 + 30 = 120 >= 100: still made; defenders 160 - 90 = 70.
    assert again["marks"] == [70, 70, 100, 70, 100]
    assert BridgeoteDeal.objects.count() == 1


def test_the_public_cannot_enter_a_deal(event):
    url = reverse("api-bridgeote-deals", args=[event["section"]])
    response = Client().post(url, TABLE_1, "application/json")
    assert response.status_code in (401, 403)
    assert not BridgeoteDeal.objects.exists()


def test_the_tablet_shows_the_seats_checks_and_saves_a_deal(
    api, event, django_capture_on_commit_callbacks
):
    section = Section.objects.get(pk=event["section"])
    tablet = tablet_client(section, 2)
    page = tablet.get("/table/play/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "P6" in html and "P10" in html and "Deal 1" in html
    entry = {"round": "1", "deal": "1", "key": "k1", "bid": "100", "strain": "H",
             "doubled": "X", "taker": "1", "partner": "2", "points": "60",
             "taker_announced": "30", "defence_announced": "0"}  # fmt: skip
    checked = tablet.post("/table/play/", entry | {"check": "1"})
    assert checked.status_code == 200
    assert "P6 380 · P7 0 · P8 0 · P9 380 · P10 380" in checked.content.decode()
    assert not BridgeoteDeal.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        saved = tablet.post("/table/play/", entry | {"save": "1"})
    assert saved.status_code == 302
    deal = BridgeoteDeal.objects.get()
    assert (deal.source, deal.marks) == (Source.TABLE, [380, 0, 0, 380, 380])
    # Scored once saved: table 2 alone so far, every top 0, 50 % each.
    assert BridgeoteScore.objects.count() == 5
    refused = tablet.post("/table/play/", entry | {"partner": "", "save": "1"})
    assert refused.status_code == 400
    assert "the taker names a partner" in refused.content.decode()


def test_the_director_creates_plays_closes_and_deletes_an_event(
    api, director, django_capture_on_commit_callbacks
):
    """Six players three a table (3-player game: 10 cards each, 6 in the
    écart). Table 1, deal 1: seat 1 takes 80 TA with seat 2, their tricks
    hold 150, a Belote and a Bridgeote (50): target 130, made; attackers 130
    each, the defender 260 - 150 = 110."""
    new = director.get(reverse("director:bridgeote-event-new"))
    assert new.status_code == 200
    names = "\n".join(f"Q{n}" for n in range(1, 7))
    form = {"name": "Bridgeote à trois", "date": "2026-11-25", "players": names,
            "size": "3", "rounds": "2", "deals_per_round": "2"}  # fmt: skip
    response = director.post(reverse("director:bridgeote-event-new"), form)
    assert response.status_code == 302
    event = Event.objects.get(name="Bridgeote à trois")
    assert event.kind == Event.Kind.BRIDGEOTE
    section = event.sessions.get().sections.get()
    body = post(api, section.pk, {"round": 1, "table": 1, "deal": 1,
                                  "contract": "80TA", "taker": 0, "partner": 1,
                                  "taker_points": 150,
                                  "taker_announcements": 50})  # fmt: skip
    assert body["marks"] == [130, 130, 110]
    refused = director.post(reverse("director:bridgeote-event-new"),
                            form | {"players": "A\nB\nC\nD"})  # fmt: skip
    assert refused.status_code == 400
    event.sessions.update(status="closed")
    late = post(api, section.pk, {"round": 1, "table": 2, "deal": 1,
                                  "contract": "80TA", "taker": 0, "partner": 1,
                                  "taker_points": 150}, status=400)  # fmt: skip
    assert "This session is closed" in late["non_field_errors"][0]
    delete = reverse("director:event-delete", args=[event.pk])
    assert director.post(delete, {"confirm": event.name}).status_code == 302
    assert not BridgeoteDeal.objects.exists() and not Event.objects.exists()


def test_an_event_with_no_deal_yet_shows_its_pages(api, director, event):
    page = Client().get(reverse("results:event", args=[event["id"]]))
    assert page.status_code == 200 and "No result yet." in page.content.decode()
    excel = Client().get(reverse("results:excel", args=[event["id"]]))
    assert excel.status_code in (200, 302)
    detail = director.get(reverse("director:event", args=[event["id"]]))
    html = detail.content.decode()
    # Round 2, table 1: seat s of table 1 holds home table ((0 - s) mod 2) + 1:
    # players 1, 4, 5, 8, 9 (P1, P7, P3, P9, P5).
    assert "1 P1 · 4 P7 · 5 P3 · 8 P9 · 9 P5" in html
    assert api.get(reverse("api-bridgeote-deals", args=[event["section"]])).json() == []


def test_a_table_token_enters_deals_at_its_own_table_only(event):
    """Table 2's token may write table 2's deal 1 (seats of table 2), and is
    refused table 1's (403), leaving nothing written there."""
    from rest_framework.test import APIClient

    from tournaments.models import Table
    from tournaments.services.tokens import issue_table_token

    table = Table.objects.get(section_id=event["section"], number=2)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {issue_table_token(table)}")
    url = reverse("api-bridgeote-deals", args=[event["section"]])
    refused = client.post(url, TABLE_1, format="json")
    assert refused.status_code == 403
    assert not BridgeoteDeal.objects.exists()
    own = client.post(url, TABLE_2, format="json")
    assert own.status_code == 201, own.json()
    assert own.json()["players"] == [2, 4, 6, 8, 10]
    assert BridgeoteDeal.objects.get().source == Source.TABLE


def test_the_table_cards_print_each_rounds_seats_and_deals(director, event):
    page = director.get(reverse("director:bridgeote-cards", args=[event["id"]]))
    assert page.status_code == 200
    html = page.content.decode()
    # Table 1, round 2: players 1, 4, 5, 8, 9 (P1, P7, P3, P9, P5), deal 2.
    cards = page.context["cards"]
    row = cards[0].rows[1]
    assert (row.round, [seat.name for seat in row.seats], row.note) == (
        2,
        ["P1", "P7", "P3", "P9", "P5"],
        "2",
    )
    assert "P10" in html


@pytest.mark.parametrize(
    ("size", "deal", "marks"),
    [
        # 6: two teams of three (seats 1, 3, 5 v 2, 4, 6); seat 2 (index 1)
        # takes 100 ♥ for his team, 110 card points: made, 100 each; the
        # other team 160 - 110 = 50 each. No partner to name.
        (6, {"contract": "100H", "taker": 1, "taker_points": 110},
         [50, 100, 50, 100, 50, 100]),
        # 7: seat 7 (index 6) bids capot ♠ with seat 4 (index 3) and takes
        # every trick; the écart's card (a bridgeote of ♦, 2) is the
        # defence's: 250 to each attacker, 2 to each defender.
        (7, {"contract": "CAPOTS", "taker": 6, "partner": 3, "taker_points": 158,
             "capot": True}, [2, 2, 2, 250, 2, 2, 250]),
        # 3: two attackers v one; 80 TA, 150 + 50 announced: 130 each, the
        # defender 260 - 150 = 110.
        (3, {"contract": "80TA", "taker": 0, "partner": 1, "taker_points": 150,
             "taker_announcements": 50}, [130, 130, 110]),
    ],
)  # fmt: skip
def test_every_table_size_of_the_rule_book(api, size, deal, marks):
    players = [{"name": f"R{n}"} for n in range(1, 2 * size + 1)]
    event = create(api, players=players, size=size)
    body = post(api, event["section"], {"round": 1, "table": 1, "deal": 1} | deal)
    assert body["marks"] == marks
    assert len(body["players"]) == size


def test_a_tablet_writes_its_current_round_only(event):
    """Round 1 is not entered at table 1: its tablet may not write round 2's
    deal yet (403, nothing stored); the director may."""
    section = Section.objects.get(pk=event["section"])
    tablet = tablet_client(section)
    entry = {"round": "2", "deal": "2", "key": "k2", "bid": "80", "strain": "S",
             "doubled": "", "taker": "0", "partner": "1", "points": "100",
             "taker_announced": "0", "defence_announced": "0", "save": "1"}  # fmt: skip
    refused = tablet.post("/table/play/", entry)
    assert refused.status_code == 403
    assert not BridgeoteDeal.objects.exists()


def test_a_six_player_tablet_names_no_partner(api):
    players = [{"name": f"S{n}"} for n in range(1, 7)]
    event = create(api, players=players, size=6, rounds=1)
    section = Section.objects.get(pk=event["section"])
    tablet = tablet_client(section)
    entry = {"round": "1", "deal": "1", "key": "k6", "bid": "100", "strain": "H",
             "doubled": "", "taker": "1", "partner": "", "points": "110",
             "taker_announced": "0", "defence_announced": "0",
             "check": "1"}  # fmt: skip
    page = tablet.post("/table/play/", entry).content.decode()
    # Seat 2 (index 1) takes for seats 2, 4, 6: made, 100 each; 50 the others.
    assert "S1 50 · S2 100 · S3 50 · S4 100 · S5 50 · S6 100" in page
