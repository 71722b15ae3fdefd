"""The table terminal: sign in with the table's code, enter and confirm results."""

from __future__ import annotations

import logging
import uuid

import pytest
from django.urls import reverse

from tests.tournaments.conftest import mitchell_section
from tournaments.models import Result, Section, Session
from tournaments.services.table_rounds import table_move_on

pytestmark = pytest.mark.django_db

SIGN_IN = "/table/"
PLAY = "/table/play/"


def test_terminal_is_served_under_table():
    assert reverse("terminal:sign-in") == SIGN_IN


def _sign_in(client, section: Section, table: int = 1):
    code = section.table_set.get(number=table).code
    return client.post(SIGN_IN, {"code": code})


def _entry(**values: str) -> dict[str, str]:
    data = {
        "level": "4",
        "denomination": "S",
        "doubled": "",
        "declarer": "N",
        "result": "=",
        "key": uuid.uuid4().hex,
        "save": "1",
    }
    data.update(values)
    return data


def _board_url(round: int, number: int) -> str:
    return f"/table/play/{round}/board/{number}/"


def test_a_right_code_in_any_case_with_spaces_signs_in(client, section):
    code = section.table_set.get(number=2).code
    typed = f" {code[:3].lower()} {code[3:]} "
    response = client.post(SIGN_IN, {"code": typed})
    assert response.status_code == 302
    assert response["Location"] == PLAY
    assert "table_token" in client.session
    page = client.get(PLAY)
    assert page.status_code == 200
    assert page.context["table"].number == 2
    assert page.context["item"].number == 1
    assert "2NS" in page.content.decode()


def test_without_a_token_the_terminal_sends_back_to_sign_in(client, section):
    for response in (
        client.get(PLAY),
        client.post(_board_url(1, 1), _entry()),
    ):
        assert response.status_code == 302
        assert response["Location"] == SIGN_IN
    assert not Result.objects.exists()


def test_sign_out_forgets_the_table(client, section):
    _sign_in(client, section)
    response = client.post("/table/sign-out/")
    assert response.status_code == 302
    assert "table_token" not in client.session
    assert client.get(PLAY).status_code == 302


def test_a_section_not_playing_cannot_sign_in(client, section):
    Session.objects.filter(pk=section.session_id).update(status="setup")
    response = _sign_in(client, section)
    assert response.status_code == 400
    assert "not being played now" in response.content.decode()
    assert "table_token" not in client.session


class ListHandler(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_five_wrong_codes_then_429_even_with_the_right_code(client, section):
    handler = ListHandler()
    logger = logging.getLogger("donne.terminal")
    logger.addHandler(handler)
    try:
        for _ in range(5):
            response = client.post(SIGN_IN, {"code": "WRONG1"})
            assert response.status_code == 400
            assert "no table with this code" in response.content.decode()
    finally:
        logger.removeHandler(handler)
    assert len(handler.messages) == 5
    assert "127.0.0.1" in handler.messages[0]
    response = _sign_in(client, section)
    assert response.status_code == 429
    assert "Too many wrong codes" in response.content.decode()
    assert "table_token" not in client.session


def test_the_round_shows_pairs_boards_and_the_round_picker(client, section):
    pair = section.pairs.get(number=1, direction="EW")
    pair.names = "Ann Smith - Bob Jones"
    pair.save()
    _sign_in(client, section)
    page = client.get(PLAY).content.decode()
    assert "1NS" in page and "1EW" in page and "Ann Smith - Bob Jones" in page
    assert _board_url(1, 1) in page and _board_url(1, 2) in page
    assert 'href="?round=3"' in page
    later = client.get(PLAY, {"round": 2})
    assert later.context["item"].ew.label == "3EW"
    assert client.get(PLAY, {"round": 9}).status_code == 404


def test_the_entry_form_is_a_bid_box_with_a_key(client, section):
    _sign_in(client, section)
    page = client.get(_board_url(1, 1)).content.decode()
    for value in ("7", "NT", "XX", "W", "+6", "-13", "pass"):
        assert 'type="radio" name="' in page and f'value="{value}"' in page
    assert 'name="key"' in page
    # The score is shown by the tablet itself (static/bridge_score.js), from
    # the board's own vulnerability, with or without a server.
    assert 'data-vulnerability="None"' in page and "bridge_score.js" in page


def test_check_shows_the_score_without_saving(client, section):
    _sign_in(client, section)
    data = _entry(level="3", denomination="NT", result="+1")
    del data["save"]
    data["check"] = "1"
    response = client.post(_board_url(1, 1), data)
    assert response.status_code == 200
    assert response.context["score"] == 430
    assert not Result.objects.exists()


def test_saving_stores_the_line_from_the_table(client, section):
    _sign_in(client, section)
    response = client.post(_board_url(1, 1), _entry(lead_suit="H", lead_rank="K"))
    assert response.status_code == 302
    assert response["Location"] == _board_url(1, 1)
    result = Result.objects.get()
    assert (result.contract, result.declarer, result.tricks) == ("4S", "N", 10)
    assert (result.source, result.lead, result.score_ns) == ("table", "HK", 420)
    assert (result.table.number, result.round.number) == (1, 1)
    page = client.get(_board_url(1, 1)).content.decode()
    assert '4<span class="suit black">♠</span> N =' in page  # the opponents read 4♠
    assert "420" in page and 'value="agree"' in page
    assert '<span class="suit red">♥</span>K' in page  # the lead, hearts in red


def test_a_double_submission_with_the_same_key_stores_one_result(client, section):
    _sign_in(client, section)
    data = _entry()
    assert client.post(_board_url(1, 1), data).status_code == 302
    assert client.post(_board_url(1, 1), data).status_code == 302
    assert Result.objects.count() == 1


def test_a_different_second_entry_is_refused_and_flagged(client, section):
    _sign_in(client, section)
    client.post(_board_url(1, 1), _entry())
    response = client.post(_board_url(1, 1), _entry(result="-1"))
    assert response.status_code == 409
    assert "only the director can change it now" in response.content.decode()
    result = Result.objects.get()
    assert result.disputed and result.tricks == 10


def test_a_table_cannot_post_another_tables_board(client, section):
    _sign_in(client, section)
    response = client.post(_board_url(1, 3), _entry())
    assert response.status_code == 400
    assert (
        "In this movement 1NS and 1EW do not play board 3 at table 1 in round 1."
        in response.content.decode()
    )
    assert not Result.objects.exists()


def test_a_table_cannot_post_a_board_of_another_round(client, section):
    _sign_in(client, section)
    response = client.post(_board_url(2, 1), _entry())
    assert response.status_code == 400
    assert (
        "In this movement 1NS and 3EW do not play board 1 at table 1 in round 2."
        in response.content.decode()
    )
    assert client.post(_board_url(4, 1), _entry()).status_code == 404
    assert not Result.objects.exists()


def test_a_table_cannot_reach_another_section(client, section):
    other = mitchell_section(section.session, letter="B", first_board=7)
    _sign_in(client, section)
    assert client.post(_board_url(1, 7), _entry()).status_code == 404
    assert client.get(_board_url(1, 7)).status_code == 404
    assert not Result.objects.exists()
    client.post("/table/sign-out/")
    _sign_in(client, other)
    client.post(_board_url(1, 7), _entry())
    theirs = Result.objects.get()
    assert theirs.board.section == other
    client.post("/table/sign-out/")
    _sign_in(client, section)
    answer = {"answer": "agree", "result": theirs.pk}
    response = client.post(_board_url(1, 7) + "answer/", answer)
    assert response.status_code == 404
    response = client.post(_board_url(1, 1) + "answer/", answer)
    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.confirmed is None


def test_ew_agree_sets_confirmed(client, section):
    _sign_in(client, section)
    client.post(_board_url(1, 1), _entry())
    result = Result.objects.get()
    response = client.post(
        _board_url(1, 1) + "answer/", {"answer": "agree", "result": result.pk}
    )
    assert response.status_code == 302
    result.refresh_from_db()
    assert result.confirmed is not None and not result.disputed
    page = client.get(_board_url(1, 1)).content.decode()
    assert "Confirmed by E-W." in page
    assert client.get(PLAY, {"round": 1}).context["item"].boards[0].state == (
        "confirmed"
    )


def test_not_agreed_calls_the_director(client, section):
    _sign_in(client, section)
    client.post(_board_url(1, 1), _entry())
    result = Result.objects.get()
    client.post(
        _board_url(1, 1) + "answer/", {"answer": "dispute", "result": result.pk}
    )
    result.refresh_from_db()
    assert result.disputed and result.confirmed is None


def test_the_traveller_shows_after_saving_when_the_section_allows(client, section):
    # Table 3 plays board 1 in round 2: the director moves it on to round 2.
    table_move_on(section.table_set.get(number=3), 2)
    _sign_in(client, section, table=3)
    client.post(_board_url(2, 1), _entry(level="3", denomination="NT"))
    client.post("/table/sign-out/")
    _sign_in(client, section)
    client.post(_board_url(1, 1), _entry())
    page = client.get(_board_url(1, 1))
    lines = page.context["traveller"]
    assert [(li.ns, li.ew, li.score) for li in lines] == [
        ("1NS", "1EW", "420"),
        ("3NS", "2EW", "400"),
    ]
    Section.objects.filter(pk=section.pk).update(show_traveller=False)
    assert client.get(_board_url(1, 1)).context["traveller"] is None


def test_after_the_last_board_the_page_says_where_pairs_and_boards_go(client, section):
    _sign_in(client, section)
    first = client.post(_board_url(1, 1), _entry(), follow=True).content.decode()
    assert "1EW: table 2" not in first
    last = client.post(_board_url(1, 2), _entry(), follow=True).content.decode()
    for line in ("1NS: table 1", "1EW: table 2", "Boards 1-2: table 3"):
        assert f"<li>{line}</li>" in last
    # The table stays in round 1 until E-W agree with both lines.
    assert client.get(PLAY).context["item"].number == 1
    for result in Result.objects.all():
        answer = {"answer": "agree", "result": result.pk}
        client.post(_board_url(1, result.board.number) + "answer/", answer)
    assert client.get(PLAY).context["item"].number == 2
    again = client.get(PLAY, {"round": 1})
    assert again.context["moves"] == [
        "1NS: table 1",
        "1EW: table 2",
        "Boards 1-2: table 3",
    ]


def test_the_table_card_prints_the_code_and_a_qr_code(director, section):
    response = director.get(f"/director/sections/{section.pk}/cards/table/")
    assert response.status_code == 200
    page = response.content.decode()
    for table in section.table_set.all():
        assert table.code in page
        assert f"/table/?code={table.code}" in page
    assert page.count("<svg") >= 3


def test_the_terminal_renders_in_french(client, section):
    _sign_in(client, section)
    page = client.get(PLAY, HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
    assert '<html lang="fr">' in page.content.decode()
    assert 'action="/i18n/setlang/"' in page.content.decode()
