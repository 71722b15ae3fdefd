"""The demo as ``scripts/demo.sh`` serves it (issue 32): DEBUG off, so a
player opening a wrong address sees the site's own "Page not found" with a
link home, never Django's debug page listing every URL.  The real script,
on its own SQLite file, static folder and data folder."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator

import pytest
from room_server import CLEARED, ROOT, Visitor, free_port


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Iterator[str]:
    """``scripts/demo.sh`` serving on a free port: its address."""
    folder = tmp_path_factory.mktemp("demo")
    port = free_port(("127.0.0.1",))
    env = {key: value for key, value in os.environ.items() if key not in CLEARED}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'demo.sqlite3'}",
        DJANGO_STATIC_ROOT=str(folder / "static"),
        DONNE_DATA_DIR=str(folder / "data"),
        DONNE_NO_INSTALL="1",
        DONNE_PORT=str(port),
        LOG_LEVEL="WARNING",
    )
    log = folder / "demo.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            ["bash", "scripts/demo.sh"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while True:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                if Visitor("127.0.0.1").get(f"{base}/health/").status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def test_a_wrong_address_shows_the_sites_own_404_page(demo):
    reply = Visitor("127.0.0.1").get(f"{demo}/no-such-page/")
    assert reply.status == 404
    assert "<h1>Page not found</h1>" in reply.text
    assert '<a class="button" href="/">Back to the home page</a>' in reply.text
    assert "URLconf" not in reply.text and "director/" not in reply.text
    assert "DEBUG = True" not in reply.text


def test_the_demo_serves_its_pages_and_styles_and_its_director_signs_in(demo):
    home = Visitor("127.0.0.1").get(f"{demo}/")
    assert home.status == 200 and "/static/donne." in home.text
    css = home.text.split('<link rel="stylesheet" href="')[1].split('"')[0]
    assert Visitor("127.0.0.1").get(f"{demo}{css}").status == 200
    director = Visitor("127.0.0.1")
    assert director.log_in(demo, "director", "donne-demo").status == 302
    assert director.get(f"{demo}/director/").status == 200
