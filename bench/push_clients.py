"""Push stream clients for ``bench/live.py``: server-sent events read in threads.

Each client opens ``/push/?t=TOKEN`` (the stream a console or a tablet
opens) and records, for every ``change`` event, when it arrived and what
it said; the consoles' clients run in a process of their own
(:class:`Consoles`).  Only the standard library.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Heard:
    """One change event: when it arrived (``time.time()``) and its message."""

    at: float
    message: dict[str, Any]


@dataclass
class StreamClient:
    """One open push stream, read by a thread of its own."""

    base: str
    path: str
    heard: list[Heard] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)
    failed: str = ""

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        url = urlsplit(self.base)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
        try:
            connection.request("GET", self.path)
            response = connection.getresponse()
            if response.status != 200:
                self.failed = f"HTTP {response.status}"
                self.ready.set()
                return
            name = ""
            while True:
                raw = response.fp.readline()
                if not raw:
                    return
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: ") and name == "ready":
                    self.ready.set()
                elif line.startswith("data: ") and name == "change":
                    self.heard.append(Heard(time.time(), json.loads(line[6:])))
        except OSError as error:
            self.failed = str(error)
            self.ready.set()
        finally:
            connection.close()

    def table_changes(self, table: int) -> list[Heard]:
        """The changes that named ``table``, in the order they arrived."""
        return [one for one in self.heard if table in one.message.get("tables", [])]


def _consoles(base: str, paths: dict[int, str], pipe: Any) -> None:
    """The consoles' process: open the streams, say so, then send back what
    they heard once every expected change came (or the time is up)."""
    clients = {section: StreamClient(base, path) for section, path in paths.items()}
    for client in clients.values():
        client.start()
    for client in clients.values():
        client.ready.wait(60)
    pipe.send([client.failed for client in clients.values() if client.failed])
    expected, timeout = pipe.recv()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
        len(clients[section].table_changes(table)) < count
        for (section, table), count in expected
    ):
        time.sleep(0.05)
    pipe.send(
        {
            section: [(one.at, one.message) for one in client.heard]
            for section, client in clients.items()
        }
    )


class Consoles:
    """Each section's console stream, read in a process of its own, so the
    bench's hundreds of tablet threads do not delay its clock."""

    def __init__(self, base: str, paths: dict[int, str]) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, child = context.Pipe()
        self.process = context.Process(
            target=_consoles, args=(base, paths, child), daemon=True
        )
        self.process.start()
        failed = self.pipe.recv()
        if failed:
            raise RuntimeError(f"a console's push stream did not open: {failed}")

    def heard(
        self, expected: dict[tuple[int, int], int], timeout: float
    ) -> dict[int, StreamClient]:
        """What each section's console heard, once ``expected`` changes by
        (section, table) came or ``timeout`` passed."""
        self.pipe.send((list(expected.items()), timeout))
        heard = self.pipe.recv()
        self.process.join(10)
        consoles = {}
        for section, changes in heard.items():
            client = StreamClient("", "")
            client.heard = [Heard(at, message) for at, message in changes]
            consoles[section] = client
        return consoles
