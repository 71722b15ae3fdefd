"""Every operation of the API's OpenAPI schema, asked by every kind of caller.

The world is the demo club (club A: events of every game, nothing published,
every session being played so that its tables' tokens are live) and a second
club B with its own director.  Each operation of the schema is called with
its path filled with one of club A's objects (the object of the right game),
and an empty JSON body for a write, by six callers:

* ``anon``: nobody signed in;
* ``other``: the director of club B;
* ``own``: the director of club A;
* ``far``: the token of a table of another event, round and section;
* ``near``: the token of another table of the same section;
* ``table``: the token of the table the object belongs to.

``EXPECTED`` pins the status code of each (operation, caller).  A refused
caller gets 401, 403 or 404 and nothing changes; an allowed one reaches the
view's own checks (hence 400 for an empty body, naming a field).  A new
operation fails ``test_every_schema_operation_is_in_the_matrix`` until its
row is written here.  Each call runs in a transaction rolled back after it,
so a DELETE does not take the object away from the next caller.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass

import pytest
from club_objects import ClubObjects, club_objects, last_section
from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tournaments.bridgeote.services import bridgeote_event_create
from tournaments.demo.club import DemoSummary
from tournaments.models import (
    Club,
    Event,
    Section,
    Session,
    Table,
)
from tournaments.services.single_section import PlayerEntry
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

ROLES = ("anon", "other", "own", "far", "near", "table")
METHODS = ("get", "post", "put", "patch", "delete")

# (method, path) -> codes for anon, other, own, far, near, table.
EXPECTED: dict[tuple[str, str], tuple[int, ...]] = {
    ("delete", "/api/events/{id}/"): (401, 403, 400, 403, 403, 403),
    ("delete", "/api/penalties/{id}/"): (401, 403, 200, 403, 403, 403),
    ("get", "/api/clubs/"): (200, 200, 200, 200, 200, 200),
    ("get", "/api/clubs/{id}/"): (200, 200, 200, 200, 200, 200),
    ("get", "/api/events/"): (200, 200, 200, 200, 200, 200),
    ("get", "/api/events/{id}/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/events/{id}/barbu-ranking/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/events/{id}/bridgeote-ranking/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/events/{id}/individual-ranking/"): (404, 404, 200, 404, 404, 404),
    # The demo's Barbu is not a duplicate one: its duplicate ranking is no page
    # for anybody (the duplicate ranking's own access is tested in
    # test_barbu_duplicate_api).
    ("get", "/api/events/{id}/barbu-duplicate-ranking/"): (404,) * 6,
    ("get", "/api/events/{id}/chinese-ranking/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/events/{id}/double-dummy/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/events/{id}/matches/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/events/{id}/rankings/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/events/{id}/scoring/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/events/{id}/standings/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/events/{id}/teams/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/events/{id}/whiz-ranking/"): (404, 404, 200, 404, 404, 404),
    ("get", "/api/games/"): (200, 200, 200, 200, 200, 200),
    ("get", "/api/games/{slug}/"): (200, 200, 200, 200, 200, 200),
    ("get", "/api/import-jobs/{id}/"): (401, 403, 200, 403, 403, 403),
    ("get", "/api/mail-jobs/{id}/"): (401, 403, 200, 403, 403, 403),
    ("get", "/api/matches/{id}/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/pairs/{id}/"): (401, 403, 200, 403, 403, 403),
    ("get", "/api/results/{id}/"): (404, 404, 200, 404, 404, 200),
    ("get", "/api/score/"): (400, 400, 400, 400, 400, 400),
    ("get", "/api/sections/{id}/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/assignments/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/barbu-deals/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/bridgeote-deals/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/chinese-matches/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/clock/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/sections/{id}/penalties/"): (403, 403, 200, 403, 403, 403),
    ("get", "/api/sections/{id}/results/"): (404, 404, 200, 404, 200, 200),
    (
        "get",
        "/api/sections/{id}/tables/{number}/round/",
    ): (404, 404, 200, 404, 404, 200),
    ("get", "/api/sections/{id}/whiz-results/"): (404, 404, 200, 404, 200, 200),
    ("get", "/api/whiz-results/{id}/"): (404, 404, 200, 404, 200, 200),
    ("patch", "/api/events/{id}/scoring/"): (401, 403, 200, 403, 403, 403),
    ("patch", "/api/matches/{id}/"): (401, 403, 400, 403, 403, 403),
    ("patch", "/api/pairs/{id}/"): (401, 403, 400, 403, 403, 403),
    ("patch", "/api/results/{id}/"): (401, 403, 200, 403, 403, 200),
    ("patch", "/api/sections/{id}/"): (401, 403, 400, 403, 403, 403),
    ("patch", "/api/whiz-results/{id}/"): (401, 403, 200, 403, 403, 403),
    ("post", "/api/barbu-events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/bridgeote-events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/individual-events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/barbu-duplicate-events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/chinese-events/"): (401, 400, 400, 403, 403, 403),
    # A pairs event (issue 32): an empty body names the name and date (400).
    ("post", "/api/events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/events/{id}/double-dummy/"): (401, 403, 202, 403, 403, 403),
    ("post", "/api/events/{id}/hand-records/"): (401, 403, 415, 403, 403, 403),
    ("post", "/api/results-files/"): (401, 415, 415, 403, 403, 403),
    ("post", "/api/results/{id}/confirm/"): (401, 403, 200, 403, 403, 403),
    ("post", "/api/results/{id}/dispute/"): (401, 403, 200, 403, 403, 403),
    ("post", "/api/results/{id}/resolve/"): (401, 403, 200, 403, 403, 403),
    ("post", "/api/results/{id}/swap/"): (401, 403, 200, 403, 403, 403),
    ("post", "/api/sections/{id}/absences/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/barbu-deals/"): (401, 403, 400, 403, 400, 400),
    ("post", "/api/sections/{id}/bridgeote-deals/"): (401, 403, 400, 403, 400, 400),
    (
        "post",
        "/api/sections/{id}/boards/{number}/pairs/",
    ): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/bridgeote-results/"): (401, 403, 400, 403, 400, 400),
    ("post", "/api/sections/{id}/chinese-matches/"): (401, 403, 400, 403, 400, 400),
    (
        "post",
        "/api/sections/{id}/chinese-matches/answer/",
    ): (401, 403, 400, 403, 400, 400),
    ("post", "/api/sections/{id}/clock/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/late-pair/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/mail/"): (401, 403, 409, 403, 403, 403),
    ("post", "/api/sections/{id}/penalties/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/results/"): (401, 403, 400, 403, 400, 400),
    (
        "post",
        "/api/sections/{id}/tables/{number}/round/",
    ): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sections/{id}/traveller-file/"): (401, 403, 415, 403, 403, 403),
    ("post", "/api/sections/{id}/whiz-results/"): (401, 403, 400, 403, 400, 400),
    ("post", "/api/sections/{id}/withdrawals/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/sessions/{id}/close/"): (401, 403, 409, 403, 403, 403),
    ("post", "/api/sessions/{id}/sections/"): (401, 403, 400, 403, 403, 403),
    ("post", "/api/table-sign-in/"): (400, 400, 400, 400, 400, 400),
    # Each token signs itself out (204), whichever table it is; no token: 401.
    ("post", "/api/table-sign-out/"): (401, 401, 401, 204, 204, 204),
    ("post", "/api/teams-events/"): (401, 400, 400, 403, 403, 403),
    # Where the token's own table plays now; a director is no table: 401.
    ("get", "/api/table/"): (401, 401, 401, 200, 200, 200),
    ("post", "/api/whiz-events/"): (401, 400, 400, 403, 403, 403),
    ("post", "/api/whiz-results/{id}/resolve/"): (401, 403, 200, 403, 403, 403),
}


def operations() -> list[tuple[str, str, str]]:
    """(method, path template, operation id) of every schema operation."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        (method, path, spec["operationId"])
        for path, item in schema["paths"].items()
        for method, spec in item.items()
        if method in METHODS
    )


@dataclass
class World(ClubObjects):
    """Club A's objects by what a path names, and the callers' credentials."""

    club: Club
    other_club: Club
    events: dict[str, Event]
    sections: dict[str, Section]


def build_world(demo: DemoSummary) -> World:
    """The demo club with every session being played, and club B."""
    club = demo.club
    Session.objects.update(status=Session.Status.PLAYING)
    users = get_user_model()
    own = users.objects.create_user("own", password="pw-own-director", is_staff=True)
    club.directors.add(own)
    other_club = Club.objects.create(name="Club B")
    other = users.objects.create_user("other", password="pw-other-dir", is_staff=True)
    other_club.directors.add(other)
    events = {
        "pairs": Event.objects.get(name="Tonight's pairs"),
        "teams": Event.objects.get(kind=Event.Kind.TEAMS),
        "whiz": Event.objects.get(kind=Event.Kind.WHIZ),
        "barbu": Event.objects.get(kind=Event.Kind.BARBU),
        "chinese": Event.objects.get(kind=Event.Kind.CHINESE),
        "bridgeote": Event.objects.get(game=Event.Game.BRIDGEOTE),
        "individual": Event.objects.get(kind=Event.Kind.INDIVIDUAL),
        # Bridgeote individual (3, 5, 6 or 7 a table): not in the demo.
        "bridgeote_individual": bridgeote_event_create(
            name="Bridgeote à cinq",
            date=dt.date(2026, 11, 25),
            entries=[PlayerEntry(name=f"P{n}") for n in range(1, 11)],
            club=club,
        ),
    }
    sections = {kind: last_section(event) for kind, event in events.items()}
    objects = club_objects(events["pairs"], events["whiz"], events["teams"], own)
    return World(
        club=club,
        other_club=other_club,
        events=events,
        sections=sections,
        **vars(objects),
    )


def _game(path: str) -> str:
    """Which game's object a path asks for."""
    for word, game in (
        ("barbu", "barbu"),
        ("chinese", "chinese"),
        ("whiz", "whiz"),
        ("bridgeote-deals", "bridgeote_individual"),
        ("bridgeote-ranking", "bridgeote_individual"),
        ("bridgeote", "bridgeote"),
        ("individual", "individual"),
        ("matches", "teams"),
        ("standings", "teams"),
        ("teams", "teams"),
    ):
        if word in path:
            return game
    return "pairs"


@dataclass(frozen=True)
class Call:
    """A filled-in path, and the table the path's object belongs to."""

    url: str
    table: Table


def call_for(world: World, path: str) -> Call:
    """``path`` with club A's object of the right game, and its table."""
    game = _game(path)
    section = world.sections[game]
    table = section.table_set.order_by("number").first()
    if path.startswith("/api/events/{id}"):
        value = world.events[game].pk
    elif path.startswith("/api/sections/{id}"):
        value = section.pk
    elif path.startswith("/api/results/{id}"):
        value, table = world.result.pk, world.result.table
    elif path.startswith("/api/whiz-results/{id}"):
        value, table = world.whiz_result.pk, world.whiz_result.table
    elif path.startswith("/api/pairs/{id}"):
        value = world.pair.pk
    elif path.startswith("/api/penalties/{id}"):
        value = world.penalty.pk
    elif path.startswith("/api/matches/{id}"):
        match = world.match
        value = match.pk
        table = section.table_set.get(number=match.number)
    elif path.startswith("/api/import-jobs/{id}"):
        value = world.import_job.pk
    elif path.startswith("/api/mail-jobs/{id}"):
        value = world.mail_job.pk
    elif path.startswith("/api/sessions/{id}"):
        value = section.session_id
    elif path.startswith("/api/clubs/{id}"):
        value = world.club.pk
    else:
        value = None
    url = path.replace("{number}", "1").replace("{slug}", "bridge")
    if value is not None:
        url = url.replace("{id}", str(value))
    return Call(url, table)


def client_for(world: World, role: str, call: Call, path: str) -> APIClient:
    """A client signed in (or holding a token) as ``role``."""
    client = APIClient()
    if role in {"own", "other"}:
        client.force_login(get_user_model().objects.get(username=role))
    elif role == "table":
        client.credentials(HTTP_AUTHORIZATION=f"Table {issue_table_token(call.table)}")
    elif role == "near":
        near = call.table.section.table_set.exclude(pk=call.table.pk).first()
        client.credentials(HTTP_AUTHORIZATION=f"Table {issue_table_token(near)}")
    elif role == "far":
        game = "whiz" if _game(path) == "pairs" else "pairs"
        far = world.sections[game].table_set.order_by("number").last()
        client.credentials(HTTP_AUTHORIZATION=f"Table {issue_table_token(far)}")
    return client


class RolledBack(Exception):
    """Raised to undo one call's writes."""


def status_of(world: World, method: str, path: str, role: str) -> int:
    """The status code ``role`` gets for ``method path``, the call undone."""
    call = call_for(world, path)
    client = client_for(world, role, call, path)
    body = {} if method in {"post", "put", "patch"} else None
    code = 0
    try:
        with transaction.atomic():
            response = getattr(client, method)(
                call.url,
                data=json.dumps(body) if body is not None else None,
                content_type="application/json",
            )
            code = response.status_code
            raise RolledBack
    except RolledBack:
        pass
    return code


@pytest.fixture
def world(demo: DemoSummary) -> World:
    return build_world(demo)


def test_every_schema_operation_is_in_the_matrix():
    found = {(method, path) for method, path, _ in operations()}
    assert sorted(found - EXPECTED.keys()) == []
    assert sorted(EXPECTED.keys() - found) == []


def test_every_operation_answers_every_caller_as_pinned(world):
    """One test over the whole matrix (the world is built once): every
    difference is listed, not only the first."""
    seen: dict[tuple[str, str], tuple[int, ...]] = {}
    for method, path, _ in operations():
        seen[(method, path)] = tuple(
            status_of(world, method, path, role) for role in ROLES
        )
    if os.environ.get("DONNE_PRINT_MATRIX"):
        for (method, path), codes in sorted(seen.items()):
            print(f'    ("{method}", "{path}"): {codes},')
    wrong = {
        key: (EXPECTED.get(key), codes)
        for key, codes in seen.items()
        if EXPECTED.get(key) != codes
    }
    assert wrong == {}
    assert len(seen) * len(ROLES) == len(EXPECTED) * len(ROLES)
