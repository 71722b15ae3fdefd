"""Links for the tablets print the room's public address, whatever address
the director's own browser used (``DONNE_PUBLIC_URL``, set by serve.sh)."""

from __future__ import annotations

import html
import re

import pytest
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse
from whiz_play import WHIZ_FORM

from tournaments.models import Event, Section
from tournaments.public_url import public_url

pytestmark = pytest.mark.django_db

ROOM = "http://192.168.1.20:8000"


def cards(director, section: Section) -> str:
    url = reverse("movement:table-cards", args=[section.pk])
    response = director.get(url, REMOTE_ADDR="127.0.0.1", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_table_cards_and_qr_codes_print_the_public_address(director, section, settings):
    settings.DONNE_PUBLIC_URL = ROOM
    page = cards(director, section)
    for table in section.table_set.all():
        link = f"{ROOM}/table/?code={table.code}"
        assert page.count(link) == 2  # printed under the QR code, and its <title>
        assert f"<title>{link}</title>" in page
    assert "127.0.0.1" not in page


def test_without_the_setting_cards_follow_the_request_as_before(director, section):
    page = cards(director, section)
    code = section.table_set.get(number=1).code
    assert f"http://127.0.0.1:8000/table/?code={code}" in page
    assert "192.168.1.20" not in page


def test_the_qr_code_encodes_the_public_link(director, section, settings):
    """The SVG's modules differ with the text it encodes: the card's QR code
    is the one of the public link, not of the request's address."""
    import segno

    settings.DONNE_PUBLIC_URL = ROOM
    code = section.table_set.get(number=1).code
    page = cards(director, section)
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    expected = segno.make(f"{ROOM}/table/?code={code}", error="m", micro=False)
    local = segno.make(f"http://127.0.0.1:8000/table/?code={code}", error="m")
    path = re.search(r' d="([^"]+)"', svg).group(1)
    assert path in html.unescape(expected.svg_inline(scale=3, border=2))
    assert path not in html.unescape(local.svg_inline(scale=3, border=2))


def test_game_cards_print_the_public_address(director, settings):
    settings.DONNE_PUBLIC_URL = ROOM
    created = director.post(reverse("director:whiz-event-new"), WHIZ_FORM)
    assert created.status_code == 302
    whiz = Event.objects.get()
    url = reverse("director:whiz-cards", args=[whiz.pk])
    page = html.unescape(director.get(url, HTTP_HOST="127.0.0.1:8000").content.decode())
    section = Section.objects.get(session__event=whiz)
    for table in section.table_set.all():
        assert f"{ROOM}/table/?code={table.code}" in page


def test_public_url_helper(settings):
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    settings.DONNE_PUBLIC_URL = ""
    assert public_url(request, "/table/") == "http://127.0.0.1:8000/table/"
    assert public_url(None, "/table/") == "/table/"
    settings.DONNE_PUBLIC_URL = ROOM
    assert public_url(request, "/table/?code=A") == f"{ROOM}/table/?code=A"
    assert public_url(None, "/table/") == f"{ROOM}/table/"


def test_load_demo_prints_the_public_sign_in_links(demo, settings, capsys):
    settings.DONNE_PUBLIC_URL = ROOM
    call_command("load_demo")
    out = capsys.readouterr().out
    links = re.findall(r"sign in at (\S+)\)", out)
    assert links and all(link.startswith(f"{ROOM}/table/?code=") for link in links)
