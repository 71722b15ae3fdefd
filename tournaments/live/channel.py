"""The push channel: a message published on a topic reaches every stream
listening to it, in this process or (through Redis pub/sub) in any other.

Publishing (:func:`publish`) is synchronous and never raises: the web
threads and the Celery worker call it after a commit.  With
``DONNE_PUSH_URL`` (by default ``REDIS_URL``) set, it is one ``PUBLISH`` a
topic, and each web process keeps a single subscription (a pattern on
every Donne topic) that hands the messages to its own listeners: 200
tablets cost one Redis connection a process, not 200.  Without it (the
embedded default: SQLite, eager Celery, one web process) the hub of this
process delivers them directly.

The listeners live in the event loop of the ASGI server (:func:`listen`,
:class:`Listener`).  A listener whose queue is full drops the message (its
page refetches anyway at the next one); when the Redis subscription breaks,
every listener is closed, so the pages fall back to polling until the
stream can open again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Mapping

from django.conf import settings
from redis import Redis, RedisError
from redis import asyncio as aioredis

logger = logging.getLogger(__name__)

PREFIX = "donne:push:"
QUEUE_SIZE = 64
RELAY_WAIT = 2.0  # seconds a first stream waits for the Redis subscription
RETRY = (0.5, 1.0, 2.0, 5.0)  # back-off of the Redis subscription
CLOSED = None  # what a closed listener reads


class Unavailable(Exception):
    """The channel cannot carry messages now (Redis unreachable)."""


class Listener:
    """One stream's queue of messages on its topics, read in the event loop."""

    def __init__(self, topics: list[str], loop: asyncio.AbstractEventLoop) -> None:
        self.topics = tuple(topics)
        self.loop = loop
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_SIZE)

    def put(self, data: str | None) -> None:
        """Hand a message over from any thread (or the loop itself)."""
        with contextlib.suppress(RuntimeError):  # a closed loop: the stream is gone
            self.loop.call_soon_threadsafe(self._put, data)

    def _put(self, data: str | None) -> None:
        if data is CLOSED:
            while not self.queue.empty():
                self.queue.get_nowait()
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            logger.debug("push listener full: a message dropped")

    async def get(self) -> str | None:
        """The next message, or ``CLOSED`` when the channel closed the stream."""
        return await self.queue.get()


class Hub:
    """The listeners of this process, by topic (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._topics: dict[str, set[Listener]] = {}

    def add(self, listener: Listener) -> None:
        with self._lock:
            for topic in listener.topics:
                self._topics.setdefault(topic, set()).add(listener)

    def remove(self, listener: Listener) -> None:
        with self._lock:
            for topic in listener.topics:
                listeners = self._topics.get(topic)
                if listeners is not None:
                    listeners.discard(listener)
                    if not listeners:
                        del self._topics[topic]

    def deliver(self, topic: str, data: str) -> int:
        """Hand ``data`` to every listener of ``topic``; how many there were."""
        with self._lock:
            listeners = list(self._topics.get(topic, ()))
        for listener in listeners:
            listener.put(data)
        return len(listeners)

    def close_all(self) -> int:
        """Close every listener (a shutdown, a broken subscription)."""
        with self._lock:
            listeners = {one for group in self._topics.values() for one in group}
            self._topics.clear()
        for listener in listeners:
            listener.put(CLOSED)
        return len(listeners)

    def count(self) -> int:
        with self._lock:
            return len({one for group in self._topics.values() for one in group})


HUB = Hub()


def push_url() -> str:
    """The Redis URL carrying the messages between processes ('' in-process)."""
    return getattr(settings, "DONNE_PUSH_URL", "") or ""


# --- publishing (any thread) ---------------------------------------------------

_publishers: dict[str, Redis] = {}
_publishers_lock = threading.Lock()


def _publisher(url: str) -> Redis:
    with _publishers_lock:
        client = _publishers.get(url)
        if client is None:
            client = Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
            _publishers[url] = client
        return client


def publish(messages: Mapping[str, str]) -> bool:
    """Send each ``{topic: data}`` message; False (logged) when it could not.

    Never raises: a push lost is a page refreshed by its poll instead.
    """
    if not messages:
        return True
    url = push_url()
    if not url:
        for topic, data in messages.items():
            HUB.deliver(topic, data)
        return True
    try:
        pipe = _publisher(url).pipeline(transaction=False)
        for topic, data in messages.items():
            pipe.publish(PREFIX + topic, data)
        pipe.execute()
    except (RedisError, OSError):
        logger.warning("Could not publish %d push message(s)", len(messages))
        return False
    return True


# --- listening (the event loop) ------------------------------------------------


class Relay:
    """This process's subscription to every Donne topic on Redis, handing
    each message to the hub; it reconnects with a back-off and closes every
    listener while it is down."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.up = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        failures = 0
        while True:
            client = aioredis.Redis.from_url(
                self.url, decode_responses=True, health_check_interval=10,
                socket_connect_timeout=1,
            )  # fmt: skip
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(PREFIX + "*")
                self.up.set()
                failures = 0
                async for message in pubsub.listen():
                    if message.get("type") == "pmessage":
                        HUB.deliver(message["channel"][len(PREFIX) :], message["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError):
                logger.warning("Push subscription to Redis lost; retrying")
            finally:
                self.up.clear()
                HUB.close_all()
                await _quietly(pubsub.aclose())
                await _quietly(client.aclose())
            await asyncio.sleep(RETRY[min(failures, len(RETRY) - 1)])
            failures += 1

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await _quietly(self.task)
            self.task = None


async def _quietly(awaitable: object) -> None:
    with contextlib.suppress(asyncio.CancelledError, RedisError, OSError):
        await awaitable  # type: ignore[misc]


_relays: dict[tuple[int, str], Relay] = {}


def _relay(url: str) -> Relay:
    """The relay of this event loop for ``url`` (started on first use)."""
    key = (id(asyncio.get_running_loop()), url)
    relay = _relays.get(key)
    if relay is None or relay.task is None or relay.task.done():
        relay = _relays[key] = Relay(url)  # new, or of a loop gone (same id)
    relay.start()
    return relay


async def listen(topics: list[str]) -> Listener:
    """A listener of ``topics`` in the running loop; ``Unavailable`` when
    the Redis subscription is not up within ``RELAY_WAIT`` seconds."""
    url = push_url()
    if url:
        relay = _relay(url)
        try:
            await asyncio.wait_for(relay.up.wait(), RELAY_WAIT)
        except TimeoutError:
            raise Unavailable("the push subscription to Redis is down") from None
    listener = Listener(topics, asyncio.get_running_loop())
    HUB.add(listener)
    return listener


def forget(listener: Listener) -> None:
    """The stream is over: its listener hears nothing more."""
    HUB.remove(listener)


async def close() -> None:
    """Close every stream and the Redis subscriptions of this loop (shutdown)."""
    HUB.close_all()
    loop_id = id(asyncio.get_running_loop())
    for key in [key for key in _relays if key[0] == loop_id]:
        await _relays.pop(key).stop()
