"""Bridgeote deals entered as the rule book allows: announcements and the preview.

The rule book (« Compte des points », « Jeu de la carte ») gives a Belote
(K-Q, 20) or a Bridgeote (K-Q-B, 30) in the trump suit, in every suit at Tout
Atout (TA), none at Sans Atout (SA). So one side announces 0, 20 or 30 in a
colour, nothing at SA, and at TA any sum of up to four suits: 70 is two
Belotes and a Bridgeote (20 + 20 + 30), 120 four Bridgeotes.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from section_play import bridgeote_post, bridgeote_section

from tournaments.models import Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return bridgeote_section()


LINE = {"board": 1, "ns": "1NS", "ew": "1EW", "declarer": "N"}


def test_a_tout_atout_hand_with_two_belotes_and_a_bridgeote_is_70(api, section):
    """100TA by N, 120 card points, 70 announced (20 + 20 + 30).

    Target 100 + 50 = 150; 120 + 70 = 190 >= 150: made. NS take the contract,
    150; EW their cards, 260 - 120 = 140. NS net 150 - 140 = +10.
    """
    body = bridgeote_post(
        api,
        section,
        LINE | {"contract": "100TA", "points": 120, "taker_announcements": 70},
    )
    assert body["score_ns"] == 10
    line = Result.objects.get()
    assert (line.taker_announced, line.defence_announced, line.score_ns) == (70, 0, 10)


def test_four_bridgeotes_at_tout_atout_make_a_contract_the_cards_alone_miss(
    api, section
):
    """160TA by N with 90 card points and 120 announced (4 x 30).

    Target 160 + 50 = 210; 90 + 120 = 210: made, NS 210; EW 260 - 90 = 170.
    NS net +40. Without the announcements the takers would be down.
    """
    body = bridgeote_post(
        api,
        section,
        LINE | {"contract": "160TA", "points": 90, "taker_announcements": 120},
    )
    assert body["score_ns"] == 40


@pytest.mark.parametrize(
    ("contract", "taker", "defence", "field"),
    [
        ("80H", 40, 0, "taker_announcements"),  # one trump suit: 20 or 30
        ("80H", 50, 0, "taker_announcements"),  # what the old tablet offered
        ("80H", 30, 20, "defence_announcements"),  # one K-Q of trumps, not two
        ("80SA", 20, 0, "taker_announcements"),  # no Belote at SA
        ("80SA", 0, 30, "defence_announcements"),
        ("80TA", 130, 0, "taker_announcements"),  # more than four Bridgeotes
        ("80TA", 10, 0, "taker_announcements"),  # no sum of 20s and 30s
        ("80TA", 0, 25, "defence_announcements"),
        # 70 is three suits, 60 at least two: five suits in a four-suit pack.
        ("80TA", 70, 60, "defence_announcements"),
    ],
)
def test_impossible_announcements_are_refused_naming_the_side(
    api, section, contract, taker, defence, field
):
    line = LINE | {
        "contract": contract,
        "points": 100,
        "taker_announcements": taker,
        "defence_announcements": defence,
    }
    body = bridgeote_post(api, section, line, status=400)
    assert list(body) == [field]
    assert not Result.objects.exists()


def test_negative_announcements_are_refused_by_the_api(api, section):
    line = LINE | {"contract": "80TA", "points": 100, "taker_announcements": -20}
    assert "taker_announcements" in bridgeote_post(api, section, line, status=400)
    assert not Result.objects.exists()


@pytest.fixture
def tablet(section):
    client = Client()
    code = section.table_set.get(number=1).code
    assert client.post("/table/", {"code": code}).status_code == 302
    return client


ENTRY = {
    "bid": "100", "strain": "TA", "doubled": "", "declarer": "N", "points": "120",
    "taker_announced": "70", "defence_announced": "0", "key": "k1",
}  # fmt: skip
BOARD = "/table/play/1/board/1/"


def test_the_tablet_offers_announcements_up_to_120(tablet):
    page = tablet.get(BOARD).content.decode()
    for points in (70, 90, 120):
        assert f'name="taker_announced" value="{points}"' in page
    assert 'name="taker_announced" value="130"' not in page


def test_the_tablet_saves_the_70_at_tout_atout(tablet):
    assert tablet.post(BOARD, ENTRY | {"save": "1"}).status_code == 302
    line = Result.objects.get()
    assert (line.contract, line.taker_announced, line.score_ns) == ("100TA", 70, 10)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"strain": "H", "taker_announced": "40"}, "taker_announced"),
        ({"strain": "SA", "defence_announced": "20", "taker_announced": "0"},
         "defence_announced"),
        ({"taker_announced": "70", "defence_announced": "60"}, "defence_announced"),
        ({"taker_announced": "130"}, "taker_announced"),
    ],
)  # fmt: skip
def test_the_tablet_refuses_impossible_announcements_on_their_field(
    tablet, change, field
):
    response = tablet.post(BOARD, ENTRY | change | {"save": "1"})
    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == [field]
    assert not Result.objects.exists()


def test_the_tablet_shows_each_sides_points_before_saving(tablet):
    """100TA by N, 120 card points, 70 announced: NS 150, EW 140 (see above).

    The check saves nothing; the form keeps what was chosen."""
    response = tablet.post(BOARD, ENTRY | {"check": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "100 TA by N: NS 150 points, EW 140 points" in page
    assert response.context["form"]["taker_announced"].value() == "70"
    assert not Result.objects.exists()


def test_the_preview_of_a_failed_contract_gives_the_defence_the_deal(tablet):
    """120H by E (EW take), 100 card points, NS announce a Belote (20).

    Target 120; 100 < 120: down. EW 0; NS 160 + 20 = 180."""
    entry = ENTRY | {
        "bid": "120",
        "strain": "H",
        "declarer": "E",
        "points": "100",
        "taker_announced": "0",
        "defence_announced": "20",
        "check": "1",
    }
    page = tablet.post(BOARD, entry).content.decode()
    assert (
        '120 <span class="suit red">♥</span> by E: NS 180 points, EW 0 points' in page
    )
    assert not Result.objects.exists()


def test_the_preview_refuses_what_the_save_refuses(tablet):
    """161 card points in a colour: the pack holds 160. Named, no marks."""
    entry = ENTRY | {"strain": "H", "points": "161", "taker_announced": "0"}
    response = tablet.post(BOARD, entry | {"check": "1"})
    assert response.status_code == 400
    assert response.context["marks"] is None
    assert "expected a whole number 0 to 160" in response.content.decode()
    assert not Result.objects.exists()


def test_the_preview_reads_a_capot_and_the_saved_line_too(tablet):
    """CAPOT ♠ by N, every trick (160 card points), a Bridgeote (30): a capot
    bid made is worth 250; EW hold no card: 0."""
    entry = ENTRY | {"bid": "CAPOT", "strain": "S", "points": "160",
                     "taker_announced": "30", "capot": "on"}  # fmt: skip
    page = tablet.post(BOARD, entry | {"check": "1"}).content.decode()
    assert (
        'Capot <span class="suit black">♠</span> by N: NS 250 points, EW 0 points'
        in page
    )
    assert tablet.post(BOARD, entry | {"save": "1"}).status_code == 302
    shown = tablet.get(BOARD).content.decode()
    assert 'Capot <span class="suit black">♠</span> N' in shown
    assert "CAPOTS" not in shown and "160 card points" in shown


def test_the_director_types_announcements_as_the_book_allows(director, section):
    """Row 1: 100 TA by N, 120 card points, "70" announced: saved, net +10
    (NS 150, EW 140). Row 2: 80 ♥ by N with "40": refused, the whole board
    unsaved, the message naming what a side may announce."""
    url = reverse("director:traveller", args=[section.pk, 1])
    rows = director.get(url).context["rows"]
    first, second = rows[0].index, rows[1].index
    data = {
        f"c{first}": "100TA", f"d{first}": "N", f"r{first}": "120", f"l{first}": "70",
        f"c{second}": "80H", f"d{second}": "N", f"r{second}": "100",
        f"l{second}": "40",
    }  # fmt: skip
    response = director.post(url, data)
    assert response.status_code == 400
    assert response.context["rows"][1].errors == [
        "At H one side announces 0, 20, 30, not 40."
    ]
    assert not Result.objects.exists()
    data[f"l{second}"] = "0/20"
    assert director.post(url, data).status_code == 302
    scores = sorted(Result.objects.values_list("contract", "score_ns"))
    # 80 ♥ by N, 100 card points, EW's Belote 20: NS 80, EW 60 + 20 = 80: 0.
    assert scores == [("100TA", 10), ("80H", 0)]
