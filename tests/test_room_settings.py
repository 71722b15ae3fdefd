"""The room's public address: DONNE_PUBLIC_URL and what the settings derive.

``scripts/serve.sh`` exports ``DONNE_PUBLIC_URL``; Django must then accept
that host, trust that origin for the tablets' POSTs, and (served over plain
HTTP on the club's network) send its cookies without the secure flag.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from settings_probe import probed, run_probe

from config import room

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json
from django.conf import settings
print(json.dumps({
    "url": settings.DONNE_PUBLIC_URL,
    "hosts": settings.ALLOWED_HOSTS,
    "origins": settings.CSRF_TRUSTED_ORIGINS,
    "secure": getattr(settings, "SESSION_COOKIE_SECURE", None),
    "csrf_secure": getattr(settings, "CSRF_COOKIE_SECURE", None),
    "debug": settings.DEBUG,
}))
"""

CLEARED = {
    "DONNE_PUBLIC_URL",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
    "DJANGO_DEBUG",
    "DJANGO_SECURE_COOKIES",
}


def found(**environ: str) -> dict:
    return probed(PROBE, environ, CLEARED.__contains__)


def test_without_a_public_url_nothing_changes():
    settings = found()
    assert settings["url"] == ""
    assert settings["hosts"] == ["127.0.0.1", "localhost"]
    assert settings["origins"] == []


def test_the_room_server_accepts_its_address_and_trusts_its_origin():
    settings = found(
        DONNE_PUBLIC_URL="http://192.168.1.20:8000/",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="room-test-key",
    )
    assert settings["url"] == "http://192.168.1.20:8000"
    assert settings["hosts"] == ["127.0.0.1", "localhost", "192.168.1.20"]
    assert settings["origins"] == ["http://192.168.1.20:8000"]
    assert settings["debug"] is False
    assert settings["secure"] is False and settings["csrf_secure"] is False


def test_the_public_url_adds_to_the_environments_hosts_and_origins():
    settings = found(
        DONNE_PUBLIC_URL="https://bridge.example.org",
        DJANGO_ALLOWED_HOSTS="donne.local",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://donne.local",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="room-test-key",
    )
    assert settings["hosts"] == ["donne.local", "bridge.example.org"]
    assert settings["origins"] == ["https://donne.local", "https://bridge.example.org"]
    assert settings["secure"] is True


def test_secure_cookies_can_still_be_forced():
    settings = found(
        DONNE_PUBLIC_URL="http://192.168.1.20:8000",
        DJANGO_SECURE_COOKIES="1",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="room-test-key",
    )
    assert settings["secure"] is True


def test_a_bad_public_url_stops_the_server_saying_why():
    done = run_probe(
        PROBE, {"DONNE_PUBLIC_URL": "192.168.1.20:8000"}, CLEARED.__contains__
    )
    assert done.returncode != 0
    assert "DONNE_PUBLIC_URL must look like http://192.168.1.20:8000" in done.stderr


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("", ""),
        ("  ", ""),
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
        ("HTTP://Club.Local", "http://club.local"),
        ("https://bridge.example.org:8443", "https://bridge.example.org:8443"),
        ("http://[fe80::1]:8000", "http://[fe80::1]:8000"),
    ],
)
def test_public_url_is_an_origin(text, url):
    assert room.public_url(text) == url


@pytest.mark.parametrize(
    "text",
    [
        "192.168.1.20:8000",
        "ftp://192.168.1.20",
        "http://",
        "http://192.168.1.20:8000/donne/",
        "http://192.168.1.20:8000/?a=1",
        "http://user:pw@192.168.1.20:8000",
        "http://192.168.1.20:99999",
        "http://192.168.1.20:port",
    ],
)
def test_a_public_url_that_is_not_an_origin_is_refused(text):
    with pytest.raises(ImproperlyConfigured):
        room.public_url(text)


def test_hosts_and_origins_are_added_once():
    url = "http://192.168.1.20:8000"
    hosts = room.allowed_hosts(["192.168.1.20", ""], url)
    assert hosts == ["192.168.1.20"]
    assert room.trusted_origins([url], url) == [url]
    assert room.allowed_hosts(["a"], "") == ["a"]
    assert room.trusted_origins([""], "") == []
