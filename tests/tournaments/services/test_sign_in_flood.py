"""A flood of wrong codes from the room's one address never shuts the room out.

Every tablet of a club reaches the server from one address.  A guesser there
dropping its cookies (a new device every five codes) types 200 wrong codes:
the tablets that have signed in before still sign in with their right code,
on the page and through the API, while the guesser, and any device that
never signed in, is refused unread (429 with ``Retry-After``, the same
answer for a right code as for a wrong one) until the flood passes.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from tournaments.models import SignInFailure
from tournaments.services import sign_in_locks as locks
from tournaments.terminal import access

pytestmark = pytest.mark.django_db

SIGN_IN = "/table/"
API = "/api/table-sign-in/"


def code_of(section, number: int) -> str:
    return section.table_set.get(number=number).code


def api_sign_in(client: Client, code: str):
    return client.post(API, {"code": code}, content_type="application/json")


def page_sign_in(client: Client, code: str):
    return client.post(SIGN_IN, {"code": code})


def guess(count: int) -> list[int]:
    """``count`` wrong codes from one address, a new device every five, half
    on the page and half through the API: their status codes."""
    statuses = []
    for n in range(count):
        if n % 5 == 0:
            guesser = Client()
        send = page_sign_in if n % 2 else api_sign_in
        statuses.append(send(guesser, f"WRONG{n:03d}").status_code)
    return statuses


def signed_in_tablet(section, number: int) -> Client:
    """A tablet that signed in at table ``number`` on the page, then out."""
    tablet = Client()
    assert page_sign_in(tablet, code_of(section, number)).status_code == 302
    assert tablet.post("/table/sign-out/").status_code == 302
    return tablet


def signed_in_app(section, number: int) -> Client:
    """An app (keeping its cookies) that signed in through the API, then out."""
    app = Client()
    token = api_sign_in(app, code_of(section, number)).json()["token"]
    out = app.post("/api/table-sign-out/", headers={"Authorization": f"Table {token}"})
    assert out.status_code == 204
    return app


def assert_refused_unread(response) -> None:
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 5 * 60
    assert "Too many wrong codes from this network" in response.content.decode()


def flood(count: int = locks.FLOOD_FAILURES) -> None:
    """``count`` wrong codes from the room's address, as rows (quicker)."""
    now = timezone.now()
    SignInFailure.objects.bulk_create(
        SignInFailure(at=now, device=f"d{n}", address="127.0.0.1", code="X")
        for n in range(count)
    )


def test_200_wrong_codes_do_not_refuse_the_rooms_tablets_a_right_code(section):
    tablet = signed_in_tablet(section, 2)
    app = signed_in_app(section, 3)
    # 160 wrong codes stored as the sign-in stores them (quicker), then the
    # last 40 typed, on the page and through the API, by 8 "devices".
    flood(locks.FLOOD_FAILURES - 40)
    assert guess(40) == [400] * 40
    assert SignInFailure.objects.filter(address="127.0.0.1").count() == 200

    page = page_sign_in(tablet, code_of(section, 2))
    assert page.status_code == 302 and page["Location"] == "/table/play/"
    assert tablet.get("/table/play/").status_code == 200
    api = api_sign_in(app, code_of(section, 3))
    assert api.status_code == 200 and api.json()["table"] == 3
    round_url = f"/api/sections/{section.pk}/tables/3/round/"
    headers = {"Authorization": f"Table {api.json()['token']}"}
    assert app.get(round_url, headers=headers).status_code == 200

    # The guesser (a new device) is still stopped, and learns nothing: a
    # right code gets the same refusal as a wrong one, unread.
    right = Client()
    assert_refused_unread(page_sign_in(right, code_of(section, 1)))
    assert_refused_unread(page_sign_in(Client(), "WRONG9"))
    assert_refused_unread(api_sign_in(Client(), code_of(section, 1)))
    assert_refused_unread(api_sign_in(Client(), "WRONG9"))
    assert right.session.get(access.SESSION_KEY) is None
    # Refused unread: nothing stored, so hammering costs the database nothing.
    assert SignInFailure.objects.count() == locks.FLOOD_FAILURES


def test_a_tablet_that_signed_in_before_keeps_its_own_lock(section):
    """Exempt from the flood, not from its own five wrong codes."""
    tablet = signed_in_tablet(section, 2)
    flood()
    assert [page_sign_in(tablet, "WRONG1").status_code for _ in range(5)] == [400] * 5
    locked = page_sign_in(tablet, code_of(section, 2))
    assert locked.status_code == 429
    assert "Too many wrong codes from this tablet" in locked.content.decode()
    assert 1 <= int(locked["Retry-After"]) <= 5 * 60


def test_a_device_that_never_signed_in_waits_for_the_flood_to_pass(section):
    flood()
    newcomer = Client()
    assert_refused_unread(page_sign_in(newcomer, code_of(section, 1)))
    page = newcomer.get(SIGN_IN).content.decode()
    assert "Too many wrong codes from this network" in page
    SignInFailure.objects.update(at=timezone.now() - locks.WINDOW)
    response = page_sign_in(newcomer, code_of(section, 1))
    assert response.status_code == 302 and response["Location"] == "/table/play/"
