"""Sign-in lock-outs: wrong codes lock the device that typed them, not the room.

Every tablet of a club reaches the server from one address; five wrong codes
from one tablet must not lock the others out (nor another table), the locked
tablet reads how long to wait, and the director sees and lifts the lock.
"""

from __future__ import annotations

import datetime as dt
import logging
import re

import pytest
from django.test import Client
from django.utils import timezone

from tournaments.models import Session, SignInFailure
from tournaments.services import sign_in_locks as locks
from tournaments.services import tablet_access as access
from tournaments.services.tokens import read_table_token

pytestmark = pytest.mark.django_db

SIGN_IN = "/table/"
API = "/api/table-sign-in/"
WAIT = re.compile(r"try again in (\d) min (\d\d) s")


def code_of(section, number: int) -> str:
    return section.table_set.get(number=number).code


def wrong(client: Client, times: int = 5, code: str = "WRONG1") -> list[int]:
    return [client.post(SIGN_IN, {"code": code}).status_code for _ in range(times)]


def signed_in_table(client: Client) -> int | None:
    token = client.session.get(access.SESSION_KEY)
    if not token:
        return None
    return read_table_token(token).table_id


def device_of(client: Client) -> str:
    return client.session[access.DEVICE_KEY]


# -- one device locked, the room not ------------------------------------------


def test_device_b_signs_in_after_device_a_typed_five_wrong_codes(section):
    a, b = Client(), Client()
    assert wrong(a) == [400] * 5
    locked = a.post(SIGN_IN, {"code": code_of(section, 1)})
    assert locked.status_code == 429
    assert signed_in_table(a) is None
    response = b.post(SIGN_IN, {"code": code_of(section, 2)})
    assert response.status_code == 302 and response["Location"] == "/table/play/"
    assert signed_in_table(b) == section.table_set.get(number=2).pk
    assert SignInFailure.objects.count() == 5
    assert set(SignInFailure.objects.values_list("address", flat=True)) == {"127.0.0.1"}


def test_a_locked_tablet_reads_how_long_to_wait(section):
    a = Client()
    wrong(a, 4)
    fifth = a.post(SIGN_IN, {"code": "WRONG1"}).content.decode()
    assert "no table with this code" in fifth and "try again in" in fifth
    page = a.post(SIGN_IN, {"code": code_of(section, 1)}).content.decode()
    minutes, seconds = map(int, WAIT.search(page).groups())
    assert 4 * 60 + 55 <= minutes * 60 + seconds <= 5 * 60
    assert "ask the director to lift the lock" in page


def test_a_locked_tablet_opening_the_page_or_a_card_link_reads_the_wait(section):
    a = Client()
    wrong(a)
    page = a.get(SIGN_IN, {"code": code_of(section, 1)})
    assert page.status_code == 200
    assert WAIT.search(page.content.decode())
    other = Client().get(SIGN_IN, {"code": code_of(section, 1)}).content.decode()
    assert "Too many wrong codes" not in other


def test_four_wrong_codes_do_not_lock(section):
    a = Client()
    assert wrong(a, 4) == [400] * 4
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_a_table_is_locked_only_for_the_device_that_typed_wrong_codes(section):
    """A was table 1's tablet; after its five wrong codes B signs in at table 1
    itself, and A stays locked even for table 1's right code."""
    a, b = Client(), Client()
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302
    a.post("/table/sign-out/")
    wrong(a)
    assert b.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302
    assert signed_in_table(b) == section.table_set.get(number=1).pk
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429
    rows = SignInFailure.objects.all()
    assert {row.table.number for row in rows} == {1}
    assert {row.device for row in rows} == {device_of(a)}


def test_the_lock_ends_after_five_minutes(section):
    a = Client()
    wrong(a)
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429
    SignInFailure.objects.update(at=timezone.now() - dt.timedelta(minutes=5, seconds=1))
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_the_window_slides_the_oldest_wrong_code_leaves_it(section):
    a = Client()
    wrong(a)
    oldest = SignInFailure.objects.order_by("at").first()
    SignInFailure.objects.filter(pk=oldest.pk).update(
        at=timezone.now() - dt.timedelta(minutes=6)
    )
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_the_device_cookie_is_signed_and_lasts(section):
    a = Client()
    response = a.get(SIGN_IN)
    cookie = response.cookies[access.DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == access.DEVICE_MAX_AGE
    assert device_of(a) in cookie.value and cookie.value != device_of(a)


def test_a_device_dropping_the_device_cookie_is_counted_by_its_session(section):
    a = Client()
    for _ in range(5):
        a.post(SIGN_IN, {"code": "WRONG1"})
        a.cookies.pop(access.DEVICE_COOKIE, None)
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429
    assert SignInFailure.objects.values("device").distinct().count() == 1


def test_a_device_losing_its_session_is_counted_by_its_device_cookie(section):
    a = Client()
    a.get(SIGN_IN)
    for _ in range(5):
        a.post(SIGN_IN, {"code": "WRONG1"})
        a.cookies.pop("sessionid", None)
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


def test_a_forged_device_cookie_cannot_lock_another_device(section):
    """Setting another tablet's id in a hand-made cookie is ignored: the id is
    trusted only when the server signed it."""
    a, b = Client(), Client()
    b.get(SIGN_IN)
    a.cookies[access.DEVICE_COOKIE] = device_of(b)
    wrong(a)
    assert device_of(a) != device_of(b)
    assert b.post(SIGN_IN, {"code": code_of(section, 2)}).status_code == 302


def test_wrong_codes_are_logged_with_the_address(section):
    messages: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: messages.append(record.getMessage())
    logger = logging.getLogger("donne.terminal")
    logger.addHandler(handler)
    try:
        wrong(Client(), 2)
    finally:
        logger.removeHandler(handler)
    assert len(messages) == 2
    assert (
        "'WRONG1' from 127.0.0.1" in messages[0] and "2 in five minutes" in messages[1]
    )


# -- the flood ceiling of one address ------------------------------------------


def flood(address: str, count: int) -> None:
    now = timezone.now()
    SignInFailure.objects.bulk_create(
        SignInFailure(at=now, device=f"d{n}", address=address, code="X")
        for n in range(count)
    )


def test_a_room_of_forty_tablets_mistyping_does_not_trip_the_ceiling(section):
    flood("127.0.0.1", locks.FLOOD_FAILURES - 1)
    assert Client().post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_the_flood_ceiling_reads_new_devices_in_turn(section, still_turn_clock):
    flood("127.0.0.1", locks.FLOOD_FAILURES)
    first = Client().post(SIGN_IN, {"code": code_of(section, 1)})
    assert first.status_code == 302  # no one waiting: read at once
    response = Client().post(SIGN_IN, {"code": code_of(section, 1)})
    assert response.status_code == 429
    assert "yours is read in" in response.content.decode()
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


# -- the API sign-in follows the same rules ------------------------------------


def api_sign_in(client: Client, code: str):
    return client.post(API, {"code": code}, content_type="application/json")


def test_the_api_locks_the_device_not_the_room(section):
    a, b = Client(), Client()
    assert [api_sign_in(a, "WRONG1").status_code for _ in range(5)] == [400] * 5
    locked = api_sign_in(a, code_of(section, 1))
    assert locked.status_code == 429
    assert "try again in" in locked.json()["code"][0]
    assert api_sign_in(b, code_of(section, 2)).json()["table"] == 2


def test_the_api_and_the_page_count_the_same_device(section):
    a = Client()
    wrong(a, 3)
    api_sign_in(a, "WRONG1")
    fifth = api_sign_in(a, "WRONG1")
    assert fifth.status_code == 400 and len(fifth.json()["code"]) == 2
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


# -- the rules themselves ------------------------------------------------------


def test_one_edit_apart():
    assert locks._one_edit_apart("K7QMZ3", "K7QMZ4")
    assert locks._one_edit_apart("K7QMZ3", "K7QMZ")
    assert locks._one_edit_apart("K7QMZ3", "K7QMZ33")
    assert not locks._one_edit_apart("K7QMZ3", "K7QMZ3")
    assert not locks._one_edit_apart("K7QMZ3", "K7QNZ4")


@pytest.mark.parametrize(
    ("seconds", "text"), [(300, "5 min 00 s"), (61, "1 min 01 s"), (40, "40 s")]
)
def test_wait_text(seconds, text):
    assert locks.wait_text(seconds) == text


# -- bad input, never a 500, never counted twice -------------------------------


@pytest.mark.parametrize("code", ["", "   ", "X" * 33, "A" * 5000])
def test_a_code_the_form_refuses_is_named_and_not_counted(section, code):
    a = Client()
    response = a.post(SIGN_IN, {"code": code})
    assert response.status_code == 400
    assert not SignInFailure.objects.exists()


def test_a_locked_device_posting_rubbish_still_reads_the_wait(section):
    a = Client()
    wrong(a)
    response = a.post(SIGN_IN, {"code": "A" * 5000})
    assert response.status_code == 429
    assert "try again in" in response.content.decode()
    assert SignInFailure.objects.count() == 5


@pytest.mark.parametrize("cookie", ["rubbish", "a:b:c", "0" * 32, ""])
def test_a_rubbish_device_cookie_gets_a_new_device(section, cookie):
    a = Client()
    a.cookies[access.DEVICE_COOKIE] = cookie
    response = a.get(SIGN_IN)
    assert response.status_code == 200
    assert re.fullmatch(r"[0-9a-f]{32}", device_of(a))
    assert device_of(a) != "0" * 32
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_one_device_is_one_device_from_any_address(section):
    a = Client()
    for n in range(5):
        a.post(SIGN_IN, {"code": "WRONG1"}, REMOTE_ADDR=f"10.0.0.{n}")
    response = a.post(SIGN_IN, {"code": code_of(section, 1)}, REMOTE_ADDR="10.0.0.9")
    assert response.status_code == 429


def test_the_api_gives_the_device_cookie_and_refuses_rubbish(section):
    a = Client()
    response = api_sign_in(a, code_of(section, 1))
    assert response.status_code == 200
    assert access.DEVICE_COOKIE in response.cookies
    broken = a.post(API, "{not json", content_type="application/json")
    assert broken.status_code == 400
    too_long = api_sign_in(a, "A" * 33)
    assert too_long.status_code == 400 and "code" in too_long.json()
    assert not SignInFailure.objects.exists()


def test_a_right_code_of_a_session_not_played_is_not_a_wrong_code(section):
    Session.objects.filter(pk=section.session_id).update(status="closed")
    a = Client()
    for _ in range(6):
        assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 400
    assert not SignInFailure.objects.exists()


def test_wrong_codes_older_than_a_day_are_forgotten(section):
    old = timezone.now() - dt.timedelta(days=1, minutes=1)
    SignInFailure.objects.create(at=old, device="d", address="1.2.3.4", code="X")
    SignInFailure.objects.create(
        at=timezone.now() - dt.timedelta(hours=23), device="d", address="1.2.3.4"
    )
    wrong(Client(), 1)
    assert SignInFailure.objects.count() == 2
    assert not SignInFailure.objects.filter(at=old).exists()


def test_a_wrong_code_near_two_tables_is_put_to_none(section):
    one, two = section.table_set.filter(number__in=(1, 2)).order_by("number")
    one.code, two.code = "AAAAAB", "AAAAAC"
    one.save()
    two.save()
    assert locks.near_table_id("AAAAAD") is None
    assert locks.near_table_id("AAAAXB") == one.pk
    assert locks.near_table_id("ZZZZZZ") is None


def test_a_near_miss_of_a_table_not_playing_is_put_to_none(section):
    Session.objects.filter(pk=section.session_id).update(status="closed")
    code = code_of(section, 1)
    assert locks.near_table_id(code[:-1]) is None
