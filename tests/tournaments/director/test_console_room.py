"""The console for a real room: the current round at a glance, each
tablet's last contact, the disputes side by side with one-click decisions,
and the live repairs that come back to the console."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from section_play import enter_seating

from tournaments.director.console_room import MissingBoard
from tournaments.models import (
    Pair,
    Penalty,
    Result,
    ResultChange,
    RoundClock,
    Section,
    TabletGrant,
)
from tournaments.selectors.movement import section_movement
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

# The section fixture: a 3-table Mitchell, 2 boards a round; in round 1
# table 1 plays boards 1-2, table 2 boards 3-4, table 3 boards 5-6.
BOARD_ONE = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "=", "lead": "SK"}  # fmt: skip


def tablet(section: Section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def tablet_enters(client, section, data, table=1, key="device-a"):
    url = reverse("api-section-results", args=[section.pk])
    headers = tablet(section, table) | {"Idempotency-Key": key}
    return client.post(url, data, content_type="application/json", headers=headers)


def console(td: Client, section: Section, **params):
    return td.get(reverse("director:console", args=[section.pk]), params)


# -- the current round at a glance ---------------------------------------------


def test_the_round_at_a_glance_before_and_after_the_clock(td, section):
    enter_seating(section, 1, 1, [1, 2])
    enter_seating(section, 1, 2, [3])
    page = console(td, section)
    summary = page.context["summary"]
    # No clock yet: the round most tablets enter (tables 2 and 3: round 1).
    assert (summary.round, summary.finished, summary.playing) == (1, [1], [2, 3])
    assert (summary.late, summary.missing) == ([], [])
    html = page.content.decode()
    assert "Round 1 at a glance" in html
    assert "1 table finished" in html and "2 playing" in html and "0 late" in html
    assert "No board missing from the rounds played." in html

    # The round's time ran out: tables 2 and 3 are late, their boards missing.
    RoundClock.objects.create(
        section=section, round=1, length=900, ends_at=timezone.now()
    )
    page = console(td, section, partial=1)
    summary = page.context["summary"]
    assert (summary.round, summary.late) == (1, [2, 3])
    assert summary.missing == [
        MissingBoard(table=2, round=1, board=4),
        MissingBoard(table=3, round=1, board=5),
        MissingBoard(table=3, round=1, board=6),
    ]
    html = page.content.decode()
    assert "2 late" in html
    assert ">T2: 4</a> · <a" in html and ">T3: 5, 6</a></p>" in html
    assert reverse("director:traveller", args=[section.pk, 4]) in html


def test_a_later_round_shows_the_earlier_rounds_missing_boards(td, section):
    movement = section_movement(section)
    for table in (1, 2, 3):
        boards = list(movement.seating(1, table).boards)
        enter_seating(section, 1, table, boards[:1] if table == 3 else boards)
        enter_seating(section, 2, table)
    # No clock: tables 1 and 2 enter round 3, table 3 still owes board 6.
    summary = console(td, section).context["summary"]
    assert (summary.round, summary.finished, summary.playing) == (3, [], [1, 2, 3])
    assert summary.missing == [MissingBoard(table=3, round=1, board=6)]
    # The clock's round 2 is over: every table finished it, table 3 is late.
    RoundClock.objects.create(
        section=section, round=2, length=900, ends_at=timezone.now()
    )
    summary = console(td, section).context["summary"]
    assert (summary.round, summary.finished, summary.playing) == (2, [1, 2, 3], [])
    assert (summary.late, summary.missing) == (
        [3],
        [MissingBoard(table=3, round=1, board=6)],
    )


# -- each tablet's last contact ------------------------------------------------


def test_a_tablet_is_seen_at_most_once_a_minute(client, td, section):
    headers = tablet(section, 1)
    grant = TabletGrant.objects.get(table__number=1)
    assert grant.last_seen is None
    url = reverse("api-table-round", args=[section.pk, 1])
    assert client.get(url, headers=headers).status_code == 200
    grant.refresh_from_db()
    first = grant.last_seen
    assert first is not None and timezone.now() - first < dt.timedelta(seconds=5)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers=headers).status_code == 200
    writes = [q["sql"] for q in queries if "tabletgrant" in q["sql"].lower()]
    assert len(writes) == 1 and writes[0].startswith("SELECT")
    writes = [sql for sql in writes if "UPDATE" in sql.upper()]
    assert writes == []
    grant.refresh_from_db()
    assert grant.last_seen == first
    # A minute later, the next request writes it once more.
    earlier = first - dt.timedelta(seconds=61)
    TabletGrant.objects.filter(pk=grant.pk).update(last_seen=earlier)
    assert client.get(url, headers=headers).status_code == 200
    grant.refresh_from_db()
    assert grant.last_seen > first


def test_the_console_shows_each_tablets_last_contact(client, td, section):
    headers = tablet(section, 1)
    client.get(reverse("api-table-round", args=[section.pk, 1]), headers=headers)
    tablet(section, 2)
    TabletGrant.objects.filter(table__number=2).update(
        created_at=timezone.now() - dt.timedelta(minutes=12)
    )
    page = console(td, section)
    seen = {row.table: row.tablet for row in page.context["grid"]}
    assert seen[3] is None
    assert seen[1].signed_in and seen[2].signed_in
    assert timezone.now() - seen[1].last < dt.timedelta(seconds=5)
    html = page.content.decode()
    assert "0\xa0minutes ago" in html and "12\xa0minutes ago" in html
    assert html.count('<span class="muted">never</span>') == 1


# -- disputes side by side -----------------------------------------------------


def dispute(client, section) -> Result:
    """Table 1 enters 3NT= by N; a second device says 3NT+1: refused."""
    assert tablet_enters(client, section, BOARD_ONE).status_code == 201
    second = BOARD_ONE | {"result": "+1"}
    assert tablet_enters(client, section, second, key="device-b").status_code == 409
    return Result.objects.get()


def test_a_dispute_shows_both_entries_and_takes_the_other(client, td, section):
    line = dispute(client, section)
    page = console(td, section)
    (side,) = page.context["dispute_sides"]
    assert (side.stored, side.other, side.takeable) == (
        "1NS v 1EW: 3NT= by N, +400",
        "1NS v 1EW: 3NT+1 by N, +430",
        True,
    )
    html = page.content.decode()
    take = reverse("director:result-take", args=[line.pk])
    assert take in html and reverse("director:result-keep", args=[line.pk]) in html
    back = reverse("director:console", args=[section.pk])
    response = td.post(take, {"back": back})
    assert (response.status_code, response["Location"]) == (302, back)
    line.refresh_from_db()
    assert (line.tricks, line.score_ns, line.disputed) == (10, 430, False)
    assert (line.source, line.lead) == ("director", "SK")
    last = ResultChange.objects.order_by("-id").first()
    assert (last.action, last.before["tricks"], last.after["tricks"]) == (
        "resolve",
        9,
        10,
    )
    page = td.get(back)
    assert page.context["dispute_sides"] == []
    assert "Board 1: the other entry is taken, the dispute is closed." in (
        page.content.decode()
    )
    # A second click changes nothing and says why.
    response = td.post(take, {"back": back}, follow=True)
    assert "This result is no longer disputed." in response.content.decode()
    line.refresh_from_db()
    assert (line.tricks, line.score_ns) == (10, 430)
    # The table plays on: its tablet enters board 2.
    board_two = BOARD_ONE | {"board": 2, "key": "b2"}
    assert tablet_enters(client, section, board_two, key="b2").status_code == 201


def test_a_not_agreed_line_has_no_other_entry_to_take(client, td, section):
    enter_seating(section, 1, 1, [1])
    line = Result.objects.get()
    Result.objects.filter(pk=line.pk).update(disputed=True)
    (side,) = console(td, section).context["dispute_sides"]
    assert (side.other, side.takeable) == ("", False)
    take = reverse("director:result-take", args=[line.pk])
    response = td.post(take, follow=True)
    assert "There is no other entry for this result: keep it or edit it." in (
        response.content.decode()
    )
    line.refresh_from_db()
    assert (line.disputed, line.tricks) == (True, 9)


def test_taking_the_other_entry_is_the_directors(client, section, not_director):
    line = dispute(client, section)
    response = not_director.post(reverse("director:result-take", args=[line.pk]))
    assert response.status_code == 302 and "/login/" in response["Location"]
    line.refresh_from_db()
    assert (line.disputed, line.tricks) == (True, 9)


# -- the live repairs, back to the console -------------------------------------


def test_the_live_repairs_are_a_click_away_and_come_back(td, section):
    html = console(td, section).content.decode()
    page = reverse("director:section", args=[section.pk])
    for anchor in ("running", "withdraw", "absent", "pairs", "arrow-switch",
                   "penalty-new"):  # fmt: skip
        assert f'href="{page}?from=console#{anchor}"' in html
    form = td.get(page, {"from": "console"}).content.decode()
    back = '<input type="hidden" name="back" value="console">'
    pairs = Pair.objects.filter(section=section, phantom=False).count()
    # Without a phantom there is no late pair form: withdraw, absent, arrow
    # switch, penalty, and each pair's players (a substitute).
    assert form.count(back) == 4 + pairs
    assert back not in td.get(page).content.decode()

    target = Pair.objects.get(section=section, number=2, direction="NS")
    body = {"penalty-pair": target.pk, "penalty-unit": "top_pct",
            "penalty-amount": "25", "penalty-reason": "Mobile phone rang"}  # fmt: skip
    url = reverse("director:penalty-new", args=[section.pk])
    response = td.post(url, body | {"back": "console"})
    assert response["Location"] == reverse("director:console", args=[section.pk])
    assert Penalty.objects.get().pair == target
    other = Pair.objects.get(section=section, number=3, direction="EW")
    response = td.post(url, body | {"penalty-pair": other.pk})
    assert response["Location"] == page

    players = reverse("director:pair-players", args=[section.pk, target.pk])
    response = td.post(players, {"a": "Ada", "b": "Bob", "back": "console"})
    assert response["Location"] == reverse("director:console", args=[section.pk])
    arrow = reverse("director:arrow-switch", args=[section.pk])
    response = td.post(arrow, {"arrow-rounds": "3", "back": "console"})
    assert response["Location"] == reverse("director:console", args=[section.pk])
