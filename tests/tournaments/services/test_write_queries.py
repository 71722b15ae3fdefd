"""What one tablet line costs in queries, and the pieces that cut it (issue 34).

A tablet's line through ``result_enter`` (3-table Mitchell, eager Celery,
SQLite) took 28 queries for the write and 26 for the rescore that eager
Celery runs once it commits, on main before issue 34; 15 for the write
after its groundwork, 10 once the slot, the key and the pairs' lines of the
board are one locked read (``entry.lines_now``) and SQLite's insert runs
without a savepoint.  The counts here are
ceilings: a change that reads the same row twice again fails them
(``bench/write_path.py`` prints the figures and the CPU time).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from section_play import club_night

from tests.tournaments.services.test_across_field import two_sections
from tournaments.models import (
    Board,
    Pair,
    Result,
    ScoringRequest,
    Section,
    SectionScoring,
    Session,
    Source,
    Table,
)
from tournaments.rescore.fields import field_of, locked_field
from tournaments.services import push, rescoring
from tournaments.services.entry import Writer, lines_now, section_now
from tournaments.services.results import _entry, result_enter, with_event

pytestmark = pytest.mark.django_db(transaction=True)

# The ceilings: a 3-table Mitchell's first tablet line, fresh objects.
WRITE_QUERIES = 10
RESCORE_QUERIES = 22


def tablet_line(section: Section, key: str = "k1") -> dict[str, object]:
    """Board 1 between 1NS and 1EW from table 1's tablet, every object read
    alone (as a request reads them), nothing cached on them."""
    pairs = {pair.label: pair.pk for pair in Pair.objects.filter(section=section)}
    return {
        "board": Board.objects.get(section=section, number=1),
        "ns_pair": Pair.objects.get(pk=pairs["1NS"]),
        "ew_pair": Pair.objects.get(pk=pairs["1EW"]),
        "table": Table.objects.get(section=section, number=1),
        "contract": "3NT",
        "declarer": "S",
        "tricks": 9,
        "source": Source.TABLE,
        "key": key,
    }


def counted_parts(monkeypatch, line: dict[str, object]) -> dict[str, object]:
    """The write's queries and the eager rescore's, apart (with their SQL)."""
    in_rescore = [False]
    original = rescoring._queue_after_write

    def queue(*args: object) -> None:
        in_rescore[0] = True
        try:
            original(*args)
        finally:
            in_rescore[0] = False

    monkeypatch.setattr(rescoring, "_queue_after_write", queue)
    parts = {"write": 0, "rescore": 0}

    def count(execute, sql, params, many, context):
        part = "rescore" if in_rescore[0] else "write"
        parts[part] += 1
        statements[part].append(sql)
        return execute(sql, params, many, context)

    statements: dict[str, list[str]] = {"write": [], "rescore": []}
    with connection.execute_wrapper(count):
        result_enter(**line)
    parts["statements"] = statements
    return parts


def test_a_tablet_line_costs_at_most_the_ceilings(monkeypatch):
    section = club_night()
    parts = counted_parts(monkeypatch, tablet_line(section))
    statements = parts["statements"]
    assert parts["write"] <= WRITE_QUERIES, statements["write"]
    assert parts["rescore"] <= RESCORE_QUERIES, statements["rescore"]
    line = Result.objects.get()
    assert (line.score_ns, line.mp_ns, line.source) == (400, 2, Source.TABLE)


def test_the_board_section_session_and_event_are_read_once():
    section = club_night()
    board = Board.objects.get(section=section, number=1)
    with CaptureQueriesContext(connection) as read:
        with_event(board)
        assert board.section.session.event.name == "Club night"
    assert len(read) == 1
    with CaptureQueriesContext(connection) as again:
        with_event(board)
    assert len(again) == 0


def test_a_closed_session_is_refused_with_the_lock():
    section = club_night()
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.CLOSED)
    with pytest.raises(ValidationError, match="This session is closed"):
        result_enter(**tablet_line(section))
    assert not Result.objects.exists()


def test_the_stale_mark_is_one_upsert_counting_every_write():
    section = club_night()
    with CaptureQueriesContext(connection) as first:
        reached = rescoring._mark_stale(section.pk)
    row = SectionScoring.objects.get(section=section)
    assert (len(first), reached, row.changes, row.queued_changes) == (1, 1, 1, 0)
    assert row.stale_since is not None and row.pending is False
    assert rescoring._mark_stale(section.pk) == 2
    again = SectionScoring.objects.get(section=section)
    assert (again.changes, again.stale_since) == (2, row.stale_since)


@pytest.mark.parametrize("across", [True, False])
def test_the_locked_field_is_one_query_and_what_field_of_says(across):
    for created in two_sections(across):
        section = Section.objects.get(pk=created.pk)
        with transaction.atomic(), CaptureQueriesContext(connection) as read:
            field = locked_field(section.pk)
        assert len([q for q in read if q["sql"].startswith("SELECT")]) == 1
        assert [s.pk for s in field] == [s.pk for s in field_of(section).order_by("pk")]
        assert field[0].session.event.across_field is across


def test_the_locked_field_of_a_section_gone_raises():
    with pytest.raises(Section.DoesNotExist), transaction.atomic():
        locked_field(10_000)


def test_a_rescore_of_a_section_gone_does_nothing():
    outcome = rescoring.rescore(10_000, queued=True)
    assert outcome == {"section": 10_000, "lines": 0, "pairs": 0, "fresh": 0}


def test_the_push_reads_only_the_events_it_was_not_told(monkeypatch):
    section = club_night()
    other = club_night()
    batch = {section.pk: ({"line"}, {1}), other.pk: ({"scores"}, set())}
    known = {section.pk: section.session.event_id}
    with CaptureQueriesContext(connection) as read:
        told = push._messages(batch, known)
    assert len(read) == 1
    with CaptureQueriesContext(connection) as none:
        all_known = push._messages(batch, {**known, other.pk: other.session.event_id})
    assert len(none) == 0
    assert told.keys() == all_known.keys()
    assert len(told) == 4  # two sections, two events


def test_the_slot_the_key_and_the_pairs_lines_are_one_read():
    section = club_night()
    line = tablet_line(section)
    stored, _ = result_enter(**line)
    board, ns, ew = line["board"], line["ns_pair"], line["ew_pair"]
    elsewhere = Board.objects.get(section=section, number=2)
    entry = _entry(board, {}, ns, ew, None, None, None)
    tablet = Writer(source=Source.TABLE, key="k1")
    with transaction.atomic():  # a locked read (PostgreSQL's FOR NO KEY UPDATE)
        with CaptureQueriesContext(connection) as read:
            seen = lines_now(tablet, entry)
        assert len(read) == 1
        assert (seen.stored, seen.replay, seen.nearby) == (stored, stored, [stored])
        other_key = lines_now(Writer(source=Source.TABLE, key="k2"), entry)
        assert (other_key.stored, other_key.replay) == (stored, None)
        other_board = _entry(elsewhere, {}, ns, ew, None, None, None)
        assert lines_now(tablet, other_board).nearby == []
        reversed_pairs = _entry(board, {}, ew, ns, None, None, None)
        seen = lines_now(tablet, reversed_pairs)
        assert (seen.stored, seen.replay, seen.nearby) == (None, stored, [stored])


def test_the_section_now_carries_the_session_status_and_a_gone_one_raises():
    section = club_night()
    with transaction.atomic():
        now = section_now(section)
        status = Session.objects.get(pk=section.session_id).status
        assert (now.pk, now.session_status) == (section.pk, status)
        Section.objects.filter(pk=section.pk).delete()
        with pytest.raises(Section.DoesNotExist):
            section_now(section)


def test_a_change_asks_its_rescore_and_marks_the_section_at_once():
    section = club_night()
    board = Board.objects.get(section=section, number=1)
    with transaction.atomic():  # the eager rescore reads them once committed
        with CaptureQueriesContext(connection) as asked:
            rescoring.section_changed(section.pk, board.pk)
            rescoring.section_changed(section.pk)
        requests = ScoringRequest.objects.filter(section=section).order_by("pk")
        assert [r.board_id for r in requests] == [board.pk, None]
        assert SectionScoring.objects.get(section=section).changes == 2
    statements = 1 if connection.vendor == "postgresql" else 2
    assert len(asked) == 2 * statements
