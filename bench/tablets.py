"""A simulated table tablet: what the terminal app sends, through the public API.

A tablet signs in with its table's printed code (``POST /api/table-sign-in/``),
reads its section's movement (``GET /api/sections/ID/assignments/``) and the
lines already stored, finds the round it plays now (the first whose boards
at its table are not all in), and submits each board of that round with an
idempotency key (``POST /api/sections/ID/results/``), as the terminal does.
Only the standard library: ``bench/live.py`` and the live tests use it.
"""

from __future__ import annotations

import http.client
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

TIMEOUT = 120.0
# Played contracts, picked by board and table so that boards get spread scores.
CONTRACTS = (
    ("3NT", "N", "="),
    ("4S", "S", "+1"),
    ("2H", "E", "-1"),
    ("1NT", "W", "="),
    ("4H", "N", "-2"),
    ("3C", "E", "+1"),
    ("6S", "S", "="),
)


@dataclass(frozen=True)
class Reply:
    """One HTTP exchange: its status (0 when the connection failed) and time."""

    status: int
    body: Any
    seconds: float


def call(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = TIMEOUT,
) -> Reply:
    """One request to the server at ``base`` (127.0.0.1 only), on a fresh connection."""
    url = urlsplit(base)
    if url.hostname != "127.0.0.1":
        raise ValueError(f"traffic goes to 127.0.0.1 only, not {url.hostname}")
    payload = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    started = time.perf_counter()
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    try:
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        status = response.status
    except OSError as error:
        return Reply(0, str(error), time.perf_counter() - started)
    finally:
        connection.close()
    seconds = time.perf_counter() - started
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw[:200].decode(errors="replace")
    return Reply(status, parsed, seconds)


@dataclass
class Tablet:
    """A signed-in table: its token, section and table number."""

    base: str
    token: str
    section: int
    table: int

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Table {self.token}"}

    def read(self, path: str) -> Any:
        reply = call(self.base, "GET", path, headers=self.auth)
        if reply.status != 200:
            raise RuntimeError(f"GET {path}: {reply.status} {reply.body}")
        return reply.body

    def results(self) -> list[dict[str, Any]]:
        """The section's stored lines, as the tablet may read them."""
        return self.read(f"/api/sections/{self.section}/results/")

    def current_round(self) -> list[dict[str, Any]]:
        """The lines of the round this table plays now, from the movement.

        The current round is the first whose boards at this table are not all
        stored; a table that sits out a round has nothing to enter in it.
        """
        seatings = self.read(f"/api/sections/{self.section}/assignments/")
        stored = {(line["board"], line["ns"]) for line in self.results()}
        ours = sorted(
            (s for s in seatings if s["table"] == self.table and not s["sit_out"]),
            key=lambda s: s["round"],
        )
        for seating in ours:
            missing = [b for b in seating["boards"] if (b, seating["ns"]) not in stored]
            if missing:
                return [self.line(seating, board) for board in missing]
        return []

    def line(self, seating: dict[str, Any], board: int) -> dict[str, Any]:
        contract, declarer, result = CONTRACTS[(board + self.table) % len(CONTRACTS)]
        return {
            "board": board,
            "ns": seating["ns"],
            "ew": seating["ew"],
            "round": seating["round"],
            "contract": contract,
            "declarer": declarer,
            "result": result,
            "key": f"s{self.section}-t{self.table}-r{seating['round']}-b{board}",
        }

    def submit(self, line: dict[str, Any]) -> Reply:
        """POST one line with its idempotency key in the header."""
        data = {name: value for name, value in line.items() if name != "key"}
        headers = {**self.auth, "Idempotency-Key": line["key"]}
        return call(
            self.base,
            "POST",
            f"/api/sections/{self.section}/results/",
            data,
            headers,
        )


def sign_in(base: str, code: str) -> Tablet:
    """Trade a table's printed code for its token (raise if refused)."""
    reply = call(base, "POST", "/api/table-sign-in/", {"code": code})
    if reply.status != 200:
        raise RuntimeError(f"sign-in with {code}: {reply.status} {reply.body}")
    body = reply.body
    return Tablet(base, body["token"], body["section"], body["table"])
