"""Which boards a team match plays: one answer for tablets, cards, sheets and pages.

Issue 22: a Swiss's round 4, table 3 card said "33-36 / 37-40" while the
tablets played 25-28 / 29-32.  The pages numbered a team round's boards from
its board *sets* (each match has its own copy, so match 2's sets are 3 and
4: boards 9-16 of the round, plus the 24 boards of rounds 1-3), where the
tablets read the boards each seating plays.  An 8-team round robin of
8-board matches in 2 stints lays out every round at once, so its round 4 is
the issue's case without playing three rounds first:

- round 4 starts at board 3 * 8 + 1 = 25;
- match 2 sits at tables 3 (open) and 4 (closed);
- stint 1: table 3 plays the first half, 25-28, table 4 the second, 29-32;
  stint 2: they exchange, table 3 29-32, table 4 25-28.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from page_text import guide_card, text
from teams_play import create, matches

from tournaments.models import Section

pytestmark = pytest.mark.django_db


def board_cells(fragment: str) -> dict[int, str]:
    """Each row's boards cell of a card, by round (stint)."""
    rows = re.findall(r'<tr data-round="(\d+)"[^>]*>(.*?)</tr>', fragment, re.S)
    found = {}
    for number, row in rows:
        cell = re.search(r'<td class="text board-numbers">(.*?)</td>', row, re.S)
        found[int(number)] = text(cell.group(1))
    return found


@pytest.fixture
def round_four(api) -> tuple[dict, Section]:
    event = create(api, 8, boards_per_match=8, stints=2)
    match = next(
        m for m in matches(api, event["id"]) if m["round"] == 4 and m["number"] == 2
    )
    section = Section.objects.get(pk=match["section"])
    assert section.first_board == 25
    assert (match["open_table"], match["closed_table"]) == (3, 4)
    return match, section


def test_the_table_cards_print_the_boards_the_tablets_play(director, round_four):
    _, section = round_four
    page = director.get(reverse("movement:table-cards", args=[section.pk]))
    assert page.status_code == 200
    content = page.content.decode()
    assert board_cells(guide_card(content, "table", "3")) == {1: "25-28", 2: "29-32"}
    assert board_cells(guide_card(content, "table", "4")) == {1: "29-32", 2: "25-28"}
    assert "33-36" not in content and "37-40" not in content
    # A teams round's rounds are its stints.
    assert '<th scope="col">Stint</th>' in content
    assert '<th scope="col">Round</th>' not in content


def test_the_movement_sheet_prints_the_boards_the_tablets_play(director, round_four):
    _, section = round_four
    page = director.get(reverse("movement:sheet", args=[section.pk]))
    assert page.status_code == 200
    content = page.content.decode()
    cells = {}
    for stint in (1, 2):
        for table in (3, 4):
            pattern = (
                rf'<td[^>]*data-round="{stint}" data-table="{table}"[^>]*>(.*?)</td>'
            )
            (cell,) = re.findall(pattern, content, re.S)
            cells[stint, table] = re.search(r"\b\d+-\d+\b", text(cell)).group(0)
    assert cells == {
        (1, 3): "25-28",
        (1, 4): "29-32",
        (2, 3): "29-32",
        (2, 4): "25-28",
    }
    # Every table of the round plays only boards 25-32.
    every = re.findall(
        r'<td[^>]*data-round="\d" data-table="\d"[^>]*>(.*?)</td>', content, re.S
    )
    assert len(every) == 16  # 8 tables, 2 stints
    assert {re.search(r"\b\d+-\d+\b", text(cell)).group(0) for cell in every} == {
        "25-28",
        "29-32",
    }


def test_the_pair_cards_print_the_boards_the_tablets_play(director, round_four):
    match, section = round_four
    page = director.get(reverse("movement:pair-cards", args=[section.pk]))
    assert page.status_code == 200
    home_ns = guide_card(page.content.decode(), "pair", f"{match['home']}NS")
    assert board_cells_pair(home_ns) == {1: "25-28", 2: "29-32"}


def board_cells_pair(fragment: str) -> dict[int, str]:
    rows = re.findall(r'<tr data-round="(\d+)"[^>]*>(.*?)</tr>', fragment, re.S)
    return {
        int(number): re.search(r"\b\d+-\d+\b", text(row)).group(0)
        for number, row in rows
    }


def test_the_tablet_of_table_3_plays_those_boards(client, round_four):
    _, section = round_four
    code = section.table_set.get(number=3).code
    assert client.post("/table/", {"code": code}).status_code == 302
    page = client.get("/table/play/")
    assert page.status_code == 200
    shown = re.findall(r"/table/play/1/board/(\d+)/", page.content.decode())
    assert sorted({int(n) for n in shown}) == [25, 26, 27, 28]


def test_the_tablet_says_the_match_round_and_the_stint(client, round_four):
    """Issue 22: a teams tablet said "round 1" for stint 1 of round 4."""
    _, section = round_four
    code = section.table_set.get(number=3).code
    client.post("/table/", {"code": code})
    content = client.get("/table/play/").content.decode()
    (heading,) = re.findall(r"<h1>(.*?)</h1>", content, re.S)
    assert text(heading) == "Table 3 · round 4 · stint 1 of 2"
    picker = re.search(r'<nav class="round-picker"[^>]*>(.*?)</nav>', content, re.S)
    assert 'aria-label="Stints"' in picker.group(0)
    assert text(picker.group(1)) == "stint 1 stint 2"
    later = client.get("/table/play/?round=2").content.decode()
    (heading,) = re.findall(r"<h1>(.*?)</h1>", later, re.S)
    assert text(heading) == "Table 3 · round 4 · stint 2 of 2"


def test_a_swiss_round_4_laid_out_after_three_rounds(director, api):
    """The issue's own case: an 8-team Swiss of 8-board matches, round 4 laid
    out after rounds 1-3 (paired here without playing them): table 3's card
    says 25-28 then 29-32, as its tablet plays."""
    from tournaments.models import Event
    from tournaments.teams.services import session_add, team_round_create

    event = create(api, 8, format="swiss", rounds=5, boards_per_match=8)
    swiss = Event.objects.get(pk=event["id"])
    for stage, pairings in (
        (2, [(1, 3), (2, 4), (5, 7), (6, 8)]),
        (3, [(1, 4), (2, 3), (5, 8), (6, 7)]),
        (4, [(1, 5), (2, 6), (3, 7), (4, 8)]),
    ):
        section = team_round_create(session_add(swiss), pairings, stage=stage)
    assert section.first_board == 25
    page = director.get(reverse("movement:table-cards", args=[section.pk]))
    content = page.content.decode()
    assert board_cells(guide_card(content, "table", "3")) == {1: "25-28", 2: "29-32"}
    assert board_cells(guide_card(content, "table", "4")) == {1: "29-32", 2: "25-28"}


def test_a_tablet_cannot_write_another_matchs_copy_of_its_board(round_four):
    """Every match of a round plays boards 25-32 from its own copy: table 3
    (match 2) may not write board 25 for match 1's pairs or match 3's."""
    from tournaments.services.tokens import issue_table_token

    match, section = round_four
    token = issue_table_token(section.table_set.get(number=3))
    tablet = Client()  # a tablet, nobody signed in
    headers = {"Authorization": f"Table {token}"}
    url = reverse("api-section-results", args=[section.pk])
    others = [
        (m.home.number, m.away.number)
        for m in section.session.matches.exclude(number=2).select_related(
            "home", "away"
        )
    ]
    for home, away in others:
        for ns, ew in ((f"{home}NS", f"{away}EW"), (f"{away}NS", f"{home}EW")):
            data = {"board": 25, "ns": ns, "ew": ew, "declarer": "N"}
            data |= {"contract": "3NT", "result": "="}
            response = tablet.post(
                url, data, content_type="application/json", headers=headers
            )
            assert 400 <= response.status_code < 500, (ns, ew, response.status_code)
    assert not section.boards.filter(results__isnull=False).exists()
    own = {"board": 25, "ns": f"{match['home']}NS", "ew": f"{match['away']}EW"}
    own |= {"declarer": "N", "contract": "3NT", "result": "="}
    response = tablet.post(url, own, content_type="application/json", headers=headers)
    assert response.status_code == 201, response.json()


def test_after_the_stint_s_last_board_the_tablet_says_next_stint(round_four):
    import uuid

    _, section = round_four
    tablet = Client()
    tablet.post("/table/", {"code": section.table_set.get(number=3).code})
    entry = {
        "level": "3",
        "denomination": "NT",
        "doubled": "",
        "declarer": "N",
        "result": "=",
        "save": "1",
    }
    for number in (25, 26, 27, 28):
        page = tablet.post(
            f"/table/play/1/board/{number}/",
            entry | {"key": uuid.uuid4().hex},
            follow=True,
        )
        assert page.status_code == 200, number
    html = page.content.decode()
    assert "Next stint" in html and "Next round" not in html
    assert "After this stint: exchange the boards" in html
    assert "Boards 25-28: table 4" in html
