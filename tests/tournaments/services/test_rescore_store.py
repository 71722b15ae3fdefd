"""A rescore writes only the rows whose figures changed (``rescore/store.py``).

A section rescored twice writes no line, no datum and no pair score the
second time; one line changed rewrites only the lines of its board whose
figures moved and the pair scores whose totals did, and leaves the section
exactly as a rescore from scratch would.  The helper's values (NULLs, floats,
decimals, text) round-trip exactly, whatever the way of writing them.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.support.field_play import played_field
from tests.tournaments.api.test_whiz_api import create, fill
from tournaments.models import Board, Event, PairScore, Result, Section, WhizResult
from tournaments.rescore import rescore_section, store
from tournaments.rescore.pairs_store import LINE_FIELDS, STANDING_FIELDS
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

WRITES = ("UPDATE", "INSERT", "DELETE")


def writes_to(queries: list[dict], table: str) -> list[str]:
    """The captured statements that write ``table``."""
    quoted = connection.ops.quote_name(table)
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith(WRITES)
        and (quoted in q["sql"] or f" {table} " in q["sql"])
    ]


def line_figures(section: Section) -> dict[int, tuple]:
    return {
        pk: tuple(values)
        for pk, *values in Result.objects.filter(board__section=section).values_list(
            "pk", *LINE_FIELDS
        )
    }


def pair_figures(section: Section) -> dict[int, tuple]:
    return {
        pair: tuple(values)
        for pair, *values in PairScore.objects.filter(
            pair__section=section
        ).values_list("pair_id", *STANDING_FIELDS)
    }


def datums(section: Section) -> dict[int, float | None]:
    return dict(section.boards.values_list("number", "datum"))


def a_field(**settings: object) -> Section:
    """A scored 5-table Mitchell, 3 rounds of 2 boards."""
    return (
        played_field(1, 5, boards=2, rounds=3, **settings).sessions.get().sections.get()
    )


class Spy:
    """Records the rows ``update_rows`` is given, by model, then writes them."""

    def __init__(self) -> None:
        self.rows: dict[str, set] = {}
        self.real = store.update_rows

    def __call__(self, model, fields, rows, *, how=None):
        self.rows.setdefault(model.__name__, set()).update(rows)
        return self.real(model, fields, rows, how=how)


@pytest.mark.parametrize("method", ["mp", "butler"])
def test_a_rescore_that_changes_nothing_writes_nothing(method):
    section = a_field(method=method)
    before = (line_figures(section), pair_figures(section), datums(section))
    assert any(v[0] is not None or v[5] is not None for v in before[0].values())
    with CaptureQueriesContext(connection) as queries:
        rescore_section(section.pk)
    assert writes_to(queries.captured_queries, Result._meta.db_table) == []
    assert writes_to(queries.captured_queries, PairScore._meta.db_table) == []
    if method == "butler":
        assert writes_to(queries.captured_queries, Board._meta.db_table) == []
    assert (line_figures(section), pair_figures(section), datums(section)) == before


@pytest.mark.parametrize("method", ["mp", "butler"])
def test_one_changed_line_rewrites_only_what_moved(method):
    section = a_field(method=method)
    lines, pairs, boards = line_figures(section), pair_figures(section), datums(section)
    line = (
        Result.objects.filter(board__section=section, board__number=1)
        .order_by("score_ns")
        .first()
    )
    # Board 1's worst NS score becomes 7NT made, its top.
    Result.objects.filter(pk=line.pk).update(
        contract="7NT", declarer="N", tricks=13, score_ns=2220
    )
    spy = Spy()
    with (
        mock.patch.object(store, "update_rows", spy),
        CaptureQueriesContext(connection) as queries,
    ):
        rescore_section(section.pk)
    after_lines, after_pairs = line_figures(section), pair_figures(section)
    moved = {pk for pk, values in after_lines.items() if lines[pk] != values}
    assert moved and line.pk in moved
    assert spy.rows["Result"] == moved
    assert set(
        Result.objects.filter(pk__in=moved).values_list("board__number", flat=True)
    ) == {1}
    moved_pairs = {
        pair for pair, values in after_pairs.items() if pairs[pair] != values
    }
    assert moved_pairs
    written_pairs = set(
        PairScore.objects.filter(pk__in=spy.rows["PairScore"]).values_list(
            "pair_id", flat=True
        )
    )
    assert written_pairs == moved_pairs
    assert len(moved_pairs) < len(after_pairs)
    # One set-based statement a table (a chunk is 1,000 rows).
    assert len(writes_to(queries.captured_queries, Result._meta.db_table)) == 1
    assert len(writes_to(queries.captured_queries, PairScore._meta.db_table)) == 1
    moved_boards = {n for n, d in datums(section).items() if boards[n] != d}
    assert moved_boards <= {1}
    written_boards = spy.rows.get("Board", set())
    assert (
        set(
            Board.objects.filter(pk__in=written_boards).values_list("number", flat=True)
        )
        == moved_boards
    )
    # Exactly what a rescore from scratch stores.
    stored = (line_figures(section), pair_figures(section), datums(section))
    Result.objects.filter(board__section=section).update(**dict.fromkeys(LINE_FIELDS))
    Board.objects.filter(section=section).update(datum=None)
    PairScore.objects.filter(pair__section=section).delete()
    rescore_section(section.pk)
    assert (line_figures(section), pair_figures(section), datums(section)) == stored


def test_a_pair_no_longer_ranked_loses_its_score_and_a_new_one_gains_it():
    section = a_field()
    pair = section.pairs.order_by("pk").first()
    PairScore.objects.filter(pair=pair).delete()
    stray = pair_figures(section)
    assert pair.pk not in stray
    rescore_section(section.pk)
    assert pair.pk in pair_figures(section)
    assert {p: v for p, v in pair_figures(section).items() if p != pair.pk} == stray


FLOATS = [None, 0.1 + 0.2, 1e-300, -2.5, 1 / 3, 123456789.123456789, 0.0]


@pytest.mark.parametrize("how", [store.VALUES, store.EXECUTEMANY, store.BULK_UPDATE])
def test_nulls_floats_and_text_round_trip_exactly(how):
    section = a_field()
    scores = list(PairScore.objects.filter(pair__section=section).order_by("pk"))
    assert len(scores) >= len(FLOATS)
    new = {
        score.pk: (value, None if value is None else -value, 12, f"{n}'=\"; --", "NS")
        for n, (score, value) in enumerate(zip(scores, FLOATS, strict=False))
    }
    fields = ["pct", "mp", "boards", "rank", "ranking"]
    old = dict.fromkeys(new, (None, None, 0, "", ""))
    assert store.store_changed(PairScore, fields, new, old, how=how) == len(new)
    stored = {
        pk: tuple(values)
        for pk, *values in PairScore.objects.filter(pk__in=new).values_list(
            "pk", *fields
        )
    }
    assert stored == new


@pytest.mark.parametrize("how", [store.VALUES, store.EXECUTEMANY, store.BULK_UPDATE])
def test_decimals_and_nulls_round_trip_exactly(how):
    events = [
        event_create(name=f"Night {n}", date=dt.date(2026, 11, 25)) for n in range(3)
    ]
    new = {
        events[0].pk: (Decimal("2.25"), None),
        events[1].pk: (Decimal("0.01"), Decimal("9.5")),
        events[2].pk: (Decimal("0"), Decimal("0.5")),
    }
    fields = ["imp_average_plus", "imp_round_cap"]
    assert store.store_changed(Event, fields, new, {}, how=how) == 3
    stored = {
        pk: tuple(values)
        for pk, *values in Event.objects.filter(pk__in=new).values_list("pk", *fields)
    }
    assert stored == new


def test_only_the_changed_rows_are_written_in_chunks(monkeypatch):
    section = a_field()
    boards = list(section.boards.order_by("pk").values_list("pk", flat=True))
    monkeypatch.setattr(store, "CHUNK", 2)
    monkeypatch.setattr(store, "ARRAY_CHUNK", 2)
    old = dict.fromkeys(boards, (None,))
    new = dict(old)
    changed = boards[:5]
    for n, pk in enumerate(changed):
        new[pk] = (n + 0.5,)
    with CaptureQueriesContext(connection) as queries:
        assert store.store_changed(Board, ["datum"], new, old) == 5
    assert len(writes_to(queries.captured_queries, Board._meta.db_table)) == 3
    assert dict(Board.objects.filter(pk__in=boards).values_list("pk", "datum")) == {
        pk: value for pk, (value,) in new.items()
    }
    with CaptureQueriesContext(connection) as queries:
        assert store.store_changed(Board, ["datum"], new, new) == 0
    assert queries.captured_queries == []


def test_the_old_store_rewrites_every_row():
    section = a_field()
    figures = line_figures(section)
    with store.old_store(), CaptureQueriesContext(connection) as queries:
        rescore_section(section.pk)
    assert writes_to(queries.captured_queries, Result._meta.db_table)
    assert line_figures(section) == figures


def test_an_unknown_way_is_refused():
    with pytest.raises(ValueError, match="unknown way"):
        store.update_rows(Board, ["datum"], {1: (None,)}, how="guess")


def test_a_whiz_rescore_writes_only_the_lines_that_changed(api):
    event = create(api, 12)
    fill(api, event, skip=0)
    section = Section.objects.get(pk=event["section"])
    stored = dict(
        WhizResult.objects.filter(board__section=section).values_list("pk", "pct_n")
    )
    assert stored and None not in stored.values()
    with CaptureQueriesContext(connection) as queries:
        rescore_section(section.pk)
    assert writes_to(queries.captured_queries, WhizResult._meta.db_table) == []
    line = WhizResult.objects.filter(board__section=section).order_by("pk").first()
    WhizResult.objects.filter(pk=line.pk).update(pct_n=None, mp_n=None)
    spy = Spy()
    with mock.patch.object(store, "update_rows", spy):
        rescore_section(section.pk)
    assert spy.rows == {"WhizResult": {line.pk}}
    assert (
        dict(
            WhizResult.objects.filter(board__section=section).values_list("pk", "pct_n")
        )
        == stored
    )
