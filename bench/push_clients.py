"""Push stream clients for ``bench/live.py``: server-sent events read in threads.

Each client opens ``/push/?t=TOKEN`` (the stream a console or a tablet
opens) and records, for every ``change`` event, when it arrived and what
it said.  Only the standard library.
"""

from __future__ import annotations

import http.client
import json
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
