"""Settings come from the environment: embedded by default, production by URL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from settings_probe import probed

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
    "secret": settings.SECRET_KEY,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "hsts": settings.SECURE_HSTS_SECONDS,
    "secure_cookies": settings.SESSION_COOKIE_SECURE,
    "hasher": settings.PASSWORD_HASHERS[0],
}))
"""


SCRUBBED = {
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DONNE_PUBLIC_URL",
    "DJANGO_HTTPS",
    # Set by the browser tests (Playwright's event loop) in this process.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def settings_under(**environ: str) -> dict:
    return probed(PROBE, environ, SCRUBBED.__contains__)


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


def test_production_hashes_passwords_slowly_and_only_the_suite_fast():
    """A stolen database must not give the directors' passwords away: the
    served settings, debug or not, keep a slow key-derivation hasher; only the
    suite's settings (``config.testing``) swap in a fast one."""
    slow = {"PBKDF2PasswordHasher", "Argon2PasswordHasher", "ScryptPasswordHasher"}
    for environ in ({}, {"DJANGO_DEBUG": "1"}):
        assert settings_under(**environ)["hasher"].rsplit(".", 1)[1] in slow
    from django.conf import settings

    assert settings.PASSWORD_HASHERS == [
        "django.contrib.auth.hashers.MD5PasswordHasher"
    ]


def test_debug_is_off_unless_asked_for():
    assert settings_under()["debug"] is False
    assert settings_under(DJANGO_DEBUG="1")["debug"] is True


def test_without_a_secret_key_one_is_made_once_in_the_data_folder(tmp_path):
    """No key anybody else knows: a random one, written once (mode 600) and
    read again by the next process, never the repository's."""
    first = settings_under(DONNE_DATA_DIR=str(tmp_path))["secret"]
    second = settings_under(DONNE_DATA_DIR=str(tmp_path))["secret"]
    kept = tmp_path / "secret_key"
    assert first == second == kept.read_text().strip()
    assert len(first) >= 50
    assert kept.stat().st_mode & 0o777 == 0o600
    assert settings_under()["secret"] != first
    tracked = subprocess.run(
        ["git", "grep", "-l", first], cwd=ROOT, capture_output=True, text=True
    )
    assert tracked.stdout == ""


def test_production_turns_every_https_protection_on():
    found = settings_under(DJANGO_SECRET_KEY="x" * 60)
    assert found["ssl_redirect"] is True
    assert found["secure_cookies"] is True
    assert found["hsts"] == 365 * 24 * 60 * 60


def test_a_room_served_over_plain_http_is_not_redirected_to_https():
    """scripts/serve.sh serves the club's network on http://: a redirect to
    HTTPS or a secure cookie would leave every tablet without a session."""
    found = settings_under(DONNE_PUBLIC_URL="http://192.168.1.20:8000")
    assert (found["ssl_redirect"], found["secure_cookies"], found["hsts"]) == (
        False,
        False,
        0,
    )


def test_check_deploy_is_clean_with_the_production_environment(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in SCRUBBED}
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="k" + os.urandom(40).hex(),
        DJANGO_ALLOWED_HOSTS="donne.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
        DONNE_DATA_DIR=str(tmp_path),
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "System check identified no issues (0 silenced)." in out.stdout
