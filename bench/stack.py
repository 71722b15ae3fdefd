"""The processes of a live Donne stack, started and stopped by the caller.

``bench/live.py`` and the live tests need a real server, not Django's test
client: gunicorn with 4 sync workers (the production server, several
processes writing to one database), and for the production stack a
throwaway PostgreSQL cluster, a Redis broker and a Celery worker.  Every
process listens on 127.0.0.1 only, lives in a temporary folder and is
stopped by the context manager that started it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
HOST = "127.0.0.1"


def free_port(low: int, high: int) -> int:
    """The first port of ``low``..``high`` nobody listens on at 127.0.0.1."""
    for port in range(low, high + 1):
        with socket.socket() as probe:
            try:
                probe.bind((HOST, port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {low}-{high}")


def django_env(database_url: str, redis_url: str = "") -> dict[str, str]:
    """The environment of a Donne process on ``database_url``, as in production
    (DEBUG off); Celery runs eagerly unless ``redis_url`` is given."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "CELERY_TASK_ALWAYS_EAGER"}
    }
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(32),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        # Plain HTTP on 127.0.0.1: no redirect to HTTPS, no secure cookies.
        DJANGO_HTTPS="0",
        LOG_LEVEL="WARNING",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def manage(args: list[str], env: dict[str, str], timeout: float = 300) -> str:
    """Run ``manage.py ARGS`` and return its output (raise with stderr on failure)."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr}")
    return done.stdout


def wait_until_serving(url: str, process: subprocess.Popen, timeout: float) -> None:
    """Poll ``url`` until it answers (any HTTP status), or fail."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {process.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")


def stop(process: subprocess.Popen, timeout: float = 30) -> None:
    """Terminate one process we started, killing it if it does not stop."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str],
    port: int,
    log: Path,
    workers: int = 4,
    asgi: bool = False,
    preload: bool = False,
) -> Iterator[str]:
    """Serve Donne with gunicorn on 127.0.0.1:``port``; yield its base URL.

    ``asgi``: the server ``serve.sh`` and ``stack.sh`` run (``config.asgi``,
    the push streams beside Django's views in threads), else sync workers.
    ``preload``: import the site once in the master, then fork the workers
    (as ``serve.sh`` does), instead of each worker importing it.
    """
    app = (
        ["config.asgi:application", "-k", "config.push_worker.PushWorker"]
        if asgi
        else ["config.wsgi:application"]
    )
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", *app,
             "--bind", f"{HOST}:{port}", "--workers", str(workers),
             "--timeout", "120", "--backlog", "2048",
             *(["--preload"] if preload else [])],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            base = f"http://{HOST}:{port}"
            wait_until_serving(f"{base}/api/games/", process, timeout=90)
            yield base
        finally:
            stop(process)


@contextlib.contextmanager
def celery_worker(env: dict[str, str], log: Path) -> Iterator[None]:
    """A Celery worker (2 processes) consuming Donne's queue."""
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker",
             "--concurrency", "2", "--loglevel", "WARNING", "--without-gossip",
             "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            yield
        finally:
            stop(process)


@contextlib.contextmanager
def redis(port: int, folder: Path) -> Iterator[str]:
    """A throwaway Redis on 127.0.0.1:``port`` that saves nothing; yield its URL."""
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", HOST, "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex((HOST, port)) == 0:
                    break
            time.sleep(0.1)
        yield f"redis://{HOST}:{port}/0"
    finally:
        stop(process)


def _as_postgres(args: list[str]) -> list[str]:
    """Run a PostgreSQL binary as the ``postgres`` user when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@contextlib.contextmanager
def postgres(port: int) -> Iterator[str]:
    """A throwaway PostgreSQL 15 cluster on 127.0.0.1:``port``; yield a URL
    to its fresh ``donne`` database.  The cluster's folder goes at the end."""
    folder = Path(tempfile.mkdtemp(prefix="donne-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    try:
        subprocess.run(
            _as_postgres([str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres",
                          "--auth=trust", "-E", "UTF8", "--no-sync"]),
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        options = f"-h {HOST} -p {port} -k {folder} -c max_connections=200 -c fsync=on"
        subprocess.run(
            _as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-w",
                          "-l", str(folder / "server.log"), "-o", options, "start"]),
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        try:
            subprocess.run(
                _as_postgres([str(PG_BIN / "createdb"), "-h", HOST, "-p", str(port),
                              "-U", "postgres", "donne"]),
                check=True, capture_output=True, timeout=60,
            )  # fmt: skip
            yield f"postgres://postgres@{HOST}:{port}/donne"
        finally:
            subprocess.run(
                _as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-w",
                              "-m", "fast", "stop"]),
                capture_output=True, timeout=120,
            )  # fmt: skip
    finally:
        shutil.rmtree(folder, ignore_errors=True)
