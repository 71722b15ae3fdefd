"""``manage.py prepare_room``: ``scripts/serve.sh``'s set-up in one process,
each step only when it has something to do, so that a restart is quick."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def prepare() -> list[str]:
    out = io.StringIO()
    call_command("prepare_room", stdout=out)
    return out.getvalue().splitlines()


def test_a_restart_collects_only_what_changed(tmp_path: Path, settings) -> None:
    sources = tmp_path / "room-static"
    sources.mkdir()
    sheet = sources / "room.css"
    sheet.write_text("body { color: black }")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, sources]
    settings.STATIC_ROOT = tmp_path / "collected"

    first = prepare()
    assert first[0].startswith("migrations: up to date (")
    assert first[1].startswith(f"static files: collected in {tmp_path / 'collected'}")
    assert first[-1] == "directors 0"
    assert (tmp_path / "collected" / "room.css").read_text() == sheet.read_text()

    again = prepare()
    assert again[1].startswith("static files: unchanged (")

    sheet.write_text("body { color: navy }")
    stat = sheet.stat()
    os.utime(sheet, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    get_user_model().objects.create_user("td", password="x", is_staff=True)
    changed = prepare()
    assert changed[1].startswith("static files: collected in ")
    assert (tmp_path / "collected" / "room.css").read_text() == "body { color: navy }"
    assert changed[-1] == "directors 1"


def test_a_collection_lost_is_collected_again(tmp_path: Path, settings) -> None:
    settings.STATIC_ROOT = tmp_path / "collected"
    prepare()
    (tmp_path / "collected" / ".donne-collected").unlink()
    assert prepare()[1].startswith("static files: collected in ")
