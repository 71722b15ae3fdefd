"""What publishes a push, once it commits: a tablet's line, the opponents'
agreement and dispute, the director's correction and move, a withdrawal,
the rescore; and the pages that may watch carry a token for their topic."""

from __future__ import annotations

import json
import re

import pytest
from django.db import transaction
from django.urls import reverse

from tournaments.live import channel
from tournaments.live.topics import token_topics
from tournaments.models import Table
from tournaments.services import push
from tournaments.services.running import pair_withdraw
from tournaments.services.table_rounds import table_move_on

pytestmark = pytest.mark.django_db

LINE = {"board": 1, "ns": "1", "ew": "1", "round": 1, "contract": "3NT",
        "declarer": "N", "result": "="}  # fmt: skip


@pytest.fixture
def pushed(monkeypatch) -> list[dict]:
    """Every message published, as {topic, changes, tables}."""
    sent: list[dict] = []
    push._pending.sections = {}  # nothing left by an earlier test's rollback

    def record(messages):
        for data in messages.values():
            message = json.loads(data)
            assert isinstance(message.pop("version"), int)
            sent.append(message)
        return True

    monkeypatch.setattr(channel, "publish", record)
    return sent


def tablet_token(client, section, number: int) -> str:
    code = Table.objects.get(section=section, number=number).code
    reply = client.post("/api/table-sign-in/", {"code": code}, "application/json")
    assert reply.status_code == 200
    return reply.json()["token"]


def enter(client, section, token: str, line: dict) -> dict:
    reply = client.post(
        f"/api/sections/{section.pk}/results/", line, "application/json",
        HTTP_AUTHORIZATION=f"Table {token}",
    )  # fmt: skip
    assert reply.status_code == 201, reply.content
    return reply.json()


def test_a_tablet_line_pushes_its_table_then_the_scores(
    client, section, pushed, django_capture_on_commit_callbacks
):
    token = tablet_token(client, section, 1)
    with django_capture_on_commit_callbacks(execute=True):
        enter(client, section, token, LINE)
    topic, event = f"section:{section.pk}", f"event:{section.session.event_id}"
    assert {"topic": topic, "changes": ["line"], "tables": [1]} in pushed
    assert {"topic": event, "changes": ["line"], "tables": []} in pushed
    # The eager rescore ran on commit and said so too.
    assert any(m["topic"] == topic and "scores" in m["changes"] for m in pushed)


def test_the_agreement_and_a_dispute_push_the_table(
    client, section, pushed, django_capture_on_commit_callbacks
):
    token = tablet_token(client, section, 1)
    with django_capture_on_commit_callbacks(execute=True):
        line = enter(client, section, token, LINE)
    pushed.clear()
    with django_capture_on_commit_callbacks(execute=True):
        reply = client.post(
            f"/api/results/{line['id']}/dispute/", {}, "application/json",
            HTTP_AUTHORIZATION=f"Table {token}",
        )  # fmt: skip
    assert reply.status_code == 200, reply.content
    assert pushed == [
        {"topic": f"section:{section.pk}", "changes": ["line"], "tables": [1]},
        {"topic": f"event:{section.session.event_id}", "changes": ["line"],
         "tables": []},
    ]  # fmt: skip


def test_the_director_moving_a_table_on_pushes_that_table(
    section, pushed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table_move_on(Table.objects.get(section=section, number=2), 2)
    assert {"topic": f"section:{section.pk}", "changes": ["round"],
            "tables": [2]} in pushed  # fmt: skip


def test_a_withdrawal_pushes_the_whole_section(
    section, pushed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pair_withdraw(section, pair="2NS", round=2)
    changes = [m for m in pushed if m["topic"] == f"section:{section.pk}"]
    assert "movement" in changes[0]["changes"]


def test_a_write_rolled_back_pushes_nothing(section, pushed):
    with pytest.raises(RuntimeError), transaction.atomic():
        push.section_pushed(section.pk, push.LINE, 1)
        raise RuntimeError("rolled back")
    assert pushed == []


def test_a_push_that_cannot_be_sent_leaves_the_write_alone(
    client, section, monkeypatch, django_capture_on_commit_callbacks
):
    push._pending.sections = {}

    def broken(messages):
        raise RuntimeError("no channel")

    monkeypatch.setattr(channel, "publish", broken)
    token = tablet_token(client, section, 1)
    with django_capture_on_commit_callbacks(execute=True):
        enter(client, section, token, LINE)  # 201 all the same


def data_push(html: str, where: str) -> str:
    found = re.search(where + r'[^>]*data-push="([^"]+)"', html)
    assert found, f"no data-push on {where}"
    return found.group(1).replace("&amp;", "&")


def topics_of(url: str) -> list[str]:
    assert url.startswith("/push/?t=")
    from urllib.parse import parse_qs, urlsplit

    return token_topics(parse_qs(urlsplit(url).query)["t"][0])


def test_the_console_watches_its_section(admin_client, section):
    page = admin_client.get(reverse("director:console", args=[section.pk]))
    assert page.status_code == 200
    url = data_push(page.content.decode(), 'id="console-grid"')
    assert topics_of(url) == [f"section:{section.pk}"]


def test_the_public_results_watch_their_event(client, section):
    page = client.get(reverse("results:event", args=[section.session.event_id]))
    assert page.status_code == 200
    url = data_push(page.content.decode(), "data-live-version")
    assert topics_of(url) == [f"event:{section.session.event_id}"]


def test_the_tablet_watches_its_section_and_says_its_table(section):
    """Its section's changes, and its event's new rounds and sessions (the
    tablet follows its event's table)."""
    from tablet_play import tablet_client

    page = tablet_client(section, 2).get("/table/play/")
    html = page.content.decode()
    url = data_push(html, "<main")
    event = section.session.event_id
    assert topics_of(url) == [f"event:{event}", f"section:{section.pk}"]
    assert 'data-push-table="2"' in html
    assert f'data-push-event="event:{event}"' in html
    assert "push.js" in html
