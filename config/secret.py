"""The instance's secret key, generated once and kept in its data folder.

Without ``DJANGO_SECRET_KEY`` Donne makes a random key the first time it
starts and keeps it in ``DONNE_DATA_DIR/secret_key`` (mode 600, outside the
repository: ``var/`` is ignored by git), so sessions and table tokens stay
valid across restarts and every process of the instance signs alike, and no
key that anybody else knows ever signs anything.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

KEY_BYTES = 50


def instance_key(path: Path) -> str:
    """The key kept at ``path``, written there first if there is none.

    Two processes starting at once agree: the file is created exclusively,
    and the loser of the race reads the winner's key.
    """
    key = _read(path)
    if key:
        return key
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path) or _refuse(path, "is empty")
    except OSError as error:
        return _refuse(path, f"cannot be written ({error.strerror})")
    key = secrets.token_urlsafe(KEY_BYTES)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    return key


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""


def _refuse(path: Path, why: str) -> str:
    raise ImproperlyConfigured(
        f"Set DJANGO_SECRET_KEY, or let Donne keep one in {path}: it {why}."
    )
