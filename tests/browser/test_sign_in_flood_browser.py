"""A new tablet with the right code signs in during a flood of wrong codes.

The room's address has typed 200 wrong codes (a guesser dropping its
cookies), and three devices hold the next turns: a phone that never signed
in types its table's code, reads that its code is read in a few seconds,
and, without a tap, is signed in when its turn comes (``static/sign_in.js``
sends the code again).  Nothing refused it; it only waited.
"""

from __future__ import annotations

import datetime as dt
import time

import pytest
from browser import PHONE

from tournaments.models import Session, SignInFailure, SignInTurn
from tournaments.services import sign_in_locks as locks
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_tablet_waits_its_turn_and_signs_in_by_itself(
    live_server, browser, tmp_path
):
    event = event_create(name="Flooded room", date=dt.date(2026, 11, 28))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    code = section.table_set.get(number=2).code
    SignInFailure.objects.bulk_create(
        SignInFailure(device=f"guess{n}", address="127.0.0.1", code="WRONG")
        for n in range(locks.FLOOD_FAILURES)
    )
    now = int(time.time() // locks.TURN_SECONDS)
    SignInTurn.objects.bulk_create(
        SignInTurn(address="127.0.0.1", slot=now + n, device=f"ahead{n}")
        for n in range(3)
    )

    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{live_server.url}/table/")
    page.fill('input[name="code"]', code)
    page.click('button[type="submit"].big-button')
    page.wait_for_selector("#resend-count")
    waiting = page.locator(".alert").inner_text()
    assert "yours is read in" in waiting
    assert page.locator('input[name="code"]').input_value() == code
    page.screenshot(path=str(tmp_path / "sign-in-waiting.png"))

    page.wait_for_url("**/table/play/", timeout=15_000)
    assert "Table 2" in page.content() or "table 2" in page.content()
    turn = SignInTurn.objects.exclude(device__startswith="ahead").get()
    assert turn.used_at is not None and turn.slot >= now + 3
