"""The director's console and its locked tablets: shown for the section's
tables (and for devices no table can be put to), lifted by a director only."""

from __future__ import annotations

import logging
import re

import pytest
from django.test import Client

from tests.tournaments.conftest import mitchell_section
from tests.tournaments.services.test_sign_in_locks import (
    SIGN_IN,
    code_of,
    device_of,
    flood,
    wrong,
)
from tournaments.models import SignInFailure
from tournaments.services import sign_in_locks as locks

pytestmark = pytest.mark.django_db


def lift_url(section) -> str:
    return f"/director/sections/{section.pk}/sign-in-locks/lift/"


# -- the director's console ----------------------------------------------------


def console(client: Client, section) -> str:
    return client.get(f"/director/sections/{section.pk}/console/").content.decode()


def test_the_console_shows_the_locked_tablet_of_a_table(section, td):
    a = Client()
    a.post(SIGN_IN, {"code": code_of(section, 3)})
    a.post("/table/sign-out/")
    wrong(a)
    page = console(td, section)
    assert "Tablets locked out of the sign-in" in page
    row = re.search(r'<tr data-lock="device">(.*?)</tr>', page, re.S).group(1)
    assert "<td>3</td>" in row and "WRONG1" in row and device_of(a)[-6:] in row
    assert re.search(r"<td>5 \(WRONG1\)</td>", row)


def test_a_near_miss_of_a_tables_code_is_put_to_that_table(section, td):
    real = code_of(section, 2)
    typo = ("A" if real[0] != "A" else "B") + real[1:]
    wrong(Client(), 5, typo)
    assert {row.table.number for row in SignInFailure.objects.all()} == {2}
    assert "<td>2</td>" in console(td, section)


def test_a_device_nobody_can_place_shows_as_unknown(section, td):
    wrong(Client())
    page = console(td, section)
    assert 'data-lock="device"' in page and "unknown" in page


def test_no_lock_no_list(section, td):
    wrong(Client(), 4)
    assert "Tablets locked out" not in console(td, section)


def test_another_sections_console_does_not_show_nor_lift_the_lock(section, td):
    other = mitchell_section(section.session, letter="B", first_board=7)
    a = Client()
    a.post(SIGN_IN, {"code": code_of(section, 1)})
    a.post("/table/sign-out/")
    wrong(a)
    assert 'data-lock="device"' not in console(td, other)
    data = {"scope": "device", "key": device_of(a)}
    assert td.post(lift_url(other), data).status_code == 404
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


def test_the_director_lifts_the_lock_then_a_signs_in(section, td, caplog):
    a = Client()
    a.post(SIGN_IN, {"code": code_of(section, 1)})
    a.post("/table/sign-out/")
    wrong(a)
    with caplog.at_level(logging.WARNING, logger="donne.terminal"):
        response = td.post(lift_url(section), {"scope": "device", "key": device_of(a)})
    assert response.status_code == 302
    assert response["Location"] == f"/director/sections/{section.pk}/console/"
    rows = SignInFailure.objects.all()
    assert len(rows) == 5 and all(row.lifted_at for row in rows)
    assert {row.lifted_by.username for row in rows} == {"td"}
    assert "Director td lifted the sign-in lock of device" in caplog.text
    assert "table 1" in caplog.text
    follow = td.get(response["Location"]).content.decode()
    assert "Table 1&#x27;s tablet may sign in again." in follow
    assert "Tablets locked out" not in follow
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_after_a_lift_five_more_wrong_codes_lock_again(section, td):
    a = Client()
    wrong(a)
    td.post(lift_url(section), {"scope": "device", "key": device_of(a)})
    assert wrong(a) == [400] * 5
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


def test_only_a_director_lifts_a_lock(section, not_director):
    a = Client()
    wrong(a)
    data = {"scope": "device", "key": device_of(a)}
    response = not_director.post(lift_url(section), data)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not SignInFailure.objects.filter(lifted_at__isnull=False).exists()
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


def test_a_locked_tablet_cannot_lift_its_own_lock(section):
    a = Client()
    wrong(a)
    response = a.post(lift_url(section), {"scope": "device", "key": device_of(a)})
    assert response.status_code == 302
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 429


def test_lifting_is_a_post(section, td):
    assert td.get(lift_url(section)).status_code == 405


@pytest.mark.parametrize(
    "data",
    [{}, {"scope": "device"}, {"scope": "table", "key": "x"}, {"scope": "", "key": ""}],
)
def test_a_lift_without_a_lock_named_is_refused(section, td, data):
    assert td.post(lift_url(section), data).status_code == 400


def test_lifting_a_lock_that_is_not_there_is_404(section, td):
    data = {"scope": "device", "key": "0" * 32}
    assert td.post(lift_url(section), data).status_code == 404
    assert (
        td.post("/director/sections/999999/sign-in-locks/lift/", data).status_code
        == 404
    )


def test_the_director_lifts_a_flood(section, td):
    flood("127.0.0.1", locks.FLOOD_FAILURES)
    page = td.get(f"/director/sections/{section.pk}/console/").content.decode()
    assert 'data-lock="address"' in page
    response = td.post(lift_url(section), {"scope": "address", "key": "127.0.0.1"})
    assert response.status_code == 302
    assert not SignInFailure.objects.filter(lifted_at__isnull=True).exists()
    assert Client().post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302


def test_the_live_grid_refresh_brings_the_locks(section, td):
    wrong(Client())
    url = f"/director/sections/{section.pk}/console/?partial=1"
    partial = td.get(url).content.decode()
    assert 'data-lock="device"' in partial and "Lift the lock" in partial
    assert "<html" not in partial


def test_lifting_a_flood_lifts_the_device_locks_of_that_address(section, td):
    a = Client()
    wrong(a)
    flood("127.0.0.1", locks.FLOOD_FAILURES)
    other = SignInFailure.objects.create(device="z", address="10.9.9.9", code="Q")
    data = {"scope": "address", "key": "127.0.0.1"}
    assert td.post(lift_url(section), data).status_code == 302
    assert a.post(SIGN_IN, {"code": code_of(section, 1)}).status_code == 302
    assert SignInFailure.objects.get(pk=other.pk).lifted_at is None
