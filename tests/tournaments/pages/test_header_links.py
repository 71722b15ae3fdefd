"""The public header (issue 32): the director's and administration links are
shown only to a signed-in director, never to the players."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

DIRECTOR_LINK = '<a href="/director/">Director</a>'
ADMIN_LINK = '<a href="/admin/">Administration</a>'


def header(client: Client) -> str:
    page = client.get(reverse("tournaments:home"))
    assert page.status_code == 200
    text = page.content.decode()
    return text[text.index("<header>") : text.index("</header>")]


def test_a_player_sees_no_director_or_administration_link(client):
    shown = header(client)
    assert "Administration" not in shown and "/admin/" not in shown
    assert "/director/" not in shown
    assert "Sign in" in shown  # the director's way in stays


def test_a_signed_in_player_who_is_not_staff_sees_none_either(
    client, django_user_model
):
    client.force_login(django_user_model.objects.create_user("ann", password="pw"))
    shown = header(client)
    assert "Administration" not in shown and "/director/" not in shown


def test_a_director_sees_both_links_and_reaches_the_dashboard(director):
    shown = header(director)
    assert DIRECTOR_LINK in shown and ADMIN_LINK in shown
    assert director.get("/director/").status_code == 200
