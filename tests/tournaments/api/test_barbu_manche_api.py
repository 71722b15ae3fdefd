"""Barbu manches over the API: compulsory doubles, deal order, trump, height.

Round 1, table 1 of a 4-player event: Ann N declares, Ben E, Cat S, Dan W.
"""

from __future__ import annotations

import pytest
from barbu_play import barbu_event_post
from django.urls import reverse

from tournaments.models import BarbuDeal

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan"]
RECORDS = {
    "barbu": {"king": "E"},
    "last-two": {"penultimate": "S", "last": "W"},
    "hearts": {"hearts": {"N": 3, "E": 6, "S": 2, "W": 2}, "ace": "E"},
    "queens": {"queens": {"N": 2, "S": 2}},
    "tricks": {"tricks": {"N": 5, "E": 4, "S": 3, "W": 1}},
    "trump": {"tricks": {"N": 4, "E": 3, "S": 3, "W": 3}},
    "reussite": {"order": ["E", "N", "W", "S"]},
}
CHOICES = {"trump": {"trump": "S"}, "reussite": {"height": "9"}}


@pytest.fixture
def section(api) -> int:
    response = barbu_event_post(api, NAMES)
    assert response.status_code == 201, response.json()
    return response.json()["section"]


def enter(api, section, contract, doubles=(), status=201, **extra):
    data = {"round": 1, "table": 1, "contract": contract}
    data |= {"record": RECORDS[contract], "doubles": [list(d) for d in doubles]}
    data |= CHOICES.get(contract, {}) | extra
    url = reverse("api-barbu-deals", args=[section])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def test_a_player_who_doubled_the_declarer_once_is_refused(api, section):
    # The issue: W (Dan) doubled the declarer once in the manche, and the
    # manche was accepted. E and S double N on Barbu and Queens, W on Barbu.
    both = [("E", "N", 1), ("S", "N", 1)]
    enter(api, section, "barbu", [*both, ("W", "N", 1)])
    enter(api, section, "last-two")
    enter(api, section, "hearts")
    enter(api, section, "queens", both)
    enter(api, section, "tricks")
    # Sixth deal, one left: W can still double N on it.
    enter(api, section, "trump")
    # Seventh without W's second double: refused, naming W and Dan.
    body = enter(api, section, "reussite", status=400)
    assert list(body) == ["doubles"]
    (message,) = body["doubles"]
    assert "W (Dan)" in message and "in 1 deal(s)" in message
    assert "at least 2 times" in message
    assert BarbuDeal.objects.count() == 6
    # With W's second double the manche is complete.
    enter(api, section, "reussite", [("W", "N", 1)])
    assert BarbuDeal.objects.count() == 7


def test_a_deal_after_which_doubles_cannot_be_made_is_refused_early(api, section):
    # Six deals without a double: after the sixth only one deal remains and
    # nobody can double N twice any more: all three are named.
    for contract in ("barbu", "last-two", "hearts", "queens", "tricks"):
        enter(api, section, contract)
    body = enter(api, section, "trump", status=400)
    assert [m.split(" ")[0] for m in body["doubles"]] == ["E", "S", "W"]
    assert BarbuDeal.objects.count() == 5


def test_a_correction_cannot_take_back_a_compulsory_double(api, section):
    everyone = [("E", "N", 1), ("S", "N", 1), ("W", "N", 1)]
    for contract in RECORDS:
        enter(api, section, contract, everyone if contract in CHOICES else ())
    body = enter(api, section, "trump", [("E", "N", 1), ("S", "N", 1)], status=400)
    assert "W (Dan)" in body["doubles"][0]
    assert BarbuDeal.objects.get(contract="trump").doubles == [
        ["E", "N", 1], ["S", "N", 1], ["W", "N", 1],
    ]  # fmt: skip


def test_a_redoubled_double_counts_and_the_declarer_may_not_double(api, section):
    # N redoubles W's double on Tricks: W -2 x 5 ... counts as W's double.
    # Tricks base N -10, E -8, S -6, W -2; W>N redoubled: W gains
    # 2 x (-2 - -10) = 16 on N: W +14, N -26.
    deal = enter(api, section, "tricks", [("W", "N", 2)])
    assert deal["points"] == {"N": -26, "E": -8, "S": -6, "W": 14}
    body = enter(api, section, "barbu", [("N", "E", 1)], status=400)
    assert "may not double" in body["doubles"][0]


def test_the_order_trump_and_height_are_stored_and_returned(api, section):
    deal = enter(api, section, "trump", order=6)
    assert (deal["order"], deal["trump"], deal["height"]) == (6, "S", "")
    # Without an order a deal takes the first number free: 1.
    deal = enter(api, section, "reussite", height="10")
    assert (deal["order"], deal["trump"], deal["height"]) == (1, "", "T")
    # A correction without an order keeps the deal's number.
    deal = enter(api, section, "reussite", height="J")
    assert (deal["order"], deal["height"]) == (1, "J")
    listed = api.get(reverse("api-barbu-deals", args=[section])).json()
    assert [(d["order"], d["contract"]) for d in listed] == [
        (1, "reussite"),
        (6, "trump"),
    ]


@pytest.mark.parametrize(
    ("contract", "extra", "field"),
    [
        ("trump", {"trump": ""}, "trump"),
        ("trump", {"trump": "X"}, "trump"),
        ("queens", {"trump": "S"}, "trump"),
        ("reussite", {"height": ""}, "height"),
        ("reussite", {"height": "C"}, "height"),
        ("barbu", {"height": "9"}, "height"),
        ("barbu", {"order": 8}, "order"),
        ("barbu", {"order": 0}, "order"),
    ],
)
def test_bad_choices_name_the_field_and_store_nothing(
    api, section, contract, extra, field
):
    body = enter(api, section, contract, status=400, **extra)
    assert list(body) == [field]
    assert not BarbuDeal.objects.exists()


def test_one_contract_per_deal_number(api, section):
    enter(api, section, "barbu", order=1)
    body = enter(api, section, "hearts", order=1, status=400)
    assert "already Barbu" in body["order"][0]
    assert list(BarbuDeal.objects.values_list("contract", flat=True)) == ["barbu"]


def test_a_manche_entered_before_the_numbers_stays_correctable(api, section):
    # A whole manche entered before issue 22: no numbers, no trump or height,
    # no doubles. Made here through the API, then stripped back to that shape.
    everyone = [("E", "N", 1), ("S", "N", 1), ("W", "N", 1)]
    for contract in RECORDS:
        enter(api, section, contract, everyone if contract in CHOICES else ())
    BarbuDeal.objects.update(order=None, trump="", height="", doubles=[])
    # The director corrects Trump (N took 5 tricks, W 2): accepted as it was
    # entered then, N 25 E 15 S 15 W 10.
    record = {"tricks": {"N": 5, "E": 3, "S": 3, "W": 2}}
    deal = enter(api, section, "trump", record=record, trump="")
    assert deal["points"] == {"N": 25, "E": 15, "S": 15, "W": 10}
    assert (deal["order"], deal["trump"]) == (None, "")
    # A bad trump is still refused.
    body = enter(api, section, "trump", record=record, trump="X", status=400)
    assert list(body) == ["trump"]


def test_the_number_of_compulsory_doubles_is_the_events(api):
    # An event of one compulsory double: W doubling N once is enough; with 0
    # no double is needed at all.
    for required, doubles, status in ((1, [("W", "N", 1)], 201), (0, [], 201)):
        made = barbu_event_post(
            api, NAMES, name=f"Barbu {required}", compulsory_doubles=required
        )
        assert made.status_code == 201, made.json()
        assert made.json()["compulsory_doubles"] == required
        section = made.json()["section"]
        both = [("E", "N", 1), ("S", "N", 1)] if required else []
        enter(api, section, "barbu", [*both, *doubles])
        for contract in list(RECORDS)[1:]:
            enter(api, section, contract, status=status)
    assert BarbuDeal.objects.count() == 14
    # With one required, a manche where W never doubles is refused on its
    # seventh deal, naming him.
    section = barbu_event_post(api, NAMES, name="Barbu once", compulsory_doubles=1)
    section = section.json()["section"]
    enter(api, section, "barbu", [("E", "N", 1), ("S", "N", 1)])
    for contract in list(RECORDS)[1:-1]:
        enter(api, section, contract)
    refused = enter(api, section, "reussite", status=400)
    assert (
        "W (Dan)" in refused["doubles"][0]
        and "at least 1 time a manche" in refused["doubles"][0]
    )


@pytest.mark.parametrize("bad", [-1, 8, "two"])
def test_a_bad_number_of_compulsory_doubles_is_refused(api, bad):
    made = barbu_event_post(api, NAMES, name="x", compulsory_doubles=bad)
    assert made.status_code == 400 and "compulsory_doubles" in made.json()
