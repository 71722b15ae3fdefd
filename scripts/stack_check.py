"""The API half of ``scripts/stack_check.sh``: a round played as the tablets do,
the event deleted by its director, and after the restore the same event back.

Standard library only; every request goes to the stack on 127.0.0.1 with
``X-Forwarded-Proto: https``, as the reverse proxy in front of it would send.

    stack_check.py play BASE MADE.json SNAPSHOT.json
        each table signs in with its code and POSTs its lines of round 1;
        waits until the worker has scored them (rankings count every line,
        nothing stale); writes the event's lines and rankings to SNAPSHOT.
    stack_check.py delete BASE SNAPSHOT.json
        the director (DONNE_CHECK_USER / DONNE_DIRECTOR_PASSWORD, basic auth)
        closes the session and deletes the event: 204, then 404.
    stack_check.py verify BASE SNAPSHOT.json
        the event, its lines and its rankings read the same as in SNAPSHOT.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

SCORING_TIMEOUT = 90.0
CONTRACTS = (("3NT", "N", "="), ("4S", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="))
LINE_FIELDS = ("board", "round", "table", "ns", "ew", "contract", "declarer", "tricks")
SCORE_FIELDS = ("score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew")


class CheckFailed(Exception):
    """What the stack did wrong."""


def call(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """One request; its status and JSON body."""
    url = urlsplit(base)
    if url.hostname != "127.0.0.1":
        raise CheckFailed(f"the check talks to 127.0.0.1 only, not {url.hostname}")
    sent = {
        "Content-Type": "application/json",
        "X-Forwarded-Proto": "https",
        **(headers or {}),
    }
    payload = json.dumps(body).encode() if body is not None else None
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    try:
        return response.status, json.loads(raw) if raw else None
    except ValueError:
        return response.status, raw[:300].decode(errors="replace")


def expect(reply: tuple[int, Any], status: int, what: str) -> Any:
    if reply[0] != status:
        raise CheckFailed(f"{what}: HTTP {reply[0]} (expected {status}): {reply[1]}")
    return reply[1]


def director() -> dict[str, str]:
    """The director's basic authorization header."""
    user = os.environ["DONNE_CHECK_USER"]
    password = os.environ["DONNE_DIRECTOR_PASSWORD"]
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def sign_in(base: str, code: str) -> dict[str, Any]:
    return expect(
        call(base, "POST", "/api/table-sign-in/", {"code": code}), 200, "sign-in"
    )


def round_one(base: str, tablet: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines a table enters in round 1, from the movement."""
    auth = {"Authorization": f"Table {tablet['token']}"}
    seatings = expect(
        call(
            base, "GET", f"/api/sections/{tablet['section']}/assignments/", None, auth
        ),
        200,
        "assignments",
    )
    lines = []
    for seating in seatings:
        if seating["table"] != tablet["table"] or seating["round"] != 1:
            continue
        if seating["sit_out"]:
            continue
        for board in seating["boards"]:
            contract, declarer, result = CONTRACTS[(board + tablet["table"]) % 4]
            lines.append(
                {
                    "board": board,
                    "ns": seating["ns"],
                    "ew": seating["ew"],
                    "round": 1,
                    "contract": contract,
                    "declarer": declarer,
                    "result": result,
                }
            )
    return lines


def event_state(base: str, event: int) -> dict[str, Any]:
    """What the director reads of the event: it, its lines, its rankings."""
    auth = director()
    read = expect(call(base, "GET", f"/api/events/{event}/", None, auth), 200, "event")
    sections = [
        section["id"]
        for session in read.get("sessions", [])
        for section in session.get("sections", [])
    ]
    lines = {}
    for section in sections:
        rows = expect(
            call(base, "GET", f"/api/sections/{section}/results/", None, auth),
            200,
            "lines",
        )
        lines[str(section)] = [
            {name: row.get(name) for name in (*LINE_FIELDS, *SCORE_FIELDS)}
            for row in rows
        ]
    rankings = expect(
        call(base, "GET", f"/api/events/{event}/rankings/", None, auth), 200, "rankings"
    )
    return {
        "event": event,
        "name": read["name"],
        "sessions": [session["id"] for session in read.get("sessions", [])],
        "lines": lines,
        "rankings": rankings,
    }


def scored(state: dict[str, Any], expected: int) -> bool:
    """Every line entered has its matchpoints, and the rankings count them."""
    lines = [line for rows in state["lines"].values() for line in rows]
    if len(lines) != expected or any(line["mp_ns"] is None for line in lines):
        return False
    rankings = state["rankings"]
    if not rankings or any(ranking.get("stale") for ranking in rankings):
        return False
    boards = sum(
        entry["boards"]
        for ranking in rankings
        if ranking.get("direction", "NS") == "NS"
        for entry in ranking["entries"]
    )
    return boards == expected


def play(base: str, made_file: str, snapshot_file: str) -> None:
    made = json.loads(Path(made_file).read_text())
    sent = 0
    for section in made["sections"]:
        for code in section["codes"].values():
            tablet = sign_in(base, code)
            auth = {"Authorization": f"Table {tablet['token']}"}
            for line in round_one(base, tablet):
                key = f"check-{tablet['section']}-{tablet['table']}-{line['board']}"
                path = f"/api/sections/{tablet['section']}/results/"
                reply = call(base, "POST", path, line, {**auth, "Idempotency-Key": key})
                expect(
                    reply, 201, f"POST board {line['board']} of table {tablet['table']}"
                )
                sent += 1
    if sent == 0:
        raise CheckFailed("round 1 has no line to enter")
    print(f"  {sent} lines of round 1 entered by {_tables(made)} tablets")
    started = time.monotonic()
    while True:
        state = event_state(base, made["event"])
        if scored(state, sent):
            break
        if time.monotonic() - started > SCORING_TIMEOUT:
            raise CheckFailed(f"not scored within {SCORING_TIMEOUT:.0f} s: {state}")
        time.sleep(0.3)
    print(f"  scored and ranked in {time.monotonic() - started:.1f} s")
    Path(snapshot_file).write_text(json.dumps(state, indent=1, sort_keys=True))


def delete(base: str, snapshot_file: str) -> None:
    state = json.loads(Path(snapshot_file).read_text())
    auth = director()
    for session in state["sessions"]:
        path = f"/api/sessions/{session}/close/"
        expect(call(base, "POST", path, {"confirm": True}, auth), 200, "close")
    event = state["event"]
    path = f"/api/events/{event}/?confirm={quote(state['name'])}"
    expect(call(base, "DELETE", path, None, auth), 204, "delete the event")
    expect(call(base, "GET", f"/api/events/{event}/", None, auth), 404, "deleted")
    print(f"  event {event} closed and deleted by its director (then 404)")


def verify(base: str, snapshot_file: str) -> None:
    saved = json.loads(Path(snapshot_file).read_text())
    now = event_state(base, saved["event"])
    for part in ("name", "lines", "rankings"):
        if now[part] != saved[part]:
            raise CheckFailed(
                f"after the restore, {part} differ:\n{now[part]}\n{saved[part]}"
            )
    count = sum(len(rows) for rows in now["lines"].values())
    print(f"  event {saved['event']} back with its {count} scored lines and rankings")


def _tables(made: dict[str, Any]) -> int:
    return sum(len(section["codes"]) for section in made["sections"])


def main(argv: list[str]) -> int:
    commands = {"play": (play, 3), "delete": (delete, 2), "verify": (verify, 2)}
    if (
        len(argv) < 2
        or argv[1] not in commands
        or len(argv) - 2 != commands[argv[1]][1]
    ):
        print(__doc__, file=sys.stderr)
        return 2
    function, _ = commands[argv[1]]
    try:
        function(*argv[2:])
    except CheckFailed as error:
        print(f"stack check FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
