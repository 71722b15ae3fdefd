"""Travellers stay private while a board is in play (the Bridgemate default).

The ``section`` fixture is a 3-table Mitchell, 2 boards a round, 3 rounds:
board 1 is played at table 1 in round 1 (1NS v 1EW), at table 3 in round 2
(3NS v 2EW) and at table 2 in round 3 (2NS v 3EW).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from section_play import play_line

from tests.tournaments.conftest import mitchell_section
from tournaments.models import Event, Result, Section, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.privacy import (
    DIRECTOR,
    PUBLIC,
    Viewer,
    board_is_complete,
    hidden_boards,
    incomplete_boards,
    visible_boards,
)
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

# Board 1: (round, table, NS, EW, tricks in 4H by N).
BOARD_ONE = [
    (1, 1, "1NS", "1EW", 10),
    (2, 3, "3NS", "2EW", 11),
    (3, 2, "2NS", "3EW", 9),
]


def enter(section: Section, board: int, round: int, table: int, ns: str, ew: str,
          tricks: int) -> Result:  # fmt: skip
    """4H by N making ``tricks`` on ``board`` at ``table`` in ``round``."""
    return play_line(
        section,
        board,
        ns,
        ew,
        tricks,
        round=section.round_set.get(number=round),
        table=section.table_set.get(number=table),
    )


def enter_board_one(section: Section, lines: int) -> None:
    for line in BOARD_ONE[:lines]:
        enter(section, 1, *line)
    rescore_section(section.pk)


def board_url(section: Section, number: int = 1) -> str:
    return reverse("results:board", args=[section.pk, number])


def pair_url(section: Section, label: str) -> str:
    pair = next(p for p in section.pairs.all() if p.label == label)
    return reverse("results:pair", args=[section.pk, pair.pk])


def table_auth(section: Section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


HIDDEN_TEXT = "Its traveller is hidden until every table has played this board."


def test_a_board_is_complete_once_every_scheduled_table_entered_it(section):
    assert incomplete_boards(section) == frozenset(range(1, 7))
    enter_board_one(section, 2)
    board = section.boards.get(number=1)
    assert not board_is_complete(board)
    assert hidden_boards(section, PUBLIC) == frozenset(range(1, 7))
    assert hidden_boards(section, DIRECTOR) == frozenset()
    enter(section, 1, *BOARD_ONE[2])
    assert board_is_complete(board)
    assert hidden_boards(section, PUBLIC) == frozenset(range(2, 7))
    assert visible_boards(section, PUBLIC) == frozenset({1})


def test_a_table_sees_the_boards_it_has_played(section):
    enter_board_one(section, 1)
    table_one = Viewer(table=section.table_set.get(number=1))
    table_two = Viewer(table=section.table_set.get(number=2))
    assert 1 not in hidden_boards(section, table_one)
    assert 1 in hidden_boards(section, table_two)
    # Another section's table sees nothing of this one.
    other = mitchell_section(section.session, letter="B")
    assert 1 in hidden_boards(section, Viewer(table=other.table_set.get(number=1)))


def test_privacy_is_decided_in_a_fixed_number_of_queries(
    section, django_assert_max_num_queries
):
    enter_board_one(section, 3)
    section = Section.objects.select_related("session__event").get(pk=section.pk)
    with django_assert_max_num_queries(2):
        hidden_boards(section, PUBLIC)


def test_the_public_traveller_is_refused_until_the_last_table_enters(section):
    enter_board_one(section, 2)
    public = Client()
    response = public.get(board_url(section))
    page = response.content.decode()
    assert response.status_code == 403
    assert HIDDEN_TEXT in page
    assert "<td>420</td>" not in page and "<td>450</td>" not in page
    enter(section, 1, *BOARD_ONE[2])
    rescore_section(section.pk)
    response = public.get(board_url(section))
    page = response.content.decode()
    assert response.status_code == 200
    assert HIDDEN_TEXT not in page
    # 4H= 420, 4H+1 450, 4H-1 -50 (no one vulnerable on board 1): MP 2, 4, 0.
    for score in ("<td>420</td>", "<td>450</td>", "<td>50</td>"):
        assert score in page
    mps = {line.result.ns_pair.label: line.mp_ns for line in response.context["lines"]}
    assert mps == {"1NS": 2.0, "2NS": 0.0, "3NS": 4.0}


def test_the_director_always_sees_the_traveller(director, section):
    enter_board_one(section, 1)
    response = director.get(board_url(section))
    assert response.status_code == 200
    assert "<td>420</td>" in response.content.decode()


def test_the_setting_relaxes_it(section):
    enter_board_one(section, 1)
    Section.objects.filter(pk=section.pk).update(
        traveller_privacy=Section.TravellerPrivacy.ALWAYS
    )
    response = Client().get(board_url(section))
    assert response.status_code == 200
    assert "<td>420</td>" in response.content.decode()


def test_publishing_shows_everything(director, section):
    enter_board_one(section, 1)
    event = section.session.event
    director.post(reverse("director:event-publication", args=[event.pk, "publish"]))
    assert Event.objects.get(pk=event.pk).published
    response = Client().get(board_url(section))
    assert response.status_code == 200
    assert "<td>420</td>" in response.content.decode()


def test_the_pair_scorecard_omits_the_scores_of_boards_in_play(section):
    enter_board_one(section, 2)
    enter(section, 2, 1, 1, "1NS", "1EW", 10)
    rescore_section(section.pk)
    response = Client().get(pair_url(section, "1NS"))
    page = response.content.decode()
    assert response.status_code == 200
    # Two boards in play, each in the wide and the narrow (phone) cell.
    assert page.count("In play: shown once every table has played this board") == 4
    assert "<td>420</td>" not in page and "suit red" not in page
    assert all(row.get("in_play") for row in response.context["rows"])
    assert response.context["chart"] is None or not response.context["chart"].bars
    enter(section, 1, *BOARD_ONE[2])
    rescore_section(section.pk)
    response = Client().get(pair_url(section, "1NS"))
    rows = response.context["rows"]
    assert [row.get("in_play", False) for row in rows] == [False, True]
    assert rows[0]["score"] == 420 and rows[0]["mp"] == 2.0


def test_the_api_returns_no_line_of_a_hidden_board(client, section):
    enter_board_one(section, 2)
    enter(section, 3, 1, 2, "2NS", "2EW", 10)
    url = reverse("api-section-results", args=[section.pk])
    # Table 2 has played board 3 only; table 1 played board 1.
    two = client.get(url, headers=table_auth(section, 2)).json()
    assert [(line["board"], line["ns"]) for line in two] == [(3, "2NS")]
    one = client.get(url, headers=table_auth(section, 1)).json()
    assert sorted((line["board"], line["ns"]) for line in one) == [
        (1, "1NS"),
        (1, "3NS"),
    ]
    board_one = Result.objects.filter(board__number=1).first()
    detail = reverse("api-result-detail", args=[board_one.pk])
    assert client.get(detail, headers=table_auth(section, 2)).status_code == 404
    assert client.get(detail, headers=table_auth(section, 1)).status_code == 200
    enter(section, 1, *BOARD_ONE[2])
    two = client.get(url, headers=table_auth(section, 2)).json()
    assert sorted((line["board"], line["ns"]) for line in two) == [
        (1, "1NS"),
        (1, "2NS"),
        (1, "3NS"),
        (3, "2NS"),
    ]


def test_the_director_reads_every_line_through_the_api(director, section):
    enter_board_one(section, 1)
    url = reverse("api-section-results", args=[section.pk])
    lines = director.get(url).json()
    assert [(line["board"], line["score_ns"]) for line in lines] == [(1, 420)]


def test_the_workbook_is_refused_while_boards_are_in_play(director, section):
    """Refused while a board has some of its lines (a board nobody has
    played yet gives nothing away); the director downloads it at any time."""
    enter_board_one(section, 2)
    event = section.session.event
    url = reverse("results:excel", args=[event.pk])
    response = Client().get(url)
    assert response.status_code == 409
    assert "Boards are still in play" in response.content.decode()
    assert director.get(url).status_code == 200
    Section.objects.filter(pk=section.pk).update(
        traveller_privacy=Section.TravellerPrivacy.ALWAYS
    )
    assert Client().get(url).status_code == 200
    Section.objects.filter(pk=section.pk).update(
        traveller_privacy=Section.TravellerPrivacy.UNTIL_PLAYED
    )
    assert Client().get(url).status_code == 409
    enter(section, 1, *BOARD_ONE[2])
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")


def test_the_tablet_shows_the_traveller_so_far_to_a_table_that_played(client, section):
    enter(section, 1, *BOARD_ONE[1])
    code = section.table_set.get(number=1).code
    client.post("/table/", {"code": code})
    entry = {"level": "4", "denomination": "H", "doubled": "", "declarer": "N",
             "result": "=", "key": "k1", "save": "1"}  # fmt: skip
    client.post("/table/play/1/board/1/", entry)
    page = client.get("/table/play/1/board/1/")
    assert [(li.ns, li.ew, li.score) for li in page.context["traveller"]] == [
        ("1NS", "1EW", "420"),
        ("3NS", "2EW", "450"),
    ]
    # Board 3 is not this table's: guessing its address shows nothing.
    assert client.get("/table/play/1/board/3/").status_code == 404
    assert client.get("/table/play/2/board/1/").status_code in (403, 404)


def test_a_phantom_pair_does_not_block_a_board():
    """A 3-table Mitchell with a phantom pair: a board the phantom's table
    would play is complete without that line."""
    event = event_create(name="Odd night", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2, phantom=True),
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    movement = section_movement(section)
    phantom_seatings = [s for s in movement.seatings if movement.is_sit_out(s)]
    assert phantom_seatings
    number = phantom_seatings[0].boards[0]
    plays = [
        s
        for s in movement.seatings
        if number in s.boards and not movement.is_sit_out(s)
    ]
    assert len(plays) == 2
    assert number in incomplete_boards(section)
    for seating in plays:
        enter(
            section,
            number,
            seating.round,
            seating.table,
            movement.pair(seating.ns).label,
            movement.pair(seating.ew).label,
            10,
        )
    assert number not in incomplete_boards(section)
    assert Client().get(board_url(section, number)).status_code == 200


def test_hidden_boards_are_the_same_for_a_later_board_set(section):
    """A section numbered from board 7 hides boards 7-12 by their numbers."""
    other = mitchell_section(section.session, letter="B", first_board=7)
    assert incomplete_boards(other) == frozenset(range(7, 13))


def test_another_sections_tablet_and_the_public_read_no_line(client, section):
    enter_board_one(section, 3)
    other = mitchell_section(section.session, letter="B")
    url = reverse("api-section-results", args=[section.pk])
    assert client.get(url, headers=table_auth(other, 1)).status_code == 404
    assert Client().get(url).status_code == 404
    line = Result.objects.filter(board__section=section).first()
    detail = reverse("api-result-detail", args=[line.pk])
    assert client.get(detail, headers=table_auth(other, 1)).status_code == 404
    # Board 1 is complete: every table of the section reads it now.
    mine = client.get(url, headers=table_auth(section, 2)).json()
    assert sorted(row["ns"] for row in mine) == ["1NS", "2NS", "3NS"]


def test_bad_addresses_are_404_not_500(section):
    enter_board_one(section, 2)
    public = Client(raise_request_exception=False)
    huge = "9" * 25
    for url in (
        f"/sections/{section.pk}/boards/{huge}/",
        f"/sections/{huge}/boards/1/",
        f"/sections/{section.pk}/boards/99/",
        f"/sections/{section.pk}/pairs/{huge}/",
        f"/api/results/{huge}/",
    ):
        assert public.get(url).status_code == 404, url


def test_the_event_page_marks_the_boards_in_play(director, section):
    enter_board_one(section, 2)
    enter(section, 3, 1, 2, "2NS", "2EW", 10)
    url = reverse("results:event", args=[section.session.event_id])
    page = Client().get(url)
    ((_report, links),) = page.context["travellers"]
    assert links == [(1, True), (3, True)]
    html = page.content.decode()
    assert html.count('class="in-play"') == 2
    for number in (1, 3):
        board = reverse("results:board", args=[section.pk, number])
        assert f'<a href="{board}" class="in-play" title="In play: ' in html
        assert f">{number}</a>" in html
    assert director.get(url).context["travellers"][0][1] == [(1, False), (3, False)]
    enter(section, 1, *BOARD_ONE[2])
    ((_report, links),) = Client().get(url).context["travellers"]
    assert links == [(1, False), (3, True)]
