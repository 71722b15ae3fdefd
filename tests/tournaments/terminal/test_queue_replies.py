"""The tablet's offline queue reads JSON from the terminal's writes.

A kept entry is sent with ``fetch`` and ``Accept: application/json``: it is
told "stored", then "replayed" for the same key, and a refusal comes with its
4xx and the server's message naming the board; a plain form post still gets
the pages (see ``test_terminal.py``).
"""

from __future__ import annotations

import uuid

import pytest

from tournaments.models import Result, Section

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def _signed_in(client, section: Section) -> None:
    client.post("/table/", {"code": section.table_set.get(number=1).code})


def _entry(**values: str) -> dict[str, str]:
    data = {"level": "4", "denomination": "S", "doubled": "", "declarer": "N",
            "result": "=", "key": uuid.uuid4().hex, "save": "1"}  # fmt: skip
    return data | values


def test_a_kept_entry_is_stored_then_replayed_once(client, section):
    _signed_in(client, section)
    entry = _entry()
    first = client.post("/table/play/1/board/1/", entry, **JSON)
    again = client.post("/table/play/1/board/1/", entry, **JSON)
    line = Result.objects.get()
    assert first.status_code == again.status_code == 200
    assert first.json() == {
        "status": "stored", "board": 1, "result": line.pk, "message": "",
        "checks": [],
    }  # fmt: skip
    assert again.json()["status"] == "replayed"
    answer = {"answer": "agree", "result": str(line.pk)}
    agreed = client.post("/table/play/1/board/1/answer/", answer, **JSON)
    assert agreed.status_code == 200
    assert agreed.json() == {
        "status": "agreed", "board": 1, "result": line.pk, "message": "",
        "checks": [],
    }  # fmt: skip
    line.refresh_from_db()
    assert line.confirmed is not None
    assert client.post("/table/play/1/board/1/", entry, **JSON).json()["status"] == (
        "agreed"
    )


def test_a_refusal_is_json_with_its_status_and_message(client, section):
    _signed_in(client, section)
    incomplete = client.post("/table/play/1/board/2/", _entry(result=""), **JSON)
    assert incomplete.status_code == 400
    assert incomplete.json() == {
        "status": "refused", "board": 2,
        "message": "Tricks: Choose the number of tricks.",
    }  # fmt: skip
    client.post("/table/play/1/board/1/", _entry(), **JSON)
    changed = client.post("/table/play/1/board/1/", _entry(result="+1"), **JSON)
    assert changed.status_code == 409
    assert changed.json()["board"] == 1
    assert "only the director can change it now" in changed.json()["message"]
    missing = client.post(
        "/table/play/1/board/1/answer/", {"answer": "agree", "result": "0"}, **JSON
    )
    assert missing.status_code == 404
    assert missing.json()["message"] == "This table has no such result."
    assert Result.objects.count() == 1


def test_the_service_worker_is_served_under_the_terminal(client):
    response = client.get("/table/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/table/"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert '"/static/terminal_queue.js"' in script
    assert 'var CACHE = "donne-terminal-' in script


def test_the_tablet_says_its_queue_in_french(client, section):
    _signed_in(client, section)
    page = client.get("/table/play/1/board/1/", HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    kept = "Gardé sur cette tablette : envoyé dès le retour du réseau"
    assert f'data-kept="{kept}"' in text
    assert 'data-board="Donne #"' in text
    assert 'data-refused="Refusé par le serveur"' in text
