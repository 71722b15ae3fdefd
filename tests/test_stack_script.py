"""``scripts/stack.sh`` without starting anything: its environment file is
read as data (never run as shell code), its refusals are clear, and a home
folder that was never started has nothing to stop.  The whole stack runs in
``scripts/stack_check.sh``."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STACK = ROOT / "scripts" / "stack.sh"


def stack(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DONNE_HOME": str(home)}
    return subprocess.run(
        [str(STACK), *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_the_env_file_is_read_as_data(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    proof = tmp_path / "ran"
    (home / "donne.env").write_text(
        "# a comment\n"
        f"DJANGO_SECRET_KEY=$(touch {proof})\n"
        f"DONNE_PUBLIC_URL=`touch {proof}`; touch {proof}\n"
        "DATABASE_URL=postgresql://donne:pw@127.0.0.1:5999/donne\n"
        "REDIS_URL=redis://:pw@127.0.0.1:6999/0\n"
    )
    done = stack(home, "env")
    assert done.returncode == 0, done.stderr
    assert not proof.exists()
    exported = dict(
        shlex.split(line)[1].split("=", 1) for line in done.stdout.splitlines()
    )
    assert exported["DJANGO_SECRET_KEY"] == f"$(touch {proof})"
    assert exported["DONNE_PUBLIC_URL"] == f"`touch {proof}`; touch {proof}"
    # And evaluating the export lines, as the README says, runs nothing either.
    subprocess.run(["bash", "-c", done.stdout], check=True, timeout=30)
    assert not proof.exists()


def test_a_bad_line_in_the_env_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "donne.env").write_text("export FOO=bar\n")
    done = stack(tmp_path, "env")
    assert done.returncode == 1
    assert "bad line" in done.stderr


def test_status_before_the_first_start_says_so(tmp_path: Path) -> None:
    done = stack(tmp_path, "status")
    assert done.returncode == 1
    assert "run" in done.stderr and "start" in done.stderr


def test_stop_before_the_first_start_is_harmless(tmp_path: Path) -> None:
    done = stack(tmp_path, "stop")
    assert done.returncode == 0
    assert "nothing to stop" in done.stdout


def test_a_home_with_a_space_is_refused(tmp_path: Path) -> None:
    done = stack(tmp_path / "a b", "status")
    assert done.returncode == 2
    assert "no spaces" in done.stderr
    assert not (tmp_path / "a b").exists()


def test_restore_needs_a_file_and_yes_off_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "donne.env").write_text(
        "DATABASE_URL=postgresql://donne:pw@127.0.0.1:5999/donne\n"
        "REDIS_URL=redis://:pw@127.0.0.1:6999/0\n"
    )
    missing = stack(tmp_path, "restore", str(tmp_path / "none.dump"), "--yes")
    assert missing.returncode == 1
    assert "no backup file" in missing.stderr
    backup = tmp_path / "donne-20261125T030000Z.dump"
    backup.write_bytes(b"PGDMP")
    unconfirmed = subprocess.run(
        [str(STACK), "restore", str(backup)],
        env={**os.environ, "DONNE_HOME": str(tmp_path)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert unconfirmed.returncode == 1
    assert "add --yes" in unconfirmed.stderr


def test_unknown_commands_show_the_usage(tmp_path: Path) -> None:
    for args in (("launch",), ("start", "now"), ()):
        done = stack(tmp_path, *args)
        assert done.returncode == 2
        assert "Usage:" in done.stderr


def test_logs_shows_the_last_lines_of_each_log(tmp_path: Path) -> None:
    """``stack.sh logs``: every program's log (supervisord writes them), the
    others' (access, Redis, PostgreSQL, supervisord), or one named."""
    log = tmp_path / "log"
    log.mkdir()
    (log / "worker.log").write_text("".join(f"worker line {n}\n" for n in range(9)))
    (log / "web.log").write_text("Traceback: in a gunicorn worker\n")
    everything = stack(tmp_path, "logs", "-n", "3")
    assert everything.returncode == 0, everything.stderr
    assert f"==> {log}/worker.log <==" in everything.stdout
    assert "worker line 8" in everything.stdout
    assert "worker line 5" not in everything.stdout
    assert "Traceback: in a gunicorn worker" in everything.stdout
    assert "beat: no log yet" in everything.stdout
    assert "postgresql: no log yet" in everything.stdout
    one = stack(tmp_path, "logs", "worker", "-n", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout.splitlines()[-2:] == ["worker line 7", "worker line 8"]
    assert "gunicorn" not in one.stdout


def test_logs_of_an_unknown_program_are_refused(tmp_path: Path) -> None:
    done = stack(tmp_path, "logs", "celery")
    assert done.returncode == 1
    assert "no log named 'celery'" in done.stderr
    assert "web worker beat" in done.stderr
    assert stack(tmp_path, "logs", "-n", "many").returncode == 2


def test_status_before_a_start_names_every_program_down(tmp_path: Path) -> None:
    (tmp_path / "donne.env").write_text(
        "DATABASE_URL=postgresql://donne:pw@127.0.0.1:5999/donne\n"
        "REDIS_URL=redis://:pw@127.0.0.1:6999/0\n"
        "DONNE_PG_PORT=5999\nDONNE_REDIS_PORT=6999\nDONNE_HTTP_PORT=8999\n"
    )
    done = stack(tmp_path, "status")
    assert done.returncode == 1
    states = [line.split()[:2] for line in done.stdout.splitlines()]
    assert states == [
        ["postgresql", "down"],
        ["redis", "down"],
        ["web", "down"],
        ["worker", "down"],
        ["beat", "down"],
    ]
    assert "supervisord not running" in done.stdout
