"""POST /api/sessions/{id}/sections/: a director adds a pairs section of any
size its movement allows (a Mitchell up to 50 tables), and the tablets of a
50-table relay Mitchell sign in and enter their lines.

Every refusal is a 400 naming the field and stating the movement's cap.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from big_section import big_mitchell
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import (
    Board,
    Club,
    Event,
    Pair,
    Result,
    Round,
    Section,
    Session,
    Table,
)
from tournaments.services.directors import director_create
from tournaments.services.events import (
    SECTION_LETTERS,
    MovementChoice,
    event_create,
    section_create,
)
from tournaments.services.section_sizes import MAX_SECTION_PAIRS, tables_refusal

pytestmark = pytest.mark.django_db

RELAY_50 = {"movement": "mitchell", "tables": 50, "boards_per_round": 1,
            "even_tables": "relay"}  # fmt: skip


@pytest.fixture
def session() -> Session:
    event = event_create(name="National simultaneous", date=dt.date(2026, 11, 25))
    return event.sessions.get()


def url(session: Session) -> str:
    return reverse("api-session-sections", args=[session.pk])


def post(client, session, body, **headers):
    return client.post(
        url(session), body, content_type="application/json", headers=headers
    )


def test_the_route_is_named():
    assert reverse("api-session-sections", args=[7]) == "/api/sessions/7/sections/"


def test_a_director_adds_a_fifty_table_relay_mitchell(director, session):
    names = [f"Pair {n}" for n in range(1, 101)]
    response = post(director, session, RELAY_50 | {"pairs": names})
    assert response.status_code == 201, response.json()
    body = response.json()
    section = Section.objects.get(pk=body["id"])
    assert (body["letter"], body["tables"], body["rounds"]) == ("A", 50, 50)
    assert (section.movement, section.even_tables) == ("mitchell", "relay")
    assert Table.objects.filter(section=section).count() == 50
    codes = set(Table.objects.filter(section=section).values_list("code", flat=True))
    assert len(codes) == 50 and "" not in codes
    assert Round.objects.filter(section=section).count() == 50
    boards = Board.objects.filter(section=section).values_list("number", flat=True)
    assert sorted(boards) == list(range(1, 51))
    pairs = {p.label: p.names for p in Pair.objects.filter(section=section)}
    assert len(pairs) == 100
    assert (pairs["1NS"], pairs["50NS"], pairs["1EW"], pairs["50EW"]) == (
        "Pair 1",
        "Pair 50",
        "Pair 51",
        "Pair 100",
    )
    session.refresh_from_db()
    assert session.status == Session.Status.PLAYING
    # The assignments read back the movement: table 50 shares table 1's board.
    rows = director.get(reverse("api-section-assignments", args=[section.pk])).json()
    assert len(rows) == 2500
    first = {row["table"]: row for row in rows if row["round"] == 1}
    assert (first[50]["ns"], first[50]["ew"], first[50]["boards"]) == (
        "50NS",
        "50EW",
        [1],
    )
    assert first[1]["boards"] == [1]


def test_a_second_section_takes_the_next_letter(director, session):
    assert post(director, session, RELAY_50).status_code == 201
    response = post(director, session, RELAY_50 | {"first_board": 51})
    assert response.status_code == 201
    assert response.json()["letter"] == "B"
    assert response.json()["first_board"] == 51


def test_fifty_one_tables_are_refused_naming_tables(director, session):
    response = post(director, session, RELAY_50 | {"tables": 51})
    assert response.status_code == 400
    assert response.json() == {"tables": ["A Mitchell has at most 50 tables."]}
    assert not Section.objects.exists()


@pytest.mark.parametrize("tables", [51, 1000, 32767])
def test_any_size_over_the_cap_is_the_same_refusal(director, session, tables):
    body = {"movement": "mitchell", "tables": tables, "boards_per_round": 2}
    response = post(director, session, body)
    assert response.status_code == 400
    assert response.json() == {"tables": ["A Mitchell has at most 50 tables."]}


def test_too_few_tables_are_refused_naming_the_floor(director, session):
    body = {"movement": "mitchell", "tables": 2, "boards_per_round": 2}
    response = post(director, session, body)
    assert response.status_code == 400
    assert response.json() == {"tables": ["A Mitchell has at least 3 tables."]}
    body = {"movement": "howell", "tables": 1, "boards_per_round": 2}
    response = post(director, session, body)
    assert response.json() == {"tables": ["A Howell has at least 2 tables."]}


def test_a_howell_above_its_cap_is_refused_naming_tables(director, session):
    body = {"movement": "howell", "tables": 11, "boards_per_round": 2}
    response = post(director, session, body)
    assert response.status_code == 400
    assert response.json() == {"tables": ["A Howell has at most 10 tables."]}
    assert not Section.objects.exists()


def test_a_howell_at_its_cap_is_made(director, session):
    body = {"movement": "howell", "tables": 10, "boards_per_round": 1}
    response = post(director, session, body)
    assert response.status_code == 201
    assert (response.json()["tables"], response.json()["rounds"]) == (10, 19)
    assert Pair.objects.count() == 20


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"tables": 0}, "tables"),
        ({"tables": "fifty"}, "tables"),
        ({"tables": 10**9}, "tables"),
        ({"boards_per_round": 11}, "boards_per_round"),
        ({"boards_per_round": 0}, "boards_per_round"),
        ({"movement": "teams"}, "movement"),
        ({"even_tables": "hesitation"}, "even_tables"),
        ({"rounds": 10}, "rounds"),  # a relay Mitchell is played in full
        ({"rounds": 0}, "rounds"),
        ({"arrow_switch": [51]}, "arrow_switch"),
        ({"pairs": ["x"] * (MAX_SECTION_PAIRS + 1)}, "pairs"),
        ({"pairs": ["x" * 121]}, "pairs"),
        ({"first_board": 0}, "first_board"),
    ],
)
def test_bad_values_are_refused_naming_the_field(director, session, body, field):
    response = post(director, session, RELAY_50 | body)
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not Section.objects.exists()


def test_a_skip_mitchell_of_fifty_tables_stops_after_49_rounds(director, session):
    body = {"movement": "mitchell", "tables": 50, "boards_per_round": 1}
    response = post(director, session, body | {"rounds": 50})
    assert response.status_code == 400
    assert response.json() == {"rounds": ["rounds must be 1 to 49, got 50"]}
    response = post(director, session, body | {"rounds": 13})
    assert response.status_code == 201
    assert response.json()["rounds"] == 13


def test_a_howell_has_no_rounds_or_arrow_switch_to_set(director, session):
    body = {"movement": "howell", "tables": 4, "boards_per_round": 2}
    response = post(director, session, body | {"arrow_switch": [3]})
    assert response.status_code == 400
    assert list(response.json()) == ["arrow_switch"]


def test_another_games_session_takes_no_pairs_section(director):
    event = Event.objects.create(
        name="Whiz", date=dt.date(2026, 11, 25), kind=Event.Kind.WHIZ
    )
    session = Session.objects.create(event=event, number=1)
    response = post(director, session, RELAY_50)
    assert response.status_code == 400
    assert list(response.json()) == ["session"]
    assert not Section.objects.exists()


def test_an_unknown_session_is_a_404(director):
    response = director.post(
        "/api/sessions/999999/sections/", RELAY_50, content_type="application/json"
    )
    assert response.status_code == 404


def test_only_the_clubs_director_adds_a_section(client, django_user_model):
    own = director_create("own", "Club A", "own-pw-2026").user
    director_create("other", "Club B", "other-pw-2026")
    club = Club.objects.get(name="Club A")
    event = event_create(name="Club night", date=dt.date(2026, 11, 25), club=club)
    session = event.sessions.get()
    assert post(client, session, RELAY_50).status_code in (401, 403)
    client.force_login(django_user_model.objects.get(username="other"))
    assert post(client, session, RELAY_50).status_code == 403
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert post(client, session, RELAY_50).status_code == 403
    assert not Section.objects.exists()
    client.force_login(own)
    assert post(client, session, RELAY_50).status_code == 201


def test_a_table_token_cannot_add_a_section(client, session):
    section = big_mitchell(5)
    token = client.post(
        "/api/table-sign-in/",
        {"code": section.table_set.get(number=1).code},
        content_type="application/json",
    ).json()["token"]
    before = Section.objects.count()
    response = post(client, section.session, RELAY_50, Authorization=f"Table {token}")
    assert response.status_code == 403
    assert Section.objects.count() == before


def test_the_queries_do_not_grow_with_the_size(director, session):
    """Pairs, boards, rounds and tables are each stored in one statement (or a
    few batches): 10 and 50 tables cost the same number of queries."""
    counts = {}
    for tables in (10, 50):
        names = [f"Pair {n}" for n in range(1, 2 * tables + 1)]
        body = RELAY_50 | {"tables": tables, "pairs": names}
        with CaptureQueriesContext(connection) as queries:
            assert post(director, session, body).status_code == 201
        counts[tables] = len(queries)
    assert counts[10] == counts[50]


def test_the_refusal_reads_the_movements_own_cap():
    assert tables_refusal("mitchell", 50) is None
    assert tables_refusal("mitchell", 51) == "A Mitchell has at most 50 tables."
    assert tables_refusal("howell", 10) is None
    assert tables_refusal("howell", 11) == "A Howell has at most 10 tables."
    assert tables_refusal("none", 400) is None  # imported results: no cap
    assert MAX_SECTION_PAIRS == 100


# -- the tablets of a 50-table relay Mitchell ------------------------------------


def sign_in(client, section, number) -> dict:
    code = section.table_set.get(number=number).code
    response = client.post(
        "/api/table-sign-in/", {"code": code}, content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


LINE = {"contract": "3NT", "declarer": "N", "result": "="}


@pytest.mark.parametrize("number", [41, 45, 49, 50])
def test_the_tables_past_forty_sign_in_with_their_codes(client, number):
    section = big_mitchell(50)
    body = sign_in(client, section, number)
    assert (body["table"], body["section"]) == (number, section.pk)


def test_table_fifty_and_table_one_enter_the_board_they_share(
    client, django_capture_on_commit_callbacks
):
    section = big_mitchell(50)
    results = reverse("api-section-results", args=[section.pk])
    fifty = sign_in(client, section, 50)["token"]
    one = sign_in(client, section, 1)["token"]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            results,
            LINE | {"board": 1, "ns": "50NS", "ew": "50EW"},
            content_type="application/json",
            headers={"Authorization": f"Table {fifty}"},
        )
    assert response.status_code == 201, response.json()
    assert (response.json()["round"], response.json()["table"]) == (1, 50)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            results,
            LINE | {"board": 1, "ns": "1NS", "ew": "1EW", "result": "+1"},
            content_type="application/json",
            headers={"Authorization": f"Table {one}"},
        )
    assert response.status_code == 201, response.json()
    lines = {
        line.table.number: (line.ns_pair.label, line.ew_pair.label, line.score_ns)
        for line in Result.objects.select_related("table", "ns_pair", "ew_pair")
    }
    assert lines == {50: ("50NS", "50EW", 400), 1: ("1NS", "1EW", 430)}
    # Scored against each other, as the write queued it: the overtrick wins.
    by_table = {
        line.table.number: (line.mp_ns, line.mp_ew)
        for line in Result.objects.select_related("table")
    }
    (win, lose), (lost, won) = by_table[1], by_table[50]
    assert (win, lose) == (won, lost) and win > lose


def test_table_fifty_cannot_enter_another_tables_board(client):
    section = big_mitchell(50)
    fifty = sign_in(client, section, 50)["token"]
    response = client.post(
        reverse("api-section-results", args=[section.pk]),
        LINE | {"board": 27, "ns": "26NS", "ew": "26EW"},
        content_type="application/json",
        headers={"Authorization": f"Table {fifty}"},
    )
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_table_fifty_reads_its_round(client):
    section = big_mitchell(50)
    fifty = sign_in(client, section, 50)["token"]
    response = client.get(
        reverse("api-table-round", args=[section.pk, 50]),
        headers={"Authorization": f"Table {fifty}"},
    )
    assert response.status_code == 200
    assert response.json() == {"table": 50, "round": 1}


def test_a_27th_section_is_lettered_aa(director, session):
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        section_create(
            session=session, choice=MovementChoice("mitchell", 3, 2), letter=letter
        )
    response = post(director, session, RELAY_50)
    assert response.status_code == 201, response.content
    assert Section.objects.get(pk=response.json()["id"]).letter == "AA"


def test_a_session_whose_702_letters_are_taken_takes_no_more(director, session):
    first = section_create(
        session=session, choice=MovementChoice("mitchell", 3, 2), letter="A"
    )
    copies = []
    for letter in SECTION_LETTERS[1:]:
        copy = Section.objects.get(pk=first.pk)
        copy.pk = None
        copy.letter = letter
        copies.append(copy)
    Section.objects.bulk_create(copies)
    response = post(director, session, RELAY_50)
    assert response.status_code == 400
    assert response.json() == {"session": ["A session has at most 702 sections."]}
    assert Section.objects.count() == 702
    # The director's page says the same, as a form error, not a 500.
    url = reverse("director:section-new", args=[session.pk])
    names = {f"pair{i}-a": f"Newcomer {i}" for i in range(6)}
    data = {"pairs": 6, "movement": 0, "boards_per_round": 2} | names
    response = director.post(url, data)
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "A session has at most 702 sections."
    ]
    assert Section.objects.count() == 702


def test_a_closed_session_takes_no_new_section(director, session):
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    response = post(director, session, RELAY_50)
    assert response.status_code == 400
    assert response.json() == {"session": ["This session is closed: reopen it first."]}
    assert not Section.objects.exists()
    session.refresh_from_db()
    assert session.status == Session.Status.CLOSED


def test_every_table_of_a_fifty_table_relay_plays_round_one_from_its_tablet(
    client, django_capture_on_commit_callbacks
):
    """All 50 tablets sign in and enter round 1: the boards on the bye stand
    (board 26) wait, tables 1 and 50 both play board 1, and the section is
    scored with every line of the round."""
    section = big_mitchell(50)
    results = reverse("api-section-results", args=[section.pk])
    assignments = {
        row["table"]: row
        for row in client.get(
            reverse("api-section-assignments", args=[section.pk]),
            headers={"Authorization": f"Table {sign_in(client, section, 1)['token']}"},
        ).json()
        if row["round"] == 1
    }
    for number in range(1, 51):
        token = sign_in(client, section, number)["token"]
        row = assignments[number]
        (board,) = row["boards"]
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                results,
                LINE | {"board": board, "ns": row["ns"], "ew": row["ew"]},
                content_type="application/json",
                headers={"Authorization": f"Table {token}"},
            )
        assert response.status_code == 201, (number, response.json())
        assert (response.json()["round"], response.json()["table"]) == (1, number)
    per_board = Counter(
        Result.objects.values_list("board__number", flat=True).order_by()
    )
    assert per_board[1] == 2
    assert 26 not in per_board  # on the bye stand in round 1
    assert sum(per_board.values()) == 50 and len(per_board) == 49
    assert not Result.objects.filter(mp_ns__isnull=True).exists()
    section.scoring.refresh_from_db()
    assert section.stale is False


def test_more_names_than_pairs_are_refused(director, session):
    body = {"movement": "mitchell", "tables": 5, "boards_per_round": 2}
    response = post(director, session, body | {"pairs": ["x"] * 11})
    assert response.status_code == 400
    assert response.json() == {"pairs": ["11 names for 10 pairs."]}
    response = post(director, session, body | {"pairs": ["x"] * 10, "phantom": True})
    assert response.json() == {"pairs": ["10 names for 9 pairs."]}
    assert not Section.objects.exists()
    response = post(director, session, body | {"pairs": ["x"] * 9, "phantom": True})
    assert response.status_code == 201
    assert Pair.objects.count() == 9
