"""The push channel and stream: a message published on a topic reaches the
streams listening to it (in-process, and through Redis pub/sub), a stream
opens only with a valid signed token, and the ASGI entry point routes
``/push/`` to the stream and everything else to Django."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import threading

import pytest
from django.core import signing
from django.test import override_settings

from tournaments.live import channel
from tournaments.live.stream import push_stream
from tournaments.live.topics import (
    SALT,
    event_topic,
    section_topic,
    token_topics,
    topic_token,
)

REDIS_URL = os.environ.get("DONNE_TEST_REDIS_URL", "")


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 20))


def a_topic() -> str:
    """A topic no other run publishes on (Redis channels are server-wide)."""
    return section_topic(secrets.randbelow(10**9) + 10**9)


def test_a_token_opens_the_topics_it_names_and_nothing_forged():
    token = topic_token([section_topic(4), event_topic(2)])
    assert token_topics(token) == ["event:2", "section:4"]
    with pytest.raises(signing.BadSignature):
        token_topics(token[:-2] + "xx")
    with pytest.raises(signing.BadSignature):
        token_topics(signing.dumps(["section:4"], salt="another"))
    with pytest.raises(signing.BadSignature):
        token_topics(signing.dumps({"not": "a list"}, salt=SALT))


@override_settings(DONNE_PUSH_URL="")
def test_in_process_a_listener_hears_its_topics_only():
    mine, other = a_topic(), a_topic()

    async def scenario():
        listener = await channel.listen([mine])
        try:
            assert channel.publish({other: "no", mine: "yes"})
            return await asyncio.wait_for(listener.get(), 5)
        finally:
            channel.forget(listener)

    assert run(scenario()) == "yes"
    assert channel.HUB.count() == 0


@override_settings(DONNE_PUSH_URL="")
def test_in_process_a_message_from_another_thread_is_heard():
    topic = a_topic()

    async def scenario():
        listener = await channel.listen([topic])
        try:
            sender = threading.Thread(target=channel.publish, args=({topic: "m"},))
            sender.start()
            message = await asyncio.wait_for(listener.get(), 5)
            sender.join()
            return message
        finally:
            channel.forget(listener)

    assert run(scenario()) == "m"


@pytest.mark.skipif(not REDIS_URL, reason="no Redis: run ./scripts/test.sh")
def test_through_redis_a_message_reaches_the_listener():
    topic = a_topic()

    async def scenario():
        with override_settings(DONNE_PUSH_URL=REDIS_URL):
            listener = await channel.listen([topic])
            try:
                # Published from a thread, as a web thread or the Celery
                # worker does, through Redis (not the hub directly).
                sent = await asyncio.to_thread(channel.publish, {topic: "via redis"})
                assert sent
                return await asyncio.wait_for(listener.get(), 5)
            finally:
                channel.forget(listener)
                await channel.close()

    assert run(scenario()) == "via redis"


@override_settings(DONNE_PUSH_URL="redis://127.0.0.1:9/0")
def test_redis_unreachable_publishing_is_false_and_listening_unavailable(
    monkeypatch,
):
    monkeypatch.setattr(channel, "RELAY_WAIT", 0.3)
    assert channel.publish({a_topic(): "lost"}) is False

    async def scenario():
        try:
            await channel.listen([a_topic()])
        finally:
            await channel.close()

    with pytest.raises(channel.Unavailable):
        run(scenario())


async def serve(client: Client) -> None:
    await push_stream(client.scope, client.receive, client.send)


class Client:
    """An ASGI client of one request: what the app sent, the disconnect
    sent when ``leave`` is set."""

    def __init__(self, query: str, method: str = "GET") -> None:
        self.scope = {"type": "http", "method": method, "path": "/push/",
                      "query_string": query.encode(), "headers": []}  # fmt: skip
        self.sent: list[dict] = []
        self.leave = asyncio.Event()
        self.got = asyncio.Event()

    async def receive(self) -> dict:
        await self.leave.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict) -> None:
        self.sent.append(message)
        self.got.set()

    @property
    def status(self) -> int:
        return self.sent[0]["status"]

    @property
    def body(self) -> str:
        return b"".join(m.get("body", b"") for m in self.sent[1:]).decode()

    async def wait_for(self, text: str) -> None:
        while text not in self.body:
            self.got.clear()
            await asyncio.wait_for(self.got.wait(), 5)


@override_settings(DONNE_PUSH_URL="")
def test_a_bad_token_is_refused_with_403_and_no_listener():
    async def scenario():
        client = Client("t=forged")
        await push_stream(client.scope, client.receive, client.send)
        return client

    client = run(scenario())
    assert client.status == 403
    assert "not valid" in client.body
    assert channel.HUB.count() == 0


@override_settings(DONNE_PUSH_URL="")
def test_a_post_is_refused_with_405():
    async def scenario():
        client = Client(f"t={topic_token([a_topic()])}", method="POST")
        await push_stream(client.scope, client.receive, client.send)
        return client

    assert run(scenario()).status == 405


@override_settings(DONNE_PUSH_URL="")
def test_the_stream_says_ready_then_delivers_each_change_until_the_client_leaves():
    topic = a_topic()
    change = json.dumps({"topic": topic, "changes": ["line"], "tables": [3]})

    async def scenario():
        client = Client(f"t={topic_token([topic])}")
        served = asyncio.create_task(serve(client))
        await client.wait_for("event: ready")
        channel.publish({topic: change, a_topic(): "not mine"})
        await client.wait_for("event: change")
        client.leave.set()
        await asyncio.wait_for(served, 5)
        return client

    client = run(scenario())
    assert client.status == 200
    headers = dict(client.sent[0]["headers"])
    assert headers[b"content-type"].startswith(b"text/event-stream")
    assert client.body == (
        f"retry: 2000\nevent: ready\ndata: {{}}\n\nevent: change\ndata: {change}\n\n"
    )
    assert channel.HUB.count() == 0  # the listener is gone with the client


@override_settings(DONNE_PUSH_URL="")
def test_closing_the_channel_ends_every_stream():
    topic = a_topic()

    async def scenario():
        client = Client(f"t={topic_token([topic])}")
        served = asyncio.create_task(serve(client))
        await client.wait_for("event: ready")
        await channel.close()  # what the worker does as it stops
        await asyncio.wait_for(served, 5)
        return client

    client = run(scenario())
    assert client.sent[-1] == {"type": "http.response.body", "body": b""}


@override_settings(DONNE_PUSH_URL="")
def test_the_asgi_entry_point_routes_push_to_the_stream_and_answers_the_lifespan():
    from config import asgi

    async def scenario():
        client = Client("t=forged")
        await asgi.application(client.scope, client.receive, client.send)
        said: list[dict] = []
        events = iter([{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}])

        async def receive():
            return next(events)

        async def send(message):
            said.append(message)

        await asgi.application({"type": "lifespan"}, receive, send)
        return client, said

    client, said = run(scenario())
    assert client.status == 403
    assert said == [
        {"type": "lifespan.startup.complete"},
        {"type": "lifespan.shutdown.complete"},
    ]
