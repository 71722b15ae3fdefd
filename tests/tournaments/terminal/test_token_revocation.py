"""The table terminal's sign-in is a grant too: its sign-out button revokes
it, and a tablet whose grant was revoked goes back to the sign-in page,
which says why (signed out: sign in again)."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import TabletGrant
from tournaments.services.closing import close_session
from tournaments.services.tablet_access import SESSION_KEY
from tournaments.services.tablet_grants import give_new_code, revoke_section
from tournaments.services.tokens import read_table_token

pytestmark = pytest.mark.django_db

PLAY = "/table/play/"


def tablet(section, number: int = 1) -> Client:
    """A tablet signed in at table ``number`` through the terminal's page."""
    client = Client(REMOTE_ADDR="10.0.0.9")
    code = section.table_set.get(number=number).code
    response = client.post(reverse("terminal:sign-in"), {"code": code})
    assert response.status_code == 302 and response["Location"] == PLAY
    assert client.get(PLAY).status_code == 200
    return client


def sent_back(client: Client, reason: str) -> None:
    """The tablet is sent to the sign-in page, which says why, once."""
    response = client.get(PLAY)
    assert response.status_code == 302
    assert response["Location"] == reverse("terminal:sign-in")
    page = client.get(response["Location"])
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert "signed out" in text and "sign in again" in text and reason in text
    again = html.unescape(client.get(reverse("terminal:sign-in")).content.decode())
    assert "signed out" not in again


def test_a_terminal_sign_in_stores_a_grant(section):
    client = tablet(section, 2)
    grant = TabletGrant.objects.get()
    assert (grant.table.number, grant.via, grant.address) == (2, "terminal", "10.0.0.9")
    token = read_table_token(client.session[SESSION_KEY])
    assert token.grant_id == grant.pk


def test_the_sign_out_button_revokes_the_grant(section):
    client = tablet(section)
    token = client.session[SESSION_KEY]
    page = client.get(PLAY).content.decode()
    assert f'action="{reverse("terminal:sign-out")}" method="post"' in page
    assert client.get(reverse("terminal:sign-out")).status_code == 405
    response = client.post(reverse("terminal:sign-out"))
    assert response.status_code == 302
    grant = TabletGrant.objects.get()
    assert grant.revoked_why == "signed-out" and grant.revoked_at is not None
    # A copy of the session's token is dead as well, in the API.
    copied = Client().get(
        reverse("api-section-results", args=[section.pk]),
        headers={"Authorization": f"Table {token}"},
    )
    assert copied.status_code == 401
    assert client.get(PLAY).status_code == 302


def test_the_sign_out_needs_the_csrf_token(section):
    client = Client(enforce_csrf_checks=True)
    code = section.table_set.get(number=1).code
    page = client.get(reverse("terminal:sign-in"))
    csrf = page.cookies["csrftoken"].value
    client.post(
        reverse("terminal:sign-in"), {"code": code, "csrfmiddlewaretoken": csrf}
    )
    assert client.get(PLAY).status_code == 200
    assert client.post(reverse("terminal:sign-out")).status_code == 403
    assert TabletGrant.objects.get().revoked_at is None


def test_the_directors_sign_out_sends_the_tablet_back(section):
    client = tablet(section)
    other = tablet(section, 2)
    assert revoke_section(section, None) == 2
    sent_back(client, "by the director")
    sent_back(other, "by the director")
    assert tablet(section).get(PLAY).status_code == 200


def test_a_new_code_sends_the_tables_tablet_back(section):
    client = tablet(section, 1)
    other = tablet(section, 2)
    give_new_code(section.table_set.get(number=1))
    sent_back(client, "the table has a new code")
    assert other.get(PLAY).status_code == 200


def test_the_sessions_close_sends_the_tablets_back(section):
    client = tablet(section)
    close_session(section.session, confirmed=True)
    sent_back(client, "the session is closed")


def test_a_revoked_tablet_cannot_post_a_line(section):
    client = tablet(section)
    revoke_section(section, None)
    url = reverse("terminal:board", args=[1, 1])
    response = client.post(
        url, {"level": "3", "strain": "NT", "declarer": "N", "result": "="}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("terminal:sign-in")
    assert not section.boards.get(number=1).results.exists()
