"""The site's own "Page not found" (issue 32), in both languages, as every
server with DEBUG off (the demo's, the room's, production) shows it."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "title", "home"),
    [
        ("en", "Page not found", "Back to the home page"),
        ("fr", "Page introuvable", "Retour à l'accueil"),
    ],
)
def test_a_wrong_address_is_the_sites_404_page(settings, language, title, home):
    settings.DEBUG = False
    reply = Client(headers={"accept-language": language}).get("/no-such-page/")
    text = reply.content.decode()
    assert reply.status_code == 404
    assert f"<h1>{title}</h1>" in text
    assert f'<a class="button" href="/">{home}</a>' in text
    assert "URLconf" not in text and "admin/" not in text
