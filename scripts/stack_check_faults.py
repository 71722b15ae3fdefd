"""The fault half of ``scripts/stack_check.sh``: the stack heals itself.

    stack_check_faults.py BASE MADE.json

While a submitter thread keeps posting results through the API as tablets
do (each line with its idempotency key, sent again after a refused
connection, a timeout, a 502/503 or a 429, as the terminal does), the faults
are played one after the other on the running stack:

- ``redis``: Redis stopped for ``DONNE_FAULT_REDIS_SECONDS`` (60), started
  again;
- ``worker-kill``: the Celery worker killed with SIGKILL;
- ``postgresql-restart``: PostgreSQL restarted (``pg_ctl restart -m fast``);
- ``web-worker-kill``: one gunicorn worker killed with SIGKILL.

After each: every program of supervisord running again and answering (no
hand), 0 HTTP 500, every line sent stored, and every line stored before the
recovery scored within ``DONNE_FAULT_SCORED_SECONDS`` (10) of it.  One
summary line a fault.  Needs the stack's environment (``stack.sh env``) and
``DONNE_HOME``; the director is ``DONNE_CHECK_USER`` /
``DONNE_DIRECTOR_PASSWORD`` as in ``stack_check.py``.
"""

from __future__ import annotations

import glob
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from stack_check import CheckFailed, call, director, round_one, sign_in

HOME = Path(os.environ.get("DONNE_HOME", ""))
PY = sys.executable
REDIS_SECONDS = float(os.environ.get("DONNE_FAULT_REDIS_SECONDS", "60"))
SCORED_SECONDS = float(os.environ.get("DONNE_FAULT_SCORED_SECONDS", "10"))
BACK_SECONDS = 90.0  # a program started again and answering, at most
PACE = float(os.environ.get("DONNE_FAULT_PACE", "0.4"))  # seconds between lines
RETRIED = {429, 502, 503, 504}


@dataclass
class Line:
    """One line a tablet enters, and what became of it."""

    section: int
    table: int
    board: int
    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    first_sent: float = 0.0
    stored_at: float | None = None


@dataclass
class Submitter:
    """Posts the lines one after the other until told to stop."""

    base: str
    lines: list[Line]
    errors: list[tuple[float, int, str]] = field(default_factory=list)
    retries: list[int] = field(default_factory=list)  # 0: no connection
    stop: threading.Event = field(default_factory=threading.Event)
    posted: int = 0

    def run(self) -> None:
        for line in self.lines:
            if self.stop.is_set():
                return
            self._store(line)
            self.posted += 1
            self.stop.wait(PACE)

    def _store(self, line: Line) -> None:
        line.first_sent = time.monotonic()
        while not self.stop.is_set():
            status, body = self._post(line)
            if status in (200, 201):
                line.stored_at = time.monotonic()
                return
            if status >= 500 and status not in RETRIED:
                self.errors.append((time.monotonic(), status, str(body)[:200]))
            elif 0 < status < 500 and status not in RETRIED:
                raise CheckFailed(f"line {line.body} refused: {status} {body}")
            else:
                self.retries.append(status)
            time.sleep(0.5)

    def _post(self, line: Line) -> tuple[int, Any]:
        try:
            return call(self.base, "POST", line.path, line.body, line.headers)
        except (OSError, http.client.HTTPException) as error:
            return 0, repr(error)  # the server unreachable: sent again


def tablet_lines(base: str, made: dict[str, Any]) -> list[Line]:
    """Every line of round 1 of every table, tables interleaved."""
    by_table = []
    for section in made["sections"]:
        for code in section["codes"].values():
            tablet = sign_in(base, code)
            headers = {"Authorization": f"Table {tablet['token']}"}
            path = f"/api/sections/{tablet['section']}/results/"
            lines = []
            for body in round_one(base, tablet):
                key = f"fault-{tablet['section']}-{tablet['table']}-{body['board']}"
                lines.append(
                    Line(
                        tablet["section"],
                        tablet["table"],
                        body["board"],
                        path,
                        body,
                        {**headers, "Idempotency-Key": key},
                    )
                )
            by_table.append(lines)
    return [line for group in zip(*by_table, strict=False) for line in group]


def scored_lines(base: str, sections: list[int]) -> dict[tuple[int, int, int], bool]:
    """(section, table, board) of every stored line: has it its matchpoints?"""
    found = {}
    for section in sections:
        status, rows = call(
            base, "GET", f"/api/sections/{section}/results/", None, director()
        )
        if status != 200:
            raise OSError(f"results of section {section}: HTTP {status}")
        for row in rows:
            found[(section, row["table"], row["board"])] = row["mp_ns"] is not None
    return found


# --- the stack's processes ---------------------------------------------------


def run(*command: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120, check=False, **kwargs
    )


def ctl(*args: str) -> str:
    conf = str(HOME / "supervisord.conf")
    return run(PY, "-m", "supervisor.supervisorctl", "-c", conf, *args).stdout


def program_pid(name: str) -> int:
    digits = "".join(c for c in ctl("pid", name) if c.isdigit())
    return int(digits or 0)


def all_running() -> bool:
    states = [line.split()[1] for line in ctl("status").splitlines() if line.split()]
    return bool(states) and all(state == "RUNNING" for state in states)


def worker_answers() -> bool:
    ping = run(PY, "-m", "celery", "-A", "config", "inspect", "ping", "--timeout", "2")
    return ping.returncode == 0


def web_answers(base: str) -> bool:
    try:
        return call(base, "GET", "/health/")[0] == 200
    except (OSError, http.client.HTTPException):
        return False


def redis_cli(*args: str) -> str:
    url = urlsplit(os.environ["REDIS_URL"])
    env = {**os.environ, "REDISCLI_AUTH": url.password or ""}
    return run(
        "redis-cli", "-h", "127.0.0.1", "-p", str(url.port), *args, env=env
    ).stdout.strip()


def redis_stop() -> None:
    redis_cli("shutdown")
    wait_until(lambda: redis_cli("ping") != "PONG", 30, "Redis stopped")


def redis_start() -> None:
    run("redis-server", str(HOME / "redis" / "redis.conf"))
    wait_until(lambda: redis_cli("ping") == "PONG", 30, "Redis back")


def postgres_restart() -> None:
    pg_ctl = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    command = [pg_ctl[-1] if pg_ctl else "pg_ctl"]
    command += ["-D", str(HOME / "pg" / "data"), "-m", "fast", "-w", "-t", "60"]
    command += ["-l", str(HOME / "pg" / "postgresql.log"), "restart"]
    if os.getuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    done = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120
    )
    if done.returncode != 0:
        raise CheckFailed(f"pg_ctl restart failed: {done.stderr!r}")


def children(pid: int) -> list[int]:
    found = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return found


def wait_until(check: Callable[[], bool], seconds: float, what: str) -> float:
    """Seconds until ``check()`` holds; CheckFailed past ``seconds``."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > seconds:
            raise CheckFailed(f"{what}: not within {seconds:.0f} s")
        time.sleep(0.3)
    return time.monotonic() - started


# --- the faults ----------------------------------------------------------------


@dataclass
class Fault:
    """A fault: what it does, and what says the stack is back after it."""

    name: str
    strike: Callable[[], None]
    back: Callable[[], bool]


def faults(base: str) -> list[Fault]:
    state: dict[str, Any] = {}

    def redis_outage() -> None:
        redis_stop()
        time.sleep(REDIS_SECONDS)
        redis_start()

    def kill_worker() -> None:
        state["worker"] = program_pid("worker")
        os.kill(state["worker"], signal.SIGKILL)

    def worker_back() -> bool:
        pid = program_pid("worker")
        return pid not in (0, state["worker"]) and worker_answers()

    def kill_web_worker() -> None:
        master = program_pid("web")
        state["web"] = (master, len(children(master)))
        os.kill(children(master)[0], signal.SIGKILL)

    def web_back() -> bool:
        master, count = state["web"]
        return len(children(master)) == count and web_answers(base)

    return [
        Fault(f"redis-{REDIS_SECONDS:.0f}s", redis_outage, worker_answers),
        Fault("worker-kill", kill_worker, worker_back),
        Fault("postgresql-restart", postgres_restart, lambda: web_answers(base)),
        Fault("web-worker-kill", kill_web_worker, web_back),
    ]


def play_fault(
    fault: Fault, submitter: Submitter, base: str, sections: list[int]
) -> dict[str, Any]:
    """Strike, wait for the stack to be back, then for the lines to be
    scored; what the fault cost."""
    started = time.monotonic()
    errors_before = len(submitter.errors)
    retries_before = len(submitter.retries)
    fault.strike()
    struck = time.monotonic()
    back = wait_until(fault.back, BACK_SECONDS, f"{fault.name}: the stack back")
    wait_until(all_running, BACK_SECONDS, f"{fault.name}: every program running")
    recovered = struck + back
    owed = [line for line in submitter.lines if line.stored_at is not None]
    scored_after = None
    while True:
        try:
            found = scored_lines(base, sections)
        except (OSError, http.client.HTTPException):
            found = {}
        if found and all(
            found.get((line.section, line.table, line.board)) for line in owed
        ):
            scored_after = time.monotonic() - recovered
            break
        if time.monotonic() - recovered > SCORED_SECONDS + 30:
            break
        time.sleep(0.5)
    window = [line for line in submitter.lines if started <= line.first_sent]
    stored = [line for line in window if line.stored_at is not None]
    return {
        "fault": fault.name,
        "sent": len(window),
        "stored": len(stored),
        "owed": len(owed),
        "scored": sum(
            1 for line in owed if found.get((line.section, line.table, line.board))
        ),
        "errors": submitter.errors[errors_before:],
        "retries": submitter.retries[retries_before:],
        "lasted": struck - started,
        "back": back,
        "scored_after": scored_after,
    }


def report(outcome: dict[str, Any]) -> str:
    scored_after = outcome["scored_after"]
    retried = ", ".join(
        f"{outcome['retries'].count(status)} {'refused' if status == 0 else status}"
        for status in sorted(set(outcome["retries"]))
    )
    return (
        f"  fault {outcome['fault']}: {outcome['sent']} lines sent, "
        f"{outcome['stored']} stored, {outcome['scored']}/{outcome['owed']} "
        f"stored lines scored, {len(outcome['errors'])} HTTP 500; the fault "
        f"lasted {outcome['lasted']:.1f} s, every program back "
        f"{outcome['back']:.1f} s after it, every line scored "
        + (f"{scored_after:.1f} s" if scored_after is not None else "NOT")
        + " after"
        + (f" (sent again after: {retried})" if retried else "")
    )


def main(argv: list[str]) -> int:
    if len(argv) != 3 or not HOME.name:
        print(__doc__, file=sys.stderr)
        return 2
    base, made = argv[1], json.loads(Path(argv[2]).read_text())
    sections = [section["id"] for section in made["sections"]]
    failures = []
    submitter = Submitter(base, tablet_lines(base, made))
    thread = threading.Thread(target=submitter.run, daemon=True)
    try:
        print(f"  {len(submitter.lines)} lines to post, one every {PACE} s")
        thread.start()
        time.sleep(2)
        for fault in faults(base):
            outcome = play_fault(fault, submitter, base, sections)
            print(report(outcome), flush=True)
            for _when, status, body in outcome["errors"]:
                failures.append(f"{fault.name}: HTTP {status} {body}")
            if outcome["scored_after"] is None or (
                outcome["scored_after"] > SCORED_SECONDS
            ):
                failures.append(
                    f"{fault.name}: stored lines not scored within "
                    f"{SCORED_SECONDS:.0f} s of the recovery"
                )
    except CheckFailed as error:
        print(f"stack check FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        submitter.stop.set()
        thread.join(timeout=60)
    unstored = [
        line for line in submitter.lines if line.first_sent and not line.stored_at
    ]
    if unstored:
        # The last line may have been cut short by the stop: post it once more.
        submitter.stop.clear()
        for line in unstored:
            submitter._store(line)
    lost = [
        line.body for line in submitter.lines if line.first_sent and not line.stored_at
    ]
    found = scored_lines(base, sections)
    missing = [
        line.body
        for line in submitter.lines
        if line.stored_at and (line.section, line.table, line.board) not in found
    ]
    print(
        f"  {submitter.posted} lines posted in all, {len(found)} stored, "
        f"{len(lost) + len(missing)} lost"
    )
    failures += [f"line lost: {body}" for body in lost + missing]
    if failures:
        print("stack check FAILED:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
