"""Read the settings a fresh process makes of an environment.

The settings are read once per process, from the environment: a test of
what they make of one runs ``python -c PROBE`` under it, with the caller's
own variables of the kind under test removed first, and a throwaway data
folder (removed after it) so that a generated secret key never lands in the
checkout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_probe(
    probe: str, environ: dict[str, str], dropped: Callable[[str], bool]
) -> subprocess.CompletedProcess:
    """``probe`` run under this process's environment without the variables
    ``dropped`` names, plus ``environ``, on ``config.settings``."""
    env = {key: value for key, value in os.environ.items() if not dropped(key)}
    with tempfile.TemporaryDirectory(prefix="donne-settings-") as data:
        env["DONNE_DATA_DIR"] = data
        env.update(environ, DJANGO_SETTINGS_MODULE="config.settings")
        return subprocess.run(
            [sys.executable, "-c", probe],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )


def probed(probe: str, environ: dict[str, str], dropped: Callable[[str], bool]) -> dict:
    """The JSON ``probe`` prints, the process having succeeded."""
    done = run_probe(probe, environ, dropped)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
