"""The systemd units of ``deploy/systemd`` are units systemd accepts.

``systemd-analyze verify`` reads each unit as systemd would, in a throwaway
root holding the commands they start (this machine runs no systemd to start
them): a misspelt directive or value, a bad ``Restart=``, a missing command
is reported.  Each unit must restart its program whatever way it exits
(``Restart=always``, no start limit), as supervisord does under
``scripts/stack.sh``.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

UNITS = sorted(
    (Path(__file__).resolve().parents[1] / "deploy" / "systemd").glob("*.service")
)
ANALYZE = shutil.which("systemd-analyze")


def unit_root(folder: Path) -> Path:
    """A root with systemd's own units, the commands the units run, and ours."""
    shutil.copytree(
        "/usr/lib/systemd/system", folder / "usr/lib/systemd/system", symlinks=True
    )
    bin_dir = folder / "opt/donne/.venv/bin"
    bin_dir.mkdir(parents=True)
    for command in ("celery", "gunicorn"):
        (bin_dir / command).write_text("#!/bin/sh\n")
        (bin_dir / command).chmod(0o755)
    (folder / "bin").mkdir()
    shutil.copy("/bin/kill", folder / "bin/kill")
    units = folder / "etc/systemd/system"
    units.mkdir(parents=True)
    for unit in UNITS:
        shutil.copy(unit, units / unit.name)
    return units


@pytest.mark.skipif(ANALYZE is None, reason="no systemd-analyze")
def test_systemd_accepts_every_unit(tmp_path):
    assert [unit.name for unit in UNITS] == [
        "donne-beat.service", "donne-web.service", "donne-worker.service",
    ]  # fmt: skip
    units = unit_root(tmp_path)
    done = subprocess.run(
        [ANALYZE, "verify", f"--root={tmp_path}", *sorted(units.glob("*.service"))],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    ours = [line for line in done.stderr.splitlines() if "donne-" in line]
    assert done.returncode == 0 and ours == [], done.stderr


def test_every_unit_restarts_its_program_whatever_way_it_exits():
    for unit in UNITS:
        text = unit.read_text()
        assert "\nRestart=always\n" in text, unit.name
        assert "\nStartLimitIntervalSec=0\n" in text, unit.name


@pytest.mark.skipif(ANALYZE is None, reason="no systemd-analyze")
def test_a_misspelt_unit_is_caught(tmp_path):
    """The check above can fail: a bad Restart= value is reported."""
    units = unit_root(tmp_path)
    web = units / "donne-web.service"
    web.write_text(web.read_text().replace("Restart=always", "Restart=alwayz"))
    done = subprocess.run(
        [ANALYZE, "verify", f"--root={tmp_path}", web],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert "alwayz" in done.stderr
