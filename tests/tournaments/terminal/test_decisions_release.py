"""A director's decision releases the table, and moving a table on never
pins it (issue 32, item 1).

Both failed on main: after "Keep as entered" the line stayed not agreed, so
table 4 stayed in round 1 and its round-2 board was refused (403, "Table 4
is playing round 1"); after "Move on → 2" with round 1 still open, the
table stayed in round 2 once round 2 was done (round 3 refused, 403).
"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse
from running_play import running_section
from tablet_play import tablet_client

from tournaments.models import Result, ResultChange, Section, Table
from tournaments.selectors.movement import section_movement
from tournaments.services.table_rounds import current_round, pairs_current_rounds

pytestmark = pytest.mark.django_db

ENTRY = {"level": "4", "denomination": "S", "doubled": "", "declarer": "N",
         "result": "=", "save": "1"}  # fmt: skip


@pytest.fixture
def seven_tables() -> Section:
    return running_section(7, phantom=True)


def boards_of(section: Section, table: int, round: int) -> list[int]:
    seating = section_movement(section).seating(round, table)
    return [n + section.first_board - 1 for n in seating.boards]


def enter(tablet: Client, round: int, board: int) -> Result:
    """The tablet saves 4S N = on ``board``: 302 to the board's page."""
    response = tablet.post(
        f"/table/play/{round}/board/{board}/", ENTRY | {"key": uuid.uuid4().hex}
    )
    assert response.status_code == 302, response.content.decode()[:400]
    return Result.objects.get(board__number=board, round__number=round)


def answer(tablet: Client, line: Result, verdict: str) -> None:
    url = f"/table/play/{line.round.number}/board/{line.board.number}/answer/"
    response = tablet.post(url, {"result": line.pk, "answer": verdict})
    assert response.status_code == 302


def play_round(tablet: Client, section: Section, round: int) -> None:
    """Table 4 enters both boards of ``round`` and E-W agree."""
    for board in boards_of(section, 4, round):
        answer(tablet, enter(tablet, round, board), "agree")


def test_keep_as_entered_lets_the_table_play_its_next_round(director, seven_tables):
    section = seven_tables
    tablet = tablet_client(section, 4)
    first, second = boards_of(section, 4, 1)
    answer(tablet, enter(tablet, 1, first), "agree")
    disputed = enter(tablet, 1, second)
    answer(tablet, disputed, "dispute")
    table = Table.objects.get(section=section, number=4)
    assert current_round(table) == 1
    # A round-2 board says so before the players fill it in.
    ahead = tablet.get(f"/table/play/2/board/{boards_of(section, 4, 2)[0]}/")
    assert ahead.status_code == 200
    assert ahead.context["errors"] == [
        "Table 4 is playing round 1: round 2 comes once round 1 is entered and "
        "agreed (or the director moves the table on)."
    ]

    kept = director.post(reverse("director:result-keep", args=[disputed.pk]))
    assert kept.status_code == 302

    disputed.refresh_from_db()
    assert (disputed.disputed, disputed.confirmed is not None) == (False, True)
    assert disputed.score_ns == 420
    actions = ResultChange.objects.filter(result=disputed).values_list(
        "action", flat=True
    )
    assert list(actions) == ["create", "dispute", "resolve"]
    assert current_round(table) == 2
    assert pairs_current_rounds(section)[4] == 2
    # The tablet says so on the board's page, then goes to round 2.
    page = tablet.get(f"/table/play/1/board/{second}/").content.decode()
    assert "Kept as entered by the director." in page
    assert "Confirmed by E-W." not in page
    assert tablet.get("/table/play/").context["item"].number == 2
    board_page = tablet.get(f"/table/play/2/board/{boards_of(section, 4, 2)[0]}/")
    assert board_page.context["errors"] == []
    stored = enter(tablet, 2, boards_of(section, 4, 2)[0])
    assert (stored.round.number, stored.table.number) == (2, 4)


def test_moving_a_table_on_never_pins_it(director, seven_tables):
    section = seven_tables
    tablet = tablet_client(section, 4)
    first, later = boards_of(section, 4, 1)
    answer(tablet, enter(tablet, 1, first), "dispute")  # round 1 stays open
    url = reverse("director:table-move", args=[section.pk, 4])
    assert director.post(url, {"round": 2}).status_code == 302
    table = Table.objects.get(section=section, number=4)
    assert current_round(table) == 2

    play_round(tablet, section, 2)

    table.refresh_from_db()
    assert current_round(table) == 3
    assert pairs_current_rounds(section)[4] == 3
    assert tablet.get("/table/play/").context["item"].number == 3
    stored = enter(tablet, 3, boards_of(section, 4, 3)[0])
    assert (stored.round.number, stored.table.number) == (3, 4)
    # Round 1 stays the director's: the tablet may not go back there.
    response = tablet.post(
        f"/table/play/1/board/{later}/", ENTRY | {"key": uuid.uuid4().hex}
    )
    assert response.status_code == 403
    assert not Result.objects.filter(board__number=later, round__number=1).exists()
