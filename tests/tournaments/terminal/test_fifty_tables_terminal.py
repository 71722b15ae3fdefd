"""The web terminal of a 50-table relay Mitchell: tables 41 to 50 sign in with
their codes, table 50 enters the board it shares with table 1, and after
the round the tablets say where pairs and boards go (table 26's to the bye
stand)."""

from __future__ import annotations

import pytest
from big_section import big_mitchell

from tests.tournaments.terminal.test_terminal import PLAY, _board_url, _entry, _sign_in
from tournaments.models import Result

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("number", [41, 50])
def test_tables_past_forty_sign_in_and_see_their_round(client, number):
    section = big_mitchell(50)
    response = _sign_in(client, section, number)
    assert response.status_code == 302
    page = client.get(PLAY)
    assert page.status_code == 200
    assert page.context["table"].number == number
    content = page.content.decode()
    assert f"{number}NS" in content and f"{number}EW" in content


def test_table_fifty_and_table_one_enter_their_shared_board(client):
    section = big_mitchell(50)
    _sign_in(client, section, 50)
    last = client.post(_board_url(1, 1), _entry(), follow=True).content.decode()
    # Round 1 has one board: the page says where everybody goes next (the
    # boards tables 1 and 50 share go on to table 49).
    for line in ("50NS: table 50", "50EW: table 1", "Boards 1: table 49"):
        assert f"<li>{line}</li>" in last, line
    client.post("/table/sign-out/")
    _sign_in(client, section, 1)
    response = client.post(_board_url(1, 1), _entry(result="+1"))
    assert response.status_code == 302
    lines = {
        line.table.number: (line.ns_pair.label, line.ew_pair.label, line.score_ns)
        for line in Result.objects.select_related("table", "ns_pair", "ew_pair")
    }
    assert lines == {50: ("50NS", "50EW", 420), 1: ("1NS", "1EW", 450)}


def test_table_twenty_six_sends_its_boards_to_the_bye_stand(client):
    section = big_mitchell(50)
    _sign_in(client, section, 26)
    last = client.post(_board_url(1, 27), _entry(), follow=True).content.decode()
    assert "<li>Boards 27: bye stand</li>" in last
    assert Result.objects.get().table.number == 26
