"""A club night's server for the tests: the real ``scripts/serve.sh``.

``serve_room`` runs the script as a director would (``--address 127.0.0.2
--port P``: 127.0.0.2 stands in for the machine's address on the club's
network) on a throwaway SQLite file, waits until it serves, and stops it
(gunicorn, which the script ``exec``s, and its workers) on the way out.
``Visitor`` is a device of the room: a cookie-keeping HTTP client whose
connections leave from a given loopback address, so that the server sees a
tablet at 127.0.0.2 and the director's browser at 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[2]
CLEARED = {
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_TASK_ALWAYS_EAGER",
    "DONNE_PUBLIC_URL",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
    "DJANGO_DEBUG",
    "DJANGO_SECURE_COOKIES",
    "DJANGO_SETTINGS_MODULE",
}


def free_port(addresses: tuple[str, ...] = ("127.0.0.2", "127.0.0.1")) -> int:
    """A port nobody listens on at any of ``addresses``."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind((addresses[0], 0))
            port = probe.getsockname()[1]
        if all(_free(address, port) for address in addresses):
            return port
    raise RuntimeError("no free port")


def _free(address: str, port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((address, port))
        except OSError:
            return False
        return True


@dataclass
class Room:
    """The running server: where it serves, the environment the script runs
    with, and what it printed."""

    address: str
    script_env: dict[str, str]
    log: Path
    port: int = 0
    process: subprocess.Popen | None = None
    starts: list[str] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)

    @property
    def public(self) -> str:
        """The room's address, as the table cards print it."""
        return f"http://{self.address}:{self.port}"

    @property
    def local(self) -> str:
        """The same server seen from the machine itself."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def env(self) -> dict[str, str]:
        """The environment the served process has: the script's, plus what
        the script exports (the public URL, DEBUG off, the secret key)."""
        env = {**self.script_env, "DONNE_PUBLIC_URL": self.public, "DJANGO_DEBUG": "0"}
        if "DONNE_SECRET_FILE" in env:
            secret = Path(env["DONNE_SECRET_FILE"]).read_text().strip()
            env["DJANGO_SECRET_KEY"] = secret
        return env

    @property
    def output(self) -> str:
        """What the script printed when it started the room first."""
        return self.starts[0] if self.starts else self.log.read_text()

    @property
    def last_output(self) -> str:
        """What the script printed at the latest start."""
        return self.log.read_text()

    def manage(self, *args: str) -> str:
        """``manage.py ARGS`` on the room's database."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr}")
        return done.stdout

    def playing_section(self, tables: int = 3) -> dict:
        """A new event being played; its first section and table codes."""
        made = json.loads(self.manage("bench_section", "--tables", str(tables)))
        return made["sections"][0]

    def director(self, username: str = "td", password: str = "room-pw-2026") -> None:
        code = (
            "from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_superuser({username!r}, "
            f"'td@example.org', {password!r})"
        )
        self.manage("shell", "-c", code)

    def forget_sign_ins(self) -> None:
        """Lift every sign-in lock-out and throttle count: the wrong codes
        (``SignInFailure`` rows; a device no table can be put to shows in
        every section's console) and the cache (the table ``donne_cache`` of
        the embedded default the script keeps), in the room's database."""
        from tournaments.models import SignInFailure

        database = self.env["DATABASE_URL"].removeprefix("sqlite:///")
        with contextlib.closing(sqlite3.connect(database, timeout=20)) as db, db:
            db.execute(f"DELETE FROM {SignInFailure._meta.db_table}")
            db.execute("DELETE FROM donne_cache")

    def restart(self, same_port: bool = False) -> None:
        """Stop the script (as Ctrl-C does) and run it again on the same
        folder, database and secret file: the room on a new port, or at
        once on the same one (``same_port``), as a director does."""
        _stop(self.process)
        self.starts.append(self.log.read_text())
        self._launch(self.port if same_port else None)

    def stop(self) -> None:
        _stop(self.process)

    def _launch(self, port: int | None = None) -> None:
        self.port = port or free_port((self.address, "127.0.0.1"))
        launched = time.monotonic()
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                ["bash", "scripts/serve.sh", "--address", self.address,
                 "--port", str(self.port)],
                cwd=ROOT,
                env=self.script_env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self.timings.append(
            _wait(self.public, self.process, self.log, launched, timeout=180)
        )


@contextlib.contextmanager
def serve_room(
    folder: Path, address: str = "127.0.0.2", secret_file: Path | None = None
) -> Iterator[Room]:
    """Run ``scripts/serve.sh --address ADDRESS --port P``; yield the Room.

    With ``secret_file`` the script makes (or reads) its secret key there,
    as it does in ``.donne-secret`` when no DJANGO_SECRET_KEY is given.
    """
    env = {key: value for key, value in os.environ.items() if key not in CLEARED}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'room.sqlite3'}",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(32),
        DONNE_NO_INSTALL="1",
        DONNE_WORKERS="3",
        LOG_LEVEL="WARNING",
    )
    if secret_file is not None:
        del env["DJANGO_SECRET_KEY"]
        env["DONNE_SECRET_FILE"] = str(secret_file)
    room = Room(address, env, folder / "serve.log")
    try:
        room._launch()
        yield room
    finally:
        room.stop()


@dataclass
class Timing:
    """A start of the script: its own set-up (from the launch to its banner)
    and the time from the banner to the first 200 on /health/, in seconds."""

    setup: float
    served: float


def _wait(
    base: str, process: subprocess.Popen, log: Path, launched: float, timeout: float
) -> Timing:
    deadline = time.monotonic() + timeout
    banner = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"serve.sh stopped:\n{log.read_text()}")
        if banner is None and "Ctrl-C to stop." in log.read_text():
            banner = time.monotonic()
        if banner is not None:
            try:
                if Visitor("127.0.0.1").get(f"{base}/health/").status == 200:
                    Visitor("127.0.0.1").get(f"{base}/table/")
                    return Timing(banner - launched, time.monotonic() - banner)
            except OSError:
                pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer:\n{log.read_text()}")


def _stop(process: subprocess.Popen | None) -> None:
    """Stop gunicorn (the script exec'd it: same pid) and its workers."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=30)


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str


@dataclass
class Visitor:
    """A device of the room: keeps its cookies, connects from ``source``."""

    source: str
    cookies: dict[str, str] = field(default_factory=dict)

    def get(self, url: str) -> Reply:
        return self.request("GET", url)

    def post(self, url: str, form: dict[str, str], origin: str | None = None) -> Reply:
        """A form POST as a browser sends it: Origin and Referer of the page."""
        parts = urlsplit(url)
        origin = origin or f"{parts.scheme}://{parts.netloc}"
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": origin,
            "Referer": f"{origin}{parts.path}",
        }
        return self.request("POST", url, urlencode(form).encode(), headers)

    def request(
        self,
        method: str,
        url: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        parts = urlsplit(url)
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(
            parts.hostname, parts.port, timeout=60, source_address=(self.source, 0)
        )
        try:
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode(errors="replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                jar = SimpleCookie()
                jar.load(header)
                for name, morsel in jar.items():
                    self.cookies[name] = morsel.value
            return Reply(response.status, dict(response.headers), text)
        finally:
            connection.close()

    def csrf(self, url: str) -> tuple[Reply, str]:
        """GET the page of a form; its CSRF token."""
        page = self.get(url)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        return page, found.group(1) if found else ""

    def log_in(self, base: str, username: str, password: str) -> Reply:
        """The director signs in through the login page the site uses."""
        url = f"{base}/accounts/login/?next=/director/"
        _, token = self.csrf(url)
        form = {
            "csrfmiddlewaretoken": token,
            "username": username,
            "password": password,
            "next": "/director/",
        }
        return self.post(url, form)
