"""The push stream: server-sent events on the topics a signed token names.

``GET /push/?t=TOKEN`` answers ``text/event-stream``: a ``ready`` event
first, then a ``change`` event for each message on its topics (JSON: the
topic, what changed, the tables it concerns, a version), and a comment
every ``HEARTBEAT`` seconds so that a dead connection is noticed and no
proxy closes a quiet one.  A forged, damaged or expired token is a 403, the
channel down a 503: the page's ``EventSource`` fails and it polls instead.

It is a bare ASGI application running in the server's event loop, beside
the Django (WSGI) application (``config.asgi``): a stream is a coroutine
waiting on a queue, not a worker thread, and it does no database work (the
token's signature is all it checks), so thousands of tablets hold no
thread and no connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from django.core import signing

from tournaments.live import channel
from tournaments.live.topics import token_topics

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

PATH = "/push/"
HEARTBEAT = 15.0
PING = b": ping\n\n"  # a comment: keeps the connection alive, shows nothing
RETRY_MS = 2000  # how soon a browser reopens a stream that ended
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache, no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
]


def event(name: str, data: str) -> bytes:
    """One server-sent event."""
    return f"event: {name}\ndata: {data}\n\n".encode()


async def refuse(send: Send, status: int, text: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": text.encode()})


async def push_stream(scope: Scope, receive: Receive, send: Send) -> None:
    """Serve one push stream until the client leaves or the channel closes it."""
    if scope.get("method") != "GET":
        await refuse(send, 405, "GET only")
        return
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    try:
        topics = token_topics(query.get("t", [""])[0])
    except signing.BadSignature:
        await refuse(send, 403, "This push token is not valid: reload the page.")
        return
    try:
        listener = await channel.listen(topics)
    except channel.Unavailable:
        await refuse(send, 503, "The push channel is down: the page polls.")
        return
    try:
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await send(
            {
                "type": "http.response.body",
                "body": f"retry: {RETRY_MS}\n".encode() + event("ready", "{}"),
                "more_body": True,
            }
        )
        await _relay(listener, receive, send)
    finally:
        channel.forget(listener)


async def _relay(listener: channel.Listener, receive: Receive, send: Send) -> None:
    """Pass the listener's messages on until the client disconnects."""
    left = asyncio.ensure_future(_disconnected(receive))
    message = asyncio.ensure_future(listener.get())
    try:
        while True:
            done, _ = await asyncio.wait(
                {message, left}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED
            )
            if left in done:
                return
            if message not in done:
                await send(
                    {"type": "http.response.body", "body": PING, "more_body": True}
                )
                continue
            data = message.result()
            if data is channel.CLOSED:
                await send({"type": "http.response.body", "body": b""})
                return
            message = asyncio.ensure_future(listener.get())
            await send(
                {
                    "type": "http.response.body",
                    "body": event("change", data),
                    "more_body": True,
                }
            )
    except OSError:
        return  # the client went away mid-send
    finally:
        message.cancel()
        left.cancel()


def _body(data: bytes) -> dict[str, Any]:
    return {"type": "http.response.body", "body": data, "more_body": True}


async def _disconnected(receive: Receive) -> None:
    """Return once the client has gone."""
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            return
