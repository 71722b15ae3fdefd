"""The API's throttles: per table token, per director, per address otherwise.

The rates are lowered here through ``settings`` (the defaults are generous:
a room must never meet them); past its rate a client gets 429 with
Retry-After, and a table's tablets count apart from the other tables', even
all from one address.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

ROOM = "10.0.0.1"
PUBLIC = "/api/games/"  # read by anybody


@pytest.fixture
def rates(settings):
    settings.DONNE_THROTTLE_RATES = {
        "table": "3/min",
        "anon": "4/min",
        "director": "5/min",
    }
    return settings.DONNE_THROTTLE_RATES


def results(section) -> str:
    return reverse("api-section-results", args=[section.pk])


def table_get(section, number: int, token: str | None = None, address: str = ROOM):
    token = token or issue_table_token(section.table_set.get(number=number))
    return Client(REMOTE_ADDR=address).get(
        results(section), headers={"Authorization": f"Table {token}"}
    )


def assert_throttled(response) -> None:
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "throttled" in response.json()["detail"].lower()


def test_the_defaults_are_generous(settings):
    assert settings.DONNE_THROTTLE_RATES == {
        "table": "120/min",
        "anon": "600/min",
        "director": "1200/min",
    }


def test_a_table_is_throttled_per_table_not_per_address(section, rates):
    table_1 = issue_table_token(section.table_set.get(number=1))
    for _ in range(3):
        assert table_get(section, 1, table_1).status_code == 200
    assert_throttled(table_get(section, 1, table_1))
    # Another tablet of the same table: the same table's count.
    assert_throttled(table_get(section, 1))
    # The other tables of the room, from the same address, are not held back,
    # nor are the anonymous readers there.
    for number in (2, 3):
        for _ in range(3):
            assert table_get(section, number).status_code == 200
    assert Client(REMOTE_ADDR=ROOM).get(PUBLIC).status_code == 200


def test_anonymous_requests_are_throttled_per_address(section, rates):
    for _ in range(4):
        assert Client(REMOTE_ADDR=ROOM).get(PUBLIC).status_code == 200
    assert_throttled(Client(REMOTE_ADDR=ROOM).get(PUBLIC))
    assert Client(REMOTE_ADDR="10.0.0.2").get(PUBLIC).status_code == 200
    # A forged X-Forwarded-For does not make a new client.
    forged = Client(REMOTE_ADDR=ROOM, HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert_throttled(forged.get(PUBLIC))
    # The sign-in is an anonymous request too.
    sign_in = Client(REMOTE_ADDR=ROOM).post(
        "/api/table-sign-in/", {"code": "WRONG1"}, content_type="application/json"
    )
    assert_throttled(sign_in)
    # A table token is counted for its table, not the address.
    assert table_get(section, 1).status_code == 200


def test_directors_are_throttled_per_user(section, rates, django_user_model):
    first = django_user_model.objects.create_user("td1", is_staff=True)
    second = django_user_model.objects.create_user("td2", is_staff=True)
    one, two = Client(REMOTE_ADDR=ROOM), Client(REMOTE_ADDR=ROOM)
    one.force_login(first)
    two.force_login(second)
    for _ in range(5):
        assert one.get(PUBLIC).status_code == 200
    assert_throttled(one.get(PUBLIC))
    assert two.get(PUBLIC).status_code == 200
    # Their address's anonymous count is untouched.
    assert Client(REMOTE_ADDR=ROOM).get(PUBLIC).status_code == 200


def test_the_counts_are_in_the_shared_cache(section, rates):
    """A second cache client (another worker process) sees the same history:
    it is a row of the database cache, not a process's memory."""
    token = issue_table_token(section.table_set.get(number=1))
    for _ in range(2):
        table_get(section, 1, token)
    table = section.table_set.get(number=1)
    other_worker = caches.create_connection("default")
    assert len(other_worker.get(f"throttle_table_{table.pk}")) == 2
    other_worker.set(f"throttle_table_{table.pk}", [], 60)
    for _ in range(3):
        assert table_get(section, 1, token).status_code == 200


def test_a_cache_that_fails_lets_the_room_play(section, rates, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr("django.core.cache.cache.get", broken)
    for _ in range(5):
        assert Client(REMOTE_ADDR=ROOM).get(PUBLIC).status_code == 200


def terminal(section, number: int) -> Client:
    """A tablet signed in on the terminal's page, from the room's address."""
    client = Client(REMOTE_ADDR=ROOM)
    code = section.table_set.get(number=number).code
    assert client.post(reverse("terminal:sign-in"), {"code": code}).status_code == 302
    return client


def test_the_terminals_score_preview_counts_per_table(section, rates):
    board = section.boards.get(number=1).pk
    preview = (
        f"{reverse('api-score-preview')}?board={board}&contract=3NT&declarer=N&result=="
    )
    table_1, table_2 = terminal(section, 1), terminal(section, 2)
    for _ in range(3):
        assert table_1.get(preview).status_code == 200
    assert_throttled(table_1.get(preview))
    for _ in range(3):
        assert table_2.get(preview).status_code == 200
    # The room's address has spent none of its anonymous requests.
    for _ in range(4):
        assert Client(REMOTE_ADDR=ROOM).get(preview).status_code == 200
    assert_throttled(Client(REMOTE_ADDR=ROOM).get(preview))


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(section, rates, settings):
    """One proxy (nginx) in front: every request comes from its address, the
    client's is the last of X-Forwarded-For; what the client wrote before
    it is not believed."""
    settings.DONNE_PROXY_COUNT = 1

    def behind_proxy(forwarded: str) -> Client:
        return Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    for number in range(4):
        assert (
            behind_proxy(f"9.9.9.{number}, 203.0.113.5").get(PUBLIC).status_code == 200
        )
    assert_throttled(behind_proxy("8.8.8.8, 203.0.113.5").get(PUBLIC))
    assert behind_proxy("203.0.113.6").get(PUBLIC).status_code == 200
    # Without the header (a request that did not pass the proxy): the
    # connection's address.
    assert Client(REMOTE_ADDR="127.0.0.1").get(PUBLIC).status_code == 200
