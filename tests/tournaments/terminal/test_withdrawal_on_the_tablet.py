"""The tablet page losing the race to a withdrawal: the pair withdrew after
the page read its seat and before the line was stored.  The write path
refuses it under its lock with a 409 saying why (the page again, nothing
stored); the tablet's next look at the round says its opponents withdrew."""

from __future__ import annotations

import uuid

import pytest
from running_play import PLAY, SIGN_IN

from tournaments import board_games
from tournaments.models import Result
from tournaments.services import results
from tournaments.services.running import pair_withdraw

pytestmark = pytest.mark.django_db

ENTRY = {"level": "4", "denomination": "S", "doubled": "", "declarer": "N",
         "result": "=", "save": "1"}  # fmt: skip


def test_a_line_entered_as_the_pair_withdraws_is_a_409_saying_why(
    client, five_tables, monkeypatch
):
    section = five_tables
    client.post(SIGN_IN, {"code": section.table_set.get(number=1).code})
    assert client.get("/table/play/1/board/1/").status_code == 200

    def withdrawn_meanwhile(**line):
        pair_withdraw(section, pair="1EW", round=1)
        return results.result_enter(**line)

    monkeypatch.setattr(board_games, "result_enter", withdrawn_meanwhile)
    response = client.post("/table/play/1/board/1/", ENTRY | {"key": uuid.uuid4().hex})
    assert response.status_code == 409
    assert response.context["errors"] == [
        "Pair 1EW withdrew from round 1: this line cannot be entered."
    ]
    assert not Result.objects.exists()
    page = client.get(PLAY, {"round": 1}).content.decode()
    assert "Your opponents withdrew: no boards this round." in page
