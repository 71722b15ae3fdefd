"""Every 429 says how long to wait: ``Retry-After``, whole seconds.

The code answers 429 in a known set of places (the guard below fails when a
new one appears, so that it gets its test here): the tablets' sign-in page
and API (a device's lock, an address's flood), the director's sign-in page
and the API's HTTP Basic (wrong passwords), and the API's throttles.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from tournaments.models import SignInFailure
from tournaments.services import director_locks
from tournaments.services import sign_in_locks as locks

ROOT = Path(__file__).resolve().parents[2]
MAKES_429 = re.compile(r"status=429|HTTP_429|Throttled\(|status_code = 429")
KNOWN = {
    "tournaments/accounts.py",
    "tournaments/api/authentication.py",
    "tournaments/api/sign_in.py",
    "tournaments/terminal/views.py",
}
PASSWORD = "s3cret-pw"


def retry_after(response) -> int:
    assert response.status_code == 429
    assert re.fullmatch(r"\d+", response["Retry-After"])
    return int(response["Retry-After"])


def test_the_places_that_answer_429_are_the_ones_tested_here():
    found = {
        str(path.relative_to(ROOT))
        for folder in ("tournaments", "config")
        for path in (ROOT / folder).rglob("*.py")
        if MAKES_429.search(path.read_text(encoding="utf-8"))
    }
    assert found == KNOWN


@pytest.mark.django_db
def test_a_locked_tablet_on_the_page_and_through_the_api(section):
    tablet = Client()
    for _ in range(locks.MAX_FAILURES):
        tablet.post("/table/", {"code": "WRONG1"})
    code = section.table_set.get(number=1).code
    assert 295 <= retry_after(tablet.post("/table/", {"code": code})) <= 300
    api = tablet.post(
        "/api/table-sign-in/", {"code": code}, content_type="application/json"
    )
    assert 295 <= retry_after(api) <= 300


@pytest.mark.django_db
def test_a_flooded_address_on_the_page_and_through_the_api(section, still_turn_clock):
    at = timezone.now() - locks.WINDOW / 2
    SignInFailure.objects.bulk_create(
        SignInFailure(at=at, device=f"d{n}", address="127.0.0.1", code="X")
        for n in range(locks.FLOOD_FAILURES)
    )
    code = section.table_set.get(number=1).code
    Client().post("/table/", {"code": "WRONG1"})  # read at once, in this turn
    page = Client().post("/table/", {"code": code})
    assert 1 <= retry_after(page) <= 2
    api = Client().post(
        "/api/table-sign-in/", {"code": code}, content_type="application/json"
    )
    assert 2 <= retry_after(api) <= 4


@pytest.fixture
def td(django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    return django_user_model.objects.create_user("td", password=PASSWORD, is_staff=True)


@pytest.mark.django_db
def test_a_director_locked_out_on_the_page_and_through_basic(td):
    for _ in range(director_locks.MAX_FAILURES):
        Client().post("/accounts/login/", {"username": "td", "password": "wrong"})
    page = Client().post("/accounts/login/", {"username": "td", "password": PASSWORD})
    assert 14 * 60 < retry_after(page) <= 15 * 60
    pair = base64.b64encode(f"td:{PASSWORD}".encode()).decode()
    api = Client().get("/api/events/", headers={"Authorization": f"Basic {pair}"})
    assert 14 * 60 < retry_after(api) <= 15 * 60


@pytest.mark.django_db
def test_an_api_throttle_even_after_its_rate_was_lowered(settings):
    """DRF gives no wait when more requests are counted than the rate now
    allows; the throttle still says when the oldest one counted leaves."""
    cache.clear()
    settings.DONNE_THROTTLE_RATES = {
        "table": "9/min",
        "anon": "5/min",
        "director": "9/min",
    }
    reader = Client(REMOTE_ADDR="10.9.9.9")
    assert [reader.get("/api/games/").status_code for _ in range(5)] == [200] * 5
    assert 1 <= retry_after(reader.get("/api/games/")) <= 60
    settings.DONNE_THROTTLE_RATES = {**settings.DONNE_THROTTLE_RATES, "anon": "2/min"}
    assert 1 <= retry_after(reader.get("/api/games/")) <= 60
