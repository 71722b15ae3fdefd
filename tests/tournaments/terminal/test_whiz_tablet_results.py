"""The Whiz tablet offers and takes only results that can happen (issue 22).

Whiz bids name the tricks (7 to 13), so on a contract of L tricks declarer
takes at most 13 - L over (+1 on 12, none on 13) and at most L under (-7 on
7).  The bid box greys the others out (``static/terminal.js``, told the
book is 0 by ``data-book``); the server refuses them with a 400 naming the
result, storing nothing.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from tablet_play import tablet_client
from whiz_play import whiz_by_form

from tournaments.models import Event, Section, WhizResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def tablet(director) -> Client:
    """Table 1's tablet of a 12-player Whiz, signed in."""
    section = Section.objects.get(session__event=whiz_by_form(director))
    return tablet_client(section)


def entry(level: str, result: str, **more: str) -> dict[str, str]:
    return {
        "level": level, "denomination": "S", "doubled": "", "declarer": "N",
        "result": result, "key": f"k-{level}{result}", "save": "1",
    } | more  # fmt: skip


def test_the_bid_box_knows_whiz_bids_name_the_tricks(tablet):
    page = tablet.get("/table/play/1/board/1/").content.decode()
    assert 'class="entry whiz" data-book="0"' in page
    assert "terminal.js" in page


@pytest.mark.parametrize(
    ("level", "result", "shown"),
    [
        ("12", "+2", "+2 is not possible in 12S."),  # 14 tricks
        ("13", "+1", "+1 is not possible in 13S."),
        ("7", "-8", "-8 is not possible in 7S."),  # -1 tricks
        ("10", "-11", "-11 is not possible in 10S."),
    ],
)
def test_an_impossible_result_is_a_400_naming_the_result(tablet, level, result, shown):
    response = tablet.post("/table/play/1/board/1/", entry(level, result))
    assert response.status_code == 400
    assert response.context["form"].errors == {"result": [shown]}
    assert shown in response.content.decode()
    assert not WhizResult.objects.exists()


@pytest.mark.parametrize(
    ("level", "result", "tricks"),
    [("12", "+1", 13), ("7", "-7", 0), ("13", "=", 13), ("13", "-13", 0)],
)
def test_the_extreme_possible_results_are_taken(tablet, level, result, tricks):
    response = tablet.post("/table/play/1/board/1/", entry(level, result))
    assert response.status_code == 302
    assert WhizResult.objects.get().tricks == tricks


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"level": "14"}, "level"),
        ({"level": "six"}, "level"),
        ({"result": "+x"}, "result"),
        ({"declarer": "W"}, "declarer"),
        ({"denomination": "Z"}, "denomination"),
    ],
)
def test_tampered_choices_are_a_400_naming_the_field(tablet, changes, field):
    """A hand-made POST (not the bid box): never a 500, never int('six')."""
    response = tablet.post("/table/play/1/board/1/", entry("10", "=") | changes)
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert not WhizResult.objects.exists()


def test_the_directors_traveller_refuses_an_impossible_result(director, tablet):
    """The director's board page too: "+2" on 12 tricks is a 400 on its row."""
    event = Event.objects.get()
    url = reverse("director:whiz-traveller", args=[event.pk, 1])
    data = {"c0": "12S", "d0": "N", "r0": "+2"}
    response = director.post(url, data)
    assert response.status_code == 400
    errors = response.context["rows"][0].errors
    assert errors == ["+2 is not possible in 12S."]
    assert not WhizResult.objects.exists()
