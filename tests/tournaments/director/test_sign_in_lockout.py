"""Director sign-in lock-outs, counted in the shared cache.

Five wrong passwords for a username from an address lock it out for 15
minutes: the sixth try answers 429 with how long to wait, even with the right
password; a right password before that clears the count; fifty wrong
passwords from one address lock every username there.  The counts are rows
of the database cache, seen by every process and kept across a restart; the
API's HTTP Basic follows the same rules.
"""

from __future__ import annotations

import base64
import html
import time

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.services import director_locks

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
PASSWORD = "s3cret-pw"


@pytest.fixture(autouse=True)
def quick_hashing(settings):
    """Sixty sign-ins in a test: a fast hasher (the rules are the same)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def td(django_user_model):
    return django_user_model.objects.create_user("td", password=PASSWORD, is_staff=True)


def sign_in(password: str, username: str = "td", address: str = "10.1.1.1"):
    client = Client(REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password})


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_sixth_try_is_locked_out_even_with_the_right_password(td):
    for _ in range(5):
        response = sign_in("wrong")
        assert response.status_code == 400
        assert "Please enter a correct username and password" in text(response)
    response = sign_in(PASSWORD)
    assert response.status_code == 429
    assert "Too many wrong passwords: sign-in is locked for 1" in text(response)
    assert "min" in text(response)
    assert 14 * 60 < int(response["Retry-After"]) <= 15 * 60
    assert "_auth_user_id" not in response.wsgi_request.session
    assert sign_in("wrong").status_code == 429


def test_the_lock_is_for_that_username_from_that_address(td, django_user_model):
    django_user_model.objects.create_user("other", password=PASSWORD, is_staff=True)
    for _ in range(5):
        sign_in("wrong")
    assert sign_in(PASSWORD).status_code == 429
    assert sign_in(PASSWORD, username="other").status_code == 302
    assert sign_in(PASSWORD, address="10.9.9.9").status_code == 302
    # The username is matched whatever its case or spaces.
    assert sign_in(PASSWORD, username=" TD").status_code == 429


def test_a_right_password_clears_the_count(td):
    for _ in range(4):
        assert sign_in("wrong").status_code == 400
    assert sign_in(PASSWORD).status_code == 302
    for _ in range(4):
        assert sign_in("wrong").status_code == 400
    assert sign_in(PASSWORD).status_code == 302


def test_the_lock_ends_after_15_minutes(td, monkeypatch):
    for _ in range(5):
        sign_in("wrong")
    assert sign_in(PASSWORD).status_code == 429
    later = time.time() + 15 * 60 + 1
    monkeypatch.setattr(director_locks.time, "time", lambda: later)
    assert sign_in(PASSWORD).status_code == 302


def test_fifty_wrong_passwords_from_an_address_lock_every_name_there(td):
    for number in range(director_locks.ADDRESS_FAILURES):
        assert sign_in("wrong", username=f"guess{number}").status_code == 400
    response = sign_in(PASSWORD)
    assert response.status_code == 429
    assert "Too many wrong passwords" in text(response)
    assert sign_in(PASSWORD, address="10.2.2.2").status_code == 302


def test_the_count_is_shared_by_every_process_and_survives_a_restart(td):
    """Two processes' caches are two cache clients on the one table: the
    second sees the first's count, and a new client (a restarted worker)
    still sees the lock.  The count is a row any connection reads."""
    worker_a = caches.create_connection("default")
    worker_b = caches.create_connection("default")
    for _ in range(3):
        sign_in("wrong")
    user_key, address_key = director_locks._keys("td", "10.1.1.1")
    assert worker_a.get(user_key) == 3
    assert worker_b.get(address_key) == 3
    worker_a.add(user_key, 0, 60)
    assert worker_a.incr(user_key) == 4
    assert worker_b.incr(user_key) == 5
    worker_b.set(f"{user_key}:lock", time.time() + 60, 60)
    restarted = caches.create_connection("default")
    assert restarted.get(user_key) == 5
    assert sign_in(PASSWORD).status_code == 429
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM donne_cache WHERE cache_key LIKE %s",
                       ["%director-sign-in%"])  # fmt: skip
        assert cursor.fetchone()[0] == 3


def basic(password: str, username: str = "td") -> dict:
    pair = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"Authorization": f"Basic {pair}"}


def test_the_apis_basic_sign_in_is_locked_out_the_same(td):
    url = "/api/events/"
    client = Client(REMOTE_ADDR="10.1.1.1")
    assert client.get(url, headers=basic(PASSWORD)).status_code == 200
    for _ in range(5):
        assert client.get(url, headers=basic("wrong")).status_code == 401
    response = client.get(url, headers=basic(PASSWORD))
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 14 * 60
    assert "Too many wrong passwords" in response.json()["detail"]
    # The page and the API share the lock.
    assert sign_in(PASSWORD).status_code == 429
    assert client.get(url, headers=basic(PASSWORD, "nobody")).status_code == 401


def test_a_wrong_password_on_the_page_counts_for_the_api_too(td):
    for _ in range(5):
        sign_in("wrong")
    client = Client(REMOTE_ADDR="10.1.1.1")
    assert client.get("/api/events/", headers=basic(PASSWORD)).status_code == 429


def test_a_cache_that_cannot_be_read_refuses_the_sign_in_without_a_500(
    client, django_user_model, monkeypatch
):
    """Redis down: the lock-out cannot be checked, so nobody signs in (the
    lock would not hold otherwise), with a clear 503 rather than a 500."""
    django_user_model.objects.create_user("td", password="right-pw-1", is_staff=True)

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(director_locks, "lock_for", down)
    page = client.post(
        reverse("accounts:login"), {"username": "td", "password": "right-pw-1"}
    )
    assert page.status_code == 503
    assert page["Retry-After"] == "30"
    assert "Signing in is unavailable for a moment" in page.content.decode()
    assert "_auth_user_id" not in client.session
