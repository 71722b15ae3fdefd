"""ASGI entry point: the push streams in the event loop, every other request
to the Django (WSGI) application in a pool of threads.

gunicorn runs it with the ``config.push_worker.PushWorker`` class (uvicorn
under gunicorn).  ``/push/`` is served by ``tournaments.live.stream``: a
stream is a coroutine waiting for messages, so the tablets and consoles
holding one tie up no thread.  Every other request goes to
``config.wsgi.application`` through ``a2wsgi``'s ``WSGIMiddleware``, in
``DONNE_THREADS`` threads (default 8) a process: the Django views stay
synchronous and run side by side, as under gunicorn's threaded workers.
"""

from __future__ import annotations

import os
from typing import Any

from a2wsgi import WSGIMiddleware

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.environment import env
from config.wsgi import application as django_application
from tournaments.live import channel
from tournaments.live.stream import PATH, Receive, Scope, Send, push_stream

THREADS = env.int("DONNE_THREADS", default=8)

django = WSGIMiddleware(django_application, workers=THREADS)


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    """Route a push stream to the event loop, anything else to Django."""
    kind = scope["type"]
    if kind == "http" and scope["path"] == PATH:
        await push_stream(scope, receive, send)
    elif kind == "lifespan":
        await lifespan(receive, send)
    else:
        await django(scope, receive, send)


async def lifespan(receive: Receive, send: Send) -> None:
    """Start at once; on shutdown close the push streams and subscriptions."""
    message: dict[str, Any] = await receive()
    if message["type"] == "lifespan.startup":
        await send({"type": "lifespan.startup.complete"})
        message = await receive()
    if message["type"] == "lifespan.shutdown":
        await channel.close()
        await send({"type": "lifespan.shutdown.complete"})
