"""Every page carries a Content-Security-Policy, and no page needs inline script.

One response of each kind (the public pages and results, the tablet's
terminal, the director's pages and console, the sign-in page, the admin, the
API's JSON, browsable and documentation pages, a 404) carries the policy:
scripts from this site only, never inline.  Donne's own templates hold no
inline script, event handler or style (the guard below), so their pages get
``style-src 'self'`` too; the admin and the API's HTML pages keep inline
styles (``config.content_policy.RELAXED``).  The browser test
(``tests/browser/test_content_policy_browser.py``) checks that the terminal
and the console still work under it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from config.content_policy import policy

ROOT = Path(__file__).resolve().parents[2]
HEADER = "Content-Security-Policy"


def directives(response) -> dict[str, list[str]]:
    found = {}
    for part in response[HEADER].split(";"):
        name, *values = part.split()
        found[name] = values
    return found


def assert_strict_scripts(response) -> dict[str, list[str]]:
    rules = directives(response)
    assert rules["script-src"] == ["'self'"]
    assert rules["default-src"] == ["'self'"]
    assert rules["object-src"] == ["'none'"]
    assert rules["frame-ancestors"] == ["'none'"]
    return rules


@pytest.fixture
def pages(section, django_user_model) -> dict[str, Client]:
    """A tablet signed in at table 1 and a signed-in director."""
    tablet = Client()
    code = section.table_set.get(number=1).code
    assert tablet.post("/table/", {"code": code}).status_code == 302
    director = Client()
    director.force_login(
        django_user_model.objects.create_user(
            "td", password="pw-2026-x", is_staff=True, is_superuser=True
        )
    )
    return {"tablet": tablet, "director": director, "public": Client()}


@pytest.mark.django_db
def test_every_kind_of_page_carries_the_policy(section, pages):
    event = section.session.event_id
    own = {
        "public": ["/", f"/events/{event}/results/", "/accounts/login/", "/nowhere/"],
        "tablet": ["/table/play/", "/table/"],
        "director": [
            "/director/",
            f"/director/sections/{section.pk}/console/",
            f"/director/sections/{section.pk}/console/?partial=1",
        ],
    }
    relaxed = {
        "director": ["/admin/", "/admin/tournaments/player/"],
        "public": ["/api/games/", "/api/docs/", "/api/docs/?script=", "/api/redoc/"],
    }
    for who, urls in own.items():
        for url in urls:
            response = pages[who].get(url)
            assert response.status_code in (200, 404), url
            rules = assert_strict_scripts(response)
            assert rules["style-src"] == ["'self'"], url
    for who, urls in relaxed.items():
        for url in urls:
            response = pages[who].get(url, headers={"Accept": "text/html"})
            assert response.status_code == 200, url
            rules = assert_strict_scripts(response)
            assert rules["style-src"] == ["'self'", "'unsafe-inline'"], url
    browsable = pages["public"].get("/api/clubs/", headers={"Accept": "text/html"})
    assert browsable["Content-Type"].startswith("text/html")
    assert_strict_scripts(browsable)


@pytest.mark.django_db
def test_the_swagger_page_runs_no_inline_script(client):
    page = client.get("/api/docs/").content.decode()
    assert "<script>" not in page
    assert 'src="/api/docs/?script="' in page
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def test_another_origin_for_the_pages_calls_is_added_to_connect_src():
    rules = policy(" https://push.example.org , wss://push.example.org")["DIRECTIVES"]
    assert rules["connect-src"] == [
        "'self'",
        "https://push.example.org",
        "wss://push.example.org",
    ]
    assert policy("")["DIRECTIVES"]["connect-src"] == ["'self'"]


INLINE = {
    "inline script": re.compile(
        r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>"
    ),
    "event handler": re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE),
    "style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE),
    "style block": re.compile(r"<style\b", re.IGNORECASE),
    "javascript: link": re.compile(r"javascript:", re.IGNORECASE),
}


def test_no_template_holds_inline_script_handler_or_style():
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
