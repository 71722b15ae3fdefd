"""One sign-in per event: a table's token follows the event's table (issue 32).

A Swiss of 3 rounds (4 teams, 4-board matches in 2 stints: 4 tables, each
round a new session and section) and a pairs event of 2 sessions (a 3-table
Mitchell each): one code, printed on the table card, and one token serve
every round and session; ``GET /api/table/`` says where the table plays now.
"""

from __future__ import annotations

import datetime as dt

import pytest
from big_section import play_rounds
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from teams_play import create, enter, matches, play_match, play_round

from tournaments.models import Result, Section, Session, Table, TabletGrant
from tournaments.services.closing import close_session
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    pairs_section_add,
)
from tournaments.services.tablet_grants import give_new_code, revoke_section
from tournaments.templatetags.qr import table_codes

pytestmark = pytest.mark.django_db

TABLE = "/api/table/"


def sign_in(code: str) -> str:
    response = Client(REMOTE_ADDR="10.0.0.9").post(
        "/api/table-sign-in/", {"code": code}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def here(token: str):
    return Client().get(TABLE, headers={"Authorization": f"Table {token}"})


def swiss_sections(event_id: int) -> list[Section]:
    return list(
        Section.objects.filter(session__event_id=event_id).order_by("session__number")
    )


@pytest.fixture
def swiss(api) -> dict:
    return create(api, 4, format="swiss", rounds=3)


def test_the_route_is_named():
    assert reverse("api-table") == TABLE


def test_one_token_plays_every_round_of_a_swiss(api, swiss):
    first = swiss_sections(swiss["id"])[0]
    card = table_codes(first)[3]
    assert card == first.table_set.get(number=3).code
    token = sign_in(card)
    response = here(token)
    assert response.status_code == 200
    assert response.json() == {
        "event": swiss["id"],
        "section": first.pk,
        "round": 1,
        "table": 3,
        "ns": "3NS",
        "ew": "4EW",
        "boards": [1, 2],
        "sit_out": False,
    }

    play_round(api, swiss["id"], 1)
    second = swiss_sections(swiss["id"])[1]
    assert here(token).json() == {
        "event": swiss["id"],
        "section": second.pk,
        "round": 2,
        "table": 3,
        "ns": "2NS",
        "ew": "3EW",
        "boards": [5, 6],
        "sit_out": False,
    }
    # Round 2's table card prints round 1's code: one card a table.
    assert table_codes(second)[3] == card
    cards = api.get(reverse("movement:table-cards", args=[second.pk])).content.decode()
    assert cards.count(f'<strong class="table-code">{card}</strong>') == 1
    assert second.table_set.get(number=3).code not in cards

    play_round(api, swiss["id"], 2)
    third = swiss_sections(swiss["id"])[2]
    assert here(token).json()["section"] == third.pk
    assert here(token).json()["round"] == 3
    play_round(api, swiss["id"], 3)
    # After the last round the table stays where it played last: round 3's
    # last stint (boards 11-12 at table 3), and no fourth round comes.
    assert here(token).json() == {
        "event": swiss["id"],
        "section": third.pk,
        "round": 3,
        "table": 3,
        "ns": "1NS",
        "ew": "3EW",
        "boards": [11, 12],
        "sit_out": False,
    }
    assert len(swiss_sections(swiss["id"])) == 3
    grant = TabletGrant.objects.get()
    assert (grant.table.section_id, grant.table.number) == (first.pk, 3)
    assert grant.revoked_at is None
    assert {m["round"] for m in matches(api, swiss["id"])} == {1, 2, 3}


def test_the_next_rounds_console_shows_the_tablet_signed_in_once(api, swiss):
    """Round 2's console shows table 3's tablet, signed in at round 1, with
    its last contact; a table whose tablet never signed in says so."""
    first, *_ = swiss_sections(swiss["id"])
    token = sign_in(table_codes(first)[3])
    play_round(api, swiss["id"], 1)
    second = swiss_sections(swiss["id"])[1]
    assert here(token).json()["section"] == second.pk
    page = api.get(reverse("director:console", args=[second.pk]))
    seen = {row.table: row.tablet for row in page.context["grid"]}
    assert seen[3] is not None and seen[3].signed_in
    assert dt.timedelta(0) <= timezone.now() - seen[3].last < dt.timedelta(seconds=30)
    assert seen[1] is None
    assert page.content.decode().count('<span class="muted">never</span>') == 3


def test_the_token_writes_only_where_its_table_is_now(api, swiss):
    first = swiss_sections(swiss["id"])[0]
    token = sign_in(first.table_set.get(number=3).code)
    play_round(api, swiss["id"], 1)
    second = swiss_sections(swiss["id"])[1]
    old = post_line(token, first, board=1, ns="3NS", ew="4EW")
    assert old.status_code == 403
    stored = post_line(token, second, board=5, ns="2NS", ew="3EW")
    assert stored.status_code == 201, stored.content
    row = second.table_set.get(number=3)
    stored_lines = Result.objects.filter(table=row)
    assert list(stored_lines.values_list("board__number", "tricks")) == [(5, 9)]
    # Another table's boards in its own section: refused.
    other = post_line(token, second, board=7, ns="1NS", ew="4EW")
    assert other.status_code == 403
    assert other.json() == {
        "detail": "Board 7 between 1NS and 4EW is played at another table, "
        "not at table 3."
    }
    assert Result.objects.filter(table__section=second, table__number=1).count() == 0
    assert Result.objects.filter(table__section=first, source="table").count() == 0


def test_another_events_token_never_follows_this_one(api, swiss):
    other = create(api, 4, format="swiss", rounds=3, name="Other teams")
    theirs = sign_in(swiss_sections(other["id"])[0].table_set.get(number=3).code)
    play_round(api, swiss["id"], 1)
    assert here(theirs).json()["event"] == other["id"]
    assert here(theirs).json()["section"] == swiss_sections(other["id"])[0].pk


def test_no_token_is_401_and_a_revoked_one_too(api, swiss):
    assert Client().get(TABLE).status_code == 401
    first = swiss_sections(swiss["id"])[0]
    token = sign_in(first.table_set.get(number=2).code)
    play_round(api, swiss["id"], 1)
    second = swiss_sections(swiss["id"])[1]
    # The director signs out round 2's tablets: the round 1 sign-in is one.
    assert revoke_section(second, None) == 1
    response = here(token)
    assert response.status_code == 401
    assert "by the director" in response.json()["detail"]
    assert TabletGrant.objects.get().revoked_why == "director"


def test_a_new_code_changes_every_rounds_code_and_signs_the_tablet_out(api, swiss):
    first = swiss_sections(swiss["id"])[0]
    old = first.table_set.get(number=1).code
    token = sign_in(old)
    play_round(api, swiss["id"], 1)
    second = swiss_sections(swiss["id"])[1]
    round_two_old = second.table_set.get(number=1).code
    code, count = give_new_code(second.table_set.get(number=1))
    assert count == 1
    assert code == Table.objects.get(section=first, number=1).code != old
    assert Table.objects.get(section=second, number=1).code != round_two_old
    assert here(token).status_code == 401
    refused = Client().post(
        "/api/table-sign-in/", {"code": old}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert here(sign_in(code)).json()["section"] == second.pk


def test_the_schema_describes_the_table_here():
    schema = Client().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/table/"]["get"]
    assert operation["operationId"] == "table_here"
    fields = schema["components"]["schemas"]["TableHere"]["properties"]
    assert sorted(fields) == sorted(
        ["event", "section", "round", "table", "ns", "ew", "boards", "sit_out"]
    )


# A pairs event of two sessions.


def mitchell(session: Session) -> Section:
    return pairs_section_add(
        session=session,
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(names=f"Pair {n}") for n in range(1, 7)],
    )


@pytest.fixture
def two_sessions():
    event = event_create(name="Two sessions", date=dt.date(2026, 11, 28))
    first = mitchell(event.sessions.get())
    return event, first


def table_two_in_round_one(event_id: int, section: Section) -> dict:
    """What ``GET /api/table/`` says of table 2 of a 3-table Mitchell in
    round 1: 2NS v 2EW on boards 3-4."""
    return {
        "event": event_id,
        "section": section.pk,
        "round": 1,
        "table": 2,
        "ns": "2NS",
        "ew": "2EW",
        "boards": [3, 4],
        "sit_out": False,
    }


def test_one_token_plays_both_sessions_of_a_pairs_event(two_sessions):
    event, first = two_sessions
    token = sign_in(table_codes(first)[2])
    assert here(token).json() == table_two_in_round_one(event.pk, first)
    later = Session.objects.create(event=event, number=2)
    play_rounds(first)
    assert here(token).json()["round"] == 3  # every round in: its last
    close_session(first.session, confirmed=True)
    # Closed, but the event goes on: the tablet waits, signed in.
    assert TabletGrant.objects.get().revoked_at is None
    waiting = here(token)
    assert waiting.status_code == 409
    assert "next session has not started yet" in waiting.json()["detail"]

    second = mitchell(later)
    assert here(token).json() == table_two_in_round_one(event.pk, second)
    assert table_codes(second)[2] == first.table_set.get(number=2).code
    stored = post_line(token, second, board=3, ns="2NS", ew="2EW")
    assert stored.status_code == 201, stored.content
    assert Result.objects.filter(table=second.table_set.get(number=2)).count() == 1
    close_session(second.session, confirmed=True)
    # The event's last session closed: every tablet is signed out.
    assert TabletGrant.objects.get().revoked_why == "session-closed"
    assert here(token).status_code == 401


def post_line(token: str, section: Section, **line):
    return post_as(
        token, section, {"contract": "3NT", "declarer": "N", "tricks": 9} | line
    )


def post_as(token: str, section: Section, data: dict):
    return Client().post(
        reverse("api-section-results", args=[section.pk]),
        data,
        content_type="application/json",
        headers={"Authorization": f"Table {token}"},
    )


def test_the_tablet_page_waits_between_sessions_then_plays_the_next(two_sessions):
    event, first = two_sessions
    tablet = Client()
    assert tablet.post("/table/", {"code": table_codes(first)[2]}).status_code == 302
    later = Session.objects.create(event=event, number=2)
    play_rounds(first)
    close_session(first.session, confirmed=True)
    page = tablet.get("/table/play/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Waiting for the next session" in html
    assert f'data-push-event="event:{event.pk}"' in html
    second = mitchell(later)
    page = tablet.get("/table/play/")
    assert page.status_code == 200
    assert "/table/play/1/board/3/" in page.content.decode()
    assert TabletGrant.objects.count() == 1
    assert second.table_set.get(number=2).tablet_grants.count() == 0


def test_a_session_closed_with_no_other_to_come_signs_out_as_before(two_sessions):
    _event, first = two_sessions
    token = sign_in(first.table_set.get(number=1).code)
    close_session(first.session, confirmed=True)
    assert here(token).status_code == 401
    assert TabletGrant.objects.get().revoked_why == "session-closed"


def sections_in_order(event_id: int) -> list[int]:
    return list(
        Section.objects.filter(session__event_id=event_id)
        .order_by("session__number")
        .values_list("pk", flat=True)
    )


def test_a_round_robin_laid_out_at_once_plays_its_rounds_in_turn(api):
    """Every round is a session being played from the start: the token plays
    the first its table has not finished, then the next."""
    event = create(api, 4, format="round-robin")
    sections = sections_in_order(event["id"])
    assert len(sections) == 3
    first = Section.objects.get(pk=sections[0])
    token = sign_in(table_codes(first)[1])
    for number, section in enumerate(sections, start=1):
        answer = here(token).json()
        assert (answer["section"], answer["round"], answer["table"]) == (
            section,
            number,
            1,
        )
        assert answer["boards"] == [4 * number - 3, 4 * number - 2]
        play_round(api, event["id"], number)
    # Every round played: the last one stays, its last stint.
    assert here(token).json()["section"] == sections[-1]
    assert here(token).json()["boards"] == [11, 12]
    assert TabletGrant.objects.filter(revoked_at__isnull=True).count() == 1


def test_a_knockout_token_follows_its_segments_then_the_final(api):
    event = create(api, 4, format="knockout", rounds=2)
    sections = sections_in_order(event["id"])
    assert len(sections) == 2  # stage 1: two segments laid out at once
    token = sign_in(table_codes(Section.objects.get(pk=sections[0]))[1])
    assert (here(token).json()["section"], here(token).json()["round"]) == (
        sections[0],
        1,
    )
    for segment in matches(api, event["id"]):
        if segment["section"] == sections[0]:
            play_one(api, segment)
    assert (here(token).json()["section"], here(token).json()["round"]) == (
        sections[1],
        1,
    )
    for segment in matches(api, event["id"]):
        if segment["section"] == sections[1]:
            play_one(api, segment)
    later = sections_in_order(event["id"])[2:]
    assert later, "the final (or the extra boards) is laid out"
    assert here(token).json()["section"] == later[0]
    assert TabletGrant.objects.count() == 1


def test_a_knockout_tablet_waits_for_the_next_stage_then_ends_if_out(api):
    """A 4-team knockout of one segment: table 3 (the second semi-final)
    done first is told the next stage comes, not "the last round"; once
    the final is laid out (at tables 1 and 2), table 3 has played its
    last round."""
    event = create(api, 4, format="knockout", rounds=1)
    (semis,) = sections_in_order(event["id"])
    tablet = Client()
    code = table_codes(Section.objects.get(pk=semis))[3]
    assert tablet.post("/table/", {"code": code}).status_code == 302
    one, two = matches(api, event["id"])
    home_wins(api, two)
    page = tablet.get("/table/play/").content.decode()
    assert "This round is over: this tablet moves on to the next one" in page
    assert "That was the last round" not in page
    home_wins(api, one)
    (final,) = sections_in_order(event["id"])[1:]
    tables = Table.objects.filter(section_id=final).values_list("number", flat=True)
    assert sorted(tables) == [1, 2]
    page = tablet.get("/table/play/").content.decode()
    assert "That was the last round" in page
    assert "moves on to the next one" not in page


def home_wins(api, match: dict) -> None:
    """Every board of a knockout segment: 3NT+1 by the home team's N-S in
    one room (+430, vulnerable +630), 3NT-1 by the away team's in the other
    (-50, vulnerable -100): the home team wins the match."""
    section = Section.objects.get(pk=match["section"])
    for board in section.boards.order_by("number").values_list("number", flat=True):
        enter(api, match, board, {"contract": "3NT", "tricks": 10},
              {"contract": "3NT", "tricks": 8})  # fmt: skip


def play_one(api, match: dict) -> None:
    """Play a knockout segment by the teams helper (its boards numbered on)."""
    section = Section.objects.get(pk=match["section"])
    first = section.boards.order_by("number").first().number
    play_match(api, match | {"round": (first - 1) // 4 + 1})


def test_the_tablet_page_says_the_round_is_over_then_plays_the_next(api, swiss):
    first = swiss_sections(swiss["id"])[0]
    tablet = Client()
    assert tablet.post("/table/", {"code": table_codes(first)[3]}).status_code == 302
    one, two = matches(api, swiss["id"])
    play_match(api, two)  # 3 v 4: tables 3 and 4
    page = tablet.get("/table/play/").content.decode()
    assert "This round is over: this tablet moves on to the next one" in page
    assert 'data-push-every="10"' in page
    assert "That was the last round" not in page
    play_match(api, one)  # the round is complete: round 2 is paired
    second = swiss_sections(swiss["id"])[1]
    page = tablet.get("/table/play/").content.decode()
    assert "Table 3 · round 2 · stint 1 of 2" in page
    assert "/table/play/1/board/5/" in page
    assert 'data-push-every="10"' not in page
    assert TabletGrant.objects.get().table.section_id == first.pk
    assert second.table_set.get(number=3).tablet_grants.count() == 0
