"""Settings come from the environment: embedded by default, production by URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json
from django.conf import settings
import django
django.setup()
from config.celery import app
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "name": str(settings.DATABASES["default"]["NAME"]),
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "broker": app.conf.broker_url,
    "debug": settings.DEBUG,
}))
"""


def settings_under(**environ: str) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG"}
    }
    env.update(environ, DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_it_runs_embedded_with_no_environment():
    found = settings_under()
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"].endswith("db.sqlite3")
    assert found["eager"] is True
    assert found["broker"] == "memory://"


def test_database_url_switches_to_postgresql():
    found = settings_under(DATABASE_URL="postgres://donne:pw@127.0.0.1:5432/donne")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "donne"


def test_redis_url_switches_celery_to_real_workers():
    found = settings_under(REDIS_URL="redis://127.0.0.1:6379/0")
    assert found["eager"] is False
    assert found["broker"] == "redis://127.0.0.1:6379/0"


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_DEBUG="0", DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in out.stderr
