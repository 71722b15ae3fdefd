"""Whiz pages: the director's form, board entry, table cards, the terminal,
the public ranking, travellers, scorecards and the workbook."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from tablet_play import tablet_client
from whiz_play import WHIZ_FORM, whiz_by_form

from tournaments.models import Board, Event, Section, WhizResult, WhizScore

pytestmark = pytest.mark.django_db


@pytest.fixture
def whiz(director) -> Event:
    return whiz_by_form(director)


def test_the_form_seats_twelve_players_at_four_tables(director, whiz):
    section = Section.objects.get(session__event=whiz)
    assert (whiz.kind, whiz.whiz_mark, whiz.whiz_exact) == ("whiz", "standard", False)
    assert (section.tables, section.rounds, section.boards.count()) == (4, 4, 8)
    page = director.get(reverse("director:event", args=[whiz.pk])).content.decode()
    assert "Player 12" in page and "Domy: West" in page


def test_a_bad_form_is_a_400_naming_the_field(director):
    data = WHIZ_FORM | {"players": "Ann\nBob\nCyd"}
    response = director.post(reverse("director:whiz-event-new"), data)
    assert response.status_code == 400
    assert "players" in response.context["form"].errors
    assert not Event.objects.exists()


def test_the_director_types_a_board_with_an_adjusted_table(
    director, whiz, django_capture_on_commit_callbacks
):
    url = reverse("director:whiz-traveller", args=[whiz.pk, 1])
    rows = director.get(url).context["rows"]
    assert [row.table for row in rows] == [1, 2, 3, 4]
    data = {
        "c0": "10S", "d0": "N", "r0": "=",
        "c1": "10S", "d1": "N", "r1": "+1",
        "c2": "A+/A/A-",
        "c3": "9H", "d3": "E", "r3": "8",
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, data).status_code == 302
    lines = {r.table.number: r for r in WhizResult.objects.select_related("table")}
    assert (lines[1].points_n, lines[2].points_n) == (20, 22)
    assert (lines[3].adjusted_n, lines[3].adjusted_e, lines[3].adjusted_s) == (
        "A+",
        "A",
        "A-",
    )
    assert (lines[4].points_n, lines[4].points_e, lines[4].points_s) == (5, 0, 5)
    # Adjusted table 3 takes no part; it gets 60/50/40 % of the top 6.
    assert (lines[3].mp_n, lines[3].mp_e, lines[3].mp_s) == (3.6, 3.0, 2.4)
    # N among the three real scores 20, 22, 5, factored up to 4 tables
    # (Neuberg): 22 -> (4 + 1) * 4/3 - 1 = 5.67.
    assert lines[2].mp_n == pytest.approx(17 / 3)


def test_a_wrong_board_keeps_nothing_and_names_the_row(director, whiz):
    url = reverse("director:whiz-traveller", args=[whiz.pk, 1])
    data = {"c0": "10S", "d0": "N", "r0": "=", "c1": "6S", "d1": "N", "r1": "="}
    response = director.post(url, data)
    assert response.status_code == 400
    assert response.context["rows"][1].errors
    assert not WhizResult.objects.exists()


def test_table_cards_show_the_three_players_each_round(director, whiz):
    page = director.get(reverse("director:whiz-cards", args=[whiz.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="guide-card table-card"') == 4
    assert "Player 1" in html and "Tablet sign-in code" in html


def test_the_terminal_enters_a_board_and_the_other_two_agree(whiz):
    section = Section.objects.get(session__event=whiz)
    tablet = tablet_client(section)
    page = tablet.get("/table/play/").content.decode()
    assert "Player 1" in page and "Player 2" in page and "Player 3" in page
    entry = {
        "level": "10", "denomination": "S", "doubled": "", "declarer": "N",
        "result": "+1", "key": "k1",
    }  # fmt: skip
    check = tablet.post("/table/play/1/board/1/", entry | {"check": "1"})
    assert check.status_code == 200 and "22" in check.content.decode()
    assert not WhizResult.objects.exists()
    saved = tablet.post("/table/play/1/board/1/", entry | {"save": "1"})
    assert saved.status_code == 302
    line = WhizResult.objects.get()
    assert (line.contract, line.declarer, line.tricks, line.points_n) == (
        "10S",
        "N",
        11,
        22,
    )
    tablet.post("/table/play/1/board/1/answer/", {"answer": "agree", "result": line.pk})
    line.refresh_from_db()
    assert line.confirmed is not None
    shown = tablet.get("/table/play/1/board/1/").content.decode()
    assert "Confirmed by the other two players." in shown


def test_public_pages_and_the_workbook(
    director, whiz, django_capture_on_commit_callbacks
):
    url = reverse("director:whiz-traveller", args=[whiz.pk, 1])
    data = {"c0": "10S", "d0": "N", "r0": "=", "c1": "9H", "d1": "E", "r1": "-1"}
    with django_capture_on_commit_callbacks(execute=True):
        director.post(url, data)
    Event.objects.filter(pk=whiz.pk).update(published=True)
    public = Client()
    page = public.get(reverse("results:event", args=[whiz.pk])).content.decode()
    assert "Ranking" in page and "Player 1" in page
    board = public.get(reverse("results:whiz-board", args=[whiz.pk, 1]))
    spade = '10<span class="suit black">♠</span>'
    assert board.status_code == 200 and spade in board.content.decode()
    score = WhizScore.objects.select_related("entrant").first()
    card = public.get(reverse("results:whiz-player", args=[whiz.pk, score.entrant.pk]))
    assert card.status_code == 200
    response = public.get(reverse("results:excel", args=[whiz.pk]))
    workbook = load_workbook(BytesIO(response.content))
    assert workbook.sheetnames[:2] == ["Ranking", "Travellers"]
    assert len(workbook.sheetnames) == 2 + 12
    travellers = list(workbook["Travellers"].iter_rows(values_only=True))
    assert travellers[1][:6] == (1, 1, 1, "10S", "N", 10)
    ranking = list(workbook["Ranking"].iter_rows(values_only=True))
    assert ranking[0][:5] == ("Rank", "Tied", "Player", "Name", "MP")
    assert len(ranking) == 1 + WhizScore.objects.count()
    # Each place is a number, "=" beside it when shared, as the page prints it.
    stored = {s.entrant.label: s.rank for s in WhizScore.objects.all()}
    assert {row[2]: f"{row[0]}{row[1] or ''}" for row in ranking[1:]} == stored
    assert all(type(row[0]) is int and row[1] in (None, "=") for row in ranking[1:])
    # Eight players did not play the one board entered: they share a place.
    assert sum(row[1] == "=" for row in ranking[1:]) >= 2
    assert workbook["Ranking"]["G2"].number_format == "0.00%"
    card_sheet = workbook[workbook.sheetnames[2]]
    card_rows = list(card_sheet.iter_rows(values_only=True))
    assert card_rows[0][:3] == ("Board", "Table", "Hand")
    assert len(card_rows) > 1 and card_sheet["I1"].value == "Top"


def test_hand_records_show_on_the_whiz_traveller_once_published(
    director, whiz, data_dir
):
    """The director uploads a dealer program's deals on the Whiz page; each
    board's traveller shows the four hands (West the Domy) to the public only
    once the results are published, and no bridge par."""
    assert (
        reverse("director:hand-records-import", args=[whiz.pk])
        in director.get(reverse("director:event", args=[whiz.pk])).content.decode()
    )
    data = (data_dir / "pbn" / "newtonbridge_20160120_1.pbn").read_bytes()
    response = director.post(
        reverse("director:hand-records-import", args=[whiz.pk]),
        {"file": SimpleUploadedFile("newton.pbn", data)},
    )
    assert response.status_code == 302
    board = Board.objects.get(section__session__event=whiz, number=1)
    assert board.deal.startswith("N:A97653.94.AT5.A8")
    url = reverse("results:whiz-board", args=[whiz.pk, 1])
    assert director.get(url).context["record"].par == ""
    public = Client()
    assert public.get(url).context["record"] is None
    Event.objects.filter(pk=whiz.pk).update(published=True)
    page = public.get(url)
    assert page.context["record"].hands["N"][0] == ("♠", "A97653")
    assert "The deal" in page.content.decode()


def test_every_change_of_a_whiz_board_is_kept(director, whiz):
    """Entered, then corrected, then an unchanged save: two changes, newest
    first, with the players, the contract and the three players' points."""
    url = reverse("director:whiz-traveller", args=[whiz.pk, 1])
    director.post(url, {"c0": "10S", "d0": "N", "r0": "="})
    director.post(url, {"c0": "10S", "d0": "N", "r0": "+1"})
    director.post(url, {"c0": "10S", "d0": "N", "r0": "+1"})
    changes = director.get(url).context["changes"]
    assert [change.action for change in changes] == ["corrected", "entered"]
    assert changes[0].before.endswith("10S by N, 10 tricks: 20/0/0")
    assert changes[0].after.endswith("10S by N, 11 tricks: 22/0/0")
    assert changes[1].before == "—"
    assert changes[0].who == "td"


def test_a_second_tablet_entry_is_refused_and_recorded(director, whiz):
    director.post(
        reverse("director:whiz-traveller", args=[whiz.pk, 1]),
        {"c0": "10S", "d0": "N", "r0": "="},
    )
    section = Section.objects.get(session__event=whiz)
    board = section.boards.get(number=1)
    from django.core.exceptions import ValidationError

    from tournaments.whiz.services import whiz_result_submit

    with pytest.raises(ValidationError):
        whiz_result_submit(
            board=board, table=section.table_set.get(number=1), contract="9S",
            declarer="N", tricks=9, source="table",
        )  # fmt: skip
    assert list(board.changes.values_list("action", flat=True).order_by("id")) == [
        "create",
        "refuse",
    ]
    assert WhizResult.objects.get().disputed


def test_the_whiz_notes_read_in_french(director, whiz):
    """The movement's notes, sentence pieces included, in the reader's language."""
    url = reverse("director:whiz-cards", args=[whiz.pk])
    english = director.get(url, HTTP_ACCEPT_LANGUAGE="en").context["notes"]
    page = director.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Les joueurs N restent à leur table" in page
    assert "Les étuis descendent d&#x27;une table (de la table 1 à la table 4)" in page
    moves = [note for note in english if note.startswith(("E players", "S players"))]
    assert len(moves) == 2
    assert "E players" not in page and "Les joueurs E" in page
