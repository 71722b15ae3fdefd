"""What a phone shows: the scorecard names each opponent (pair number and
players), and the tablet prints contracts and leads with suit symbols (red
hearts and diamonds) wherever it printed letters, a weighted line included."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from games.weighted import WeightedPart
from tests.support.pairs_play import played_section
from tournaments.models import Event, Pair, Result, Section, Session, WhizResult
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_weighted
from tournaments.templatetags.bridge import lead_card, suits, suits_in

pytestmark = pytest.mark.django_db

NAMES = [
    "Anne Martin – Paul Durand",
    "Claire Petit – Louis Moreau",
    "Julie Roux – Marc Blanc",
    "Sophie Girard – Luc Bonnet",
    "Emma Lambert – Hugo Fontaine",
    "Léa Chevalier – Théo Mercier <b>",
]
HEARTS = '<span class="suit red">♥</span>'
SPADES = '<span class="suit black">♠</span>'


def _opponent_cells(page: str) -> list[str]:
    cells = re.findall(r'<td class="text opponents">(.*?)</td>', page, re.S)
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip() for cell in cells
    ]


def test_the_scorecard_names_each_opponent(client):
    event = event_create(name="Club night", date=dt.date(2026, 11, 24), published=True)
    section = played_section(event.sessions.get(), "A", NAMES)
    pair = Pair.objects.get(section=section, number=1, direction="NS")
    response = client.get(reverse("results:pair", args=[section.pk, pair.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    expected = [
        f"{row['opponents'].label} {row['opponents'].names}".replace("<b>", "&lt;b&gt;")
        for row in response.context["rows"]
    ]
    # Board by board 1NS meets 1EW, 3EW and 2EW: six rows, their names escaped.
    assert _opponent_cells(page) == expected
    assert [e.split(" ")[0] for e in expected] == [
        "1EW",
        "1EW",
        "3EW",
        "3EW",
        "2EW",
        "2EW",
    ]
    assert "Léa Chevalier – Théo Mercier &lt;b&gt;" in page
    assert "Mercier <b>" not in page


def test_an_opponent_without_names_shows_its_number(client):
    event = event_create(name="Club night", date=dt.date(2026, 11, 24), published=True)
    section = played_section(event.sessions.get(), "A", [""] * 6)
    pair = Pair.objects.get(section=section, number=2, direction="EW")
    response = client.get(reverse("results:pair", args=[section.pk, pair.pk]))
    cells = _opponent_cells(response.content.decode())
    assert cells == [row["opponents"].label for row in response.context["rows"]]
    assert set(cells) == {"1NS", "2NS", "3NS"}


def _sign_in(client: Client, section: Section, table: int = 1) -> None:
    code = section.table_set.get(number=table).code
    assert client.post("/table/", {"code": code}).status_code == 302


def _save(client: Client, number: int, **values: str):
    data = {"level": "4", "denomination": "H", "doubled": "X", "declarer": "E",
            "result": "-2", "lead_suit": "D", "lead_rank": "Q",
            "key": uuid.uuid4().hex, "save": "1"} | values  # fmt: skip
    return client.post(f"/table/play/1/board/{number}/", data)


def test_the_confirmation_prints_the_contract_and_lead_with_suits(client, section):
    """Board 1, none vulnerable: 4HX by East two down is +300 for NS."""
    _sign_in(client, section)
    assert _save(client, 1).status_code == 302
    page = client.get("/table/play/1/board/1/").content.decode()
    contract = re.search(r'<p class="contract">(.*?)</p>', page, re.S).group(1)
    assert contract == (f'4{HEARTS}X E -2 · lead <span class="suit red">♦</span>Q')
    assert "<strong>300</strong>" in page
    assert "4HX" not in page


def test_the_traveller_so_far_prints_suits(client, section):
    Section.objects.filter(pk=section.pk).update(show_traveller=True)
    _sign_in(client, section)
    assert (
        _save(
            client, 1, denomination="S", doubled="", declarer="N", result="="
        ).status_code
        == 302
    )
    page = client.get("/table/play/1/board/1/").content.decode()
    traveller = page[page.index('class="traveller"') :]
    assert f'<td class="text">4{SPADES}</td><td class="text">N</td>' in traveller


def test_a_weighted_line_shows_as_such_on_the_tablet(client, section):
    """It used to read "Passed out" (a weighted line has no contract)."""
    board = section.boards.get(number=1)
    ns = Pair.objects.get(section=section, number=1, direction="NS")
    ew = Pair.objects.get(section=section, number=1, direction="EW")
    result_weighted(
        board=board, ns_pair=ns, ew_pair=ew,
        parts=[WeightedPart(70, "4S", "N", 10), WeightedPart(30, "4S", "N", 11)],
        round=section.round_set.get(number=1), table=section.table_set.get(number=1),
    )  # fmt: skip
    _sign_in(client, section)
    page = client.get("/table/play/1/board/1/").content.decode()
    # What the page shows (the queue's words for the device's JS follow it).
    page = page[: page.index('id="queue-text"')]
    assert "Passed out" not in page
    assert f"Weighted score: 70% 4{SPADES} N =; 30% 4{SPADES} N +1" in page
    assert "<strong>429</strong>" in page  # 0.7 x 420 + 0.3 x 450


def test_the_whiz_confirmation_prints_suits(director):
    form = {"name": "Whiz Monday", "date": "2026-11-23", "mark": "standard",
            "boards_per_round": "2", "rounds": "",
            "players": "\n".join(f"Player {n}" for n in range(1, 13))}  # fmt: skip
    assert director.post(reverse("director:whiz-event-new"), form).status_code == 302
    section = Section.objects.get(session__event=Event.objects.get())
    tablet = Client()
    _sign_in(tablet, section)
    entry = {"level": "10", "denomination": "D", "doubled": "", "declarer": "N",
             "result": "+1", "key": "k1", "save": "1"}  # fmt: skip
    assert tablet.post("/table/play/1/board/1/", entry).status_code == 302
    assert WhizResult.objects.get().contract == "10D"
    page = tablet.get("/table/play/1/board/1/").content.decode()
    assert '<p class="contract">10<span class="suit red">♦</span> N ·' in page
    board_page = tablet.get("/table/play/1/board/2/").content.decode()
    assert 'class="save-bar"' in board_page and 'class="entry whiz"' in board_page


def test_the_entry_page_keeps_save_and_the_score_in_the_bar(client, section):
    _sign_in(client, section)
    page = client.get("/table/play/1/board/1/").content.decode()
    start = page.index('<div class="save-bar">')
    bar = page[start : page.index("</form>", start)]
    assert 'id="score"' in bar and 'name="save"' in bar


@pytest.mark.parametrize(
    ("filtered", "shown"),
    [
        (suits("4HX"), f"4{HEARTS}X"),
        (suits("3NT"), "3NT"),
        (suits("Pass"), "Pass"),
        (lead_card("HQ"), '<span class="suit red">♥</span>Q'),
        (lead_card("ST"), '<span class="suit black">♠</span>T'),
        (lead_card(""), ""),
        (suits_in("70% 4S N =; 30% 4HXX N -1"),
         f"70% 4{SPADES} N =; 30% 4{HEARTS}XX N -1"),
        (suits_in("60% 3NT S -1; 40% Pass"), "60% 3NT S -1; 40% Pass"),
        (suits_in("10% +450; 90% 2C E ="),
         '10% +450; 90% 2<span class="suit black">♣</span> E ='),
        (suits_in("13S 8D"), f'13{SPADES} 8<span class="suit red">♦</span>'),  # Whiz
        (suits_in("<script>4S</script>"), f"&lt;script&gt;4{SPADES}&lt;/script&gt;"),
        (suits_in("AS 4SS 44S"), "AS 4SS 44S"),  # no contract there
    ],
)  # fmt: skip
def test_the_suit_filters(filtered, shown):
    assert str(filtered) == shown


def test_the_bridgeote_confirmation_prints_suits(client):
    """80 in hearts by West: "80♥" on the tablet, hearts in red."""
    event = event_create(
        name="Bridgeote", date=dt.date(2026, 11, 24), game=Event.Game.BRIDGEOTE
    )
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    _sign_in(client, section)
    entry = {"bid": "80", "strain": "H", "doubled": "", "declarer": "W",
             "points": "90", "taker_announced": "0", "defence_announced": "0",
             "key": "k1", "save": "1"}  # fmt: skip
    saved = client.post("/table/play/1/board/1/", entry)
    assert saved.status_code == 302, saved.content.decode()[-2000:]
    assert Result.objects.get().contract == "80H"
    page = client.get("/table/play/1/board/1/").content.decode()
    assert f'<p class="contract">80{HEARTS} W 90 card points' in page
