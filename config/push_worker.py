"""The gunicorn worker class of the ASGI server (``config.asgi``).

``uvicorn_worker.UvicornWorker`` with three changes:

* the push streams end as the worker stops: a server-sent events stream
  never finishes by itself, and uvicorn waits for every open connection
  before it exits, so a worker holding tablets' streams would wait out
  gunicorn's whole graceful timeout (then be killed).  The browsers reopen
  their streams on another worker, or on the restarted server;
* SIGQUIT (gunicorn's quick shutdown, what its master sends on Ctrl-C)
  stops the worker at once, as it stops a sync worker;
* the client's address is the connection's, as under gunicorn's own
  workers: Donne reads ``X-Forwarded-For`` itself (``DONNE_PROXY_COUNT``),
  so uvicorn must not rewrite it.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys

from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

from tournaments.live import channel


class PushServer(Server):
    """uvicorn's server, closing the push streams before it waits for the
    open connections."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        channel.HUB.close_all()
        await super().shutdown(sockets=sockets)

    def quit(self) -> None:
        """Stop now, without waiting for the requests in flight."""
        self.should_exit = True
        self.force_exit = True


class PushWorker(UvicornWorker):
    """gunicorn's worker for ``config.asgi:application``."""

    CONFIG_KWARGS = {"loop": "auto", "http": "auto", "proxy_headers": False}

    async def _serve(self) -> None:
        self.config.app = self.wsgi
        server = PushServer(config=self.config)
        asyncio.get_running_loop().add_signal_handler(signal.SIGQUIT, server.quit)
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
