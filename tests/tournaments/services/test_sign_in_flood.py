"""A flood of wrong codes from the room's one address never shuts the room out.

Every tablet of a club reaches the server from one address.  A guesser there
dropping its cookies (a new device every five codes) types 200 wrong codes:
the tablets that have signed in before still sign in at once with their right
code, on the page and through the API; a device that never signed in has its
code read in its turn, one code every ``TURN_SECONDS`` for the whole address
(429 with ``Retry-After`` until the turn comes, the same answer for a right
code as for a wrong one), so guessing is no faster and a new tablet with the
right code gets in after a wait, never refused.
"""

from __future__ import annotations

import math
import time

import pytest
from django.db.models import F
from django.test import Client
from django.utils import timezone
from race_database import api_client, at_once, in_thread, on_file_database

from tournaments.models import SignInFailure, SignInTurn
from tournaments.services import sign_in_locks as locks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_turn_clock")]

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


def assert_waits_its_turn(response, most: float) -> None:
    """429 until the turn comes: the same answer whatever the code."""
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= most
    assert "yours is read in" in response.content.decode(), response.content


def turns_come() -> None:
    """As if the time of every turn taken had come (quicker than waiting)."""
    SignInTurn.objects.update(slot=F("slot") - 1000)


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

    # A new device with the right code is read in its turn, never refused.
    ahead = Client()
    assert page_sign_in(ahead, "WRONG8").status_code == 400  # read at once
    newcomer = Client()
    assert_waits_its_turn(page_sign_in(newcomer, code_of(section, 1)), 2)
    turns_come()
    page = page_sign_in(newcomer, code_of(section, 1))
    assert page.status_code == 302 and page["Location"] == "/table/play/"
    assert newcomer.get("/table/play/").status_code == 200


def test_the_flood_reads_one_new_device_code_a_turn_whatever_the_code(section):
    """Ten guessers at once (each a new device): one code read now, the
    others told to come back 1.5 s apart, nothing read or stored early."""
    flood()
    answers = [
        (page_sign_in if n % 2 else api_sign_in)(Client(), f"WRONG{n}")
        for n in range(9)
    ]
    answers.append(page_sign_in(Client(), code_of(section, 1)))
    assert answers[0].status_code == 400
    waits = [int(answer["Retry-After"]) for answer in answers[1:]]
    assert [answer.status_code for answer in answers[1:]] == [429] * 9
    assert waits == sorted(waits)
    assert 1 <= waits[0] <= 2 and 12 <= waits[-1] <= 15
    assert SignInFailure.objects.count() == locks.FLOOD_FAILURES + 1
    slots = list(SignInTurn.objects.values_list("slot", flat=True))
    assert len(slots) == 10 and len(set(slots)) == 10
    assert max(slots) - min(slots) == 9


def test_a_turn_is_used_once_and_a_device_holds_one(section):
    flood()
    Client().post(SIGN_IN, {"code": "WRONG1"})  # the current turn
    waiting = Client()
    first = page_sign_in(waiting, "WRONG2")
    again = page_sign_in(waiting, "WRONG2")
    assert_waits_its_turn(first, 2)
    assert_waits_its_turn(again, 2)
    assert SignInTurn.objects.count() == 2  # the same turn, not a second one
    turns_come()
    assert page_sign_in(waiting, "WRONG2").status_code == 400  # read, counted
    assert SignInFailure.objects.filter(code="WRONG2").count() == 1
    # Its turn used up, its next code waits for a new one.
    assert_waits_its_turn(page_sign_in(waiting, "WRONG3"), 2)


def test_a_turn_left_unused_lapses(section):
    flood()
    Client().post(SIGN_IN, {"code": "WRONG1"})
    gone = Client()
    assert_waits_its_turn(page_sign_in(gone, "WRONG2"), 2)
    lapsed = SignInTurn.objects.get(used_at__isnull=True)
    SignInTurn.objects.update(slot=F("slot") - 100)  # 150 s ago: lapsed
    # A new turn, this one, since nobody waits: read at once.
    assert page_sign_in(gone, "WRONG2").status_code == 400
    assert list(SignInTurn.objects.filter(used_at__isnull=True)) == [lapsed]
    assert SignInTurn.objects.count() == 3


def test_the_waiting_page_sends_the_code_again_by_itself(section):
    flood()
    Client().post(SIGN_IN, {"code": "WRONG1"})
    page = page_sign_in(Client(), code_of(section, 1)).content.decode()
    assert 'data-resend-after="' in page and "sign_in.js" in page
    assert f'value="{code_of(section, 1)}"' in page


def test_a_tablet_that_signed_in_before_keeps_its_own_lock(section):
    """Exempt from the flood, not from its own five wrong codes."""
    tablet = signed_in_tablet(section, 2)
    flood()
    assert [page_sign_in(tablet, "WRONG1").status_code for _ in range(5)] == [400] * 5
    locked = page_sign_in(tablet, code_of(section, 2))
    assert locked.status_code == 429
    assert "Too many wrong codes from this tablet" in locked.content.decode()
    assert 1 <= int(locked["Retry-After"]) <= 5 * 60


def test_a_device_that_never_signed_in_is_read_at_once_when_the_flood_passes(
    section, still_turn_clock
):
    flood()
    Client().post(SIGN_IN, {"code": "WRONG1"})
    newcomer = Client()
    assert_waits_its_turn(page_sign_in(newcomer, code_of(section, 1)), 2)
    page = newcomer.get(SIGN_IN).content.decode()
    assert "Too many wrong codes from this network" in page
    SignInFailure.objects.update(at=still_turn_clock - locks.WINDOW)
    response = page_sign_in(newcomer, code_of(section, 1))
    assert response.status_code == 302 and response["Location"] == "/table/play/"


@pytest.mark.django_db(transaction=True)
def test_new_devices_racing_for_turns_get_one_slot_each(section, tmp_path):
    """Eight new devices posting at once while flooded: the database hands
    out eight slots in a row, no two codes read in one slot, no 500."""
    flood()
    started = time.monotonic()
    with on_file_database(tmp_path):
        answers = at_once(
            *(lambda n=n: api_client().post(SIGN_IN, {"code": f"WRONG{n}"})
              for n in range(8))
        )  # fmt: skip
        slots = in_thread(
            lambda: sorted(SignInTurn.objects.values_list("slot", flat=True))
        )
    elapsed = time.monotonic() - started
    statuses = [answer.status_code for answer in answers]
    assert set(statuses) <= {400, 429} and 400 in statuses
    # One code read a slot: the first now, another only if a slot passed.
    assert statuses.count(400) <= 1 + math.ceil(elapsed / locks.TURN_SECONDS)
    assert slots == list(range(slots[0], slots[0] + 8))
