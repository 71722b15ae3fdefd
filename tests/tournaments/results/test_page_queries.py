"""Results pages cost the same number of queries whatever the field (issue 21).

The event page used to make a query per pair (111 at 2 sections, 423 at 8) and
a traveller read every board's lines.  Each page here is fetched on a small
and a big field and the two query counts must be equal: not a magic number,
so the test says what matters (no query per section, pair, line or board).

Every field the tests read is played once for the module (:func:`field`),
not once a test: the same few shapes come back test after test.  A test that
deletes lines does it in its own savepoint, which the next test never sees.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.field_play import played_field
from tests.support.module_world import analyze, module_world
from tournaments.models import Board, Event, Pair, Result, Section

pytestmark = pytest.mark.django_db

# The fields the tests read: (sections, tables, played_field's settings).
SHAPES: list[tuple[int, int, dict[str, object]]] = [
    *(
        (sections, 5, {"published": published})
        for sections in (2, 8)
        for published in (True, False)
    ),
    (3, 5, {"published": False}),
    (1, 5, {}),
    (1, 20, {}),
    (2, 20, {}),
    (1, 5, {"boards": 2, "rounds": 5}),
    (1, 5, {"boards": 8, "rounds": 5}),
    (2, 5, {"boards": 8, "rounds": 5}),
    *(
        (sections, 5, {"method": m})
        for sections in (2, 8)
        for m in ("butler", "cross-imps")
    ),
    (1, 5, {"boards": 2, "rounds": 5, "method": "butler"}),
    (1, 5, {"boards": 8, "rounds": 5, "method": "butler"}),
]

FieldKey = tuple[int, int, frozenset[tuple[str, object]]]


def field_key(sections: int, tables: int, settings: dict[str, object]) -> FieldKey:
    """The key of a field: ``played_field``'s defaults filled in, so that
    ``(2, 5)`` and ``(2, 5, published=True)`` are one field."""
    full = {"boards": 2, "rounds": 3, "published": True} | settings
    return sections, tables, frozenset(full.items())


@pytest.fixture(scope="module")
def fields(django_db_setup, django_db_blocker) -> Iterator[dict[FieldKey, Event]]:
    """Every field of :data:`SHAPES`, played once for the module."""

    def build() -> dict[FieldKey, Event]:
        built = {}
        for sections, tables, settings in SHAPES:
            built[field_key(sections, tables, settings)] = played_field(
                sections, tables, **settings
            )
            analyze()
        return built

    with module_world(django_db_blocker, build) as fields:
        yield fields


@pytest.fixture
def field(fields: dict[FieldKey, Event]) -> Callable[..., Event]:
    """Return the module's played field of this shape (as ``played_field``
    takes it); a shape missing from :data:`SHAPES` is a KeyError."""

    def shaped(sections: int, tables: int, **settings: object) -> Event:
        return fields[field_key(sections, tables, settings)]

    return shaped


def queries(client, url: str) -> CaptureQueriesContext:
    """The queries of one GET (after a first one warmed the caches)."""
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return captured


def event_page(client, event: Event) -> int:
    return len(queries(client, reverse("results:event", args=[event.pk])))


def first_section(event: Event) -> Section:
    return Section.objects.filter(session__event=event).order_by("letter").first()


def traveller(client, event: Event, number: int = 1) -> CaptureQueriesContext:
    section = first_section(event)
    return queries(client, reverse("results:board", args=[section.pk, number]))


def scorecard(client, event: Event) -> int:
    section = first_section(event)
    pair = Pair.objects.filter(section=section).order_by("direction", "number")[0]
    return len(queries(client, reverse("results:pair", args=[section.pk, pair.pk])))


@pytest.mark.parametrize("published", [True, False], ids=["published", "live"])
def test_the_event_page_costs_the_same_at_2_and_8_sections(field, client, published):
    small = field(2, 5, published=published)
    big = field(8, 5, published=published)
    assert Pair.objects.filter(section__session__event=big).count() == 80
    assert event_page(client, small) == event_page(client, big)


@pytest.mark.parametrize("sections", [2, 1], ids=["two-sections", "one-section"])
def test_the_event_page_costs_the_same_at_5_and_20_tables(field, client, sections):
    small = field(sections, 5)
    big = field(sections, 20)
    assert event_page(client, small) == event_page(client, big)


def test_the_scorecard_costs_the_same_at_5_and_20_tables(field, client):
    small = field(2, 5)
    big = field(2, 20)
    assert scorecard(client, small) == scorecard(client, big)


def test_the_traveller_costs_the_same_at_5_and_20_tables(field, client):
    small = field(1, 5)
    big = field(1, 20)
    assert len(traveller(client, small)) == len(traveller(client, big))


def test_the_traveller_costs_the_same_at_10_and_40_boards(field, client):
    small = field(1, 5, boards=2, rounds=5)
    big = field(1, 5, boards=8, rounds=5)
    assert Board.objects.filter(section__session__event=big).count() == 40
    assert len(traveller(client, small, 7)) == len(traveller(client, big, 7))


def test_the_traveller_reads_the_lines_of_its_board_only(field, client):
    event = field(2, 5, boards=8, rounds=5)
    section = first_section(event)
    board = Board.objects.get(section=section, number=7)
    captured = traveller(client, event, 7)
    table = Result._meta.db_table
    lines = [
        query["sql"]
        for query in captured.captured_queries
        if f'FROM "{table}"' in query["sql"]
    ]
    assert lines
    for sql in lines:
        assert f'"{table}"."board_id" = {board.pk}' in sql
    page = client.get(reverse("results:board", args=[section.pk, 7]))
    shown = page.context["lines"]
    assert len(shown) == Result.objects.filter(board=board).count() == 5
    assert {line.result.board_id for line in shown} == {board.pk}
    assert page.context["previous"] == 6 and page.context["next"] == 8


def test_the_first_and_last_travellers_link_one_way(field, client):
    event = field(1, 5, boards=2, rounds=5)
    section = first_section(event)
    first = client.get(reverse("results:board", args=[section.pk, 1])).context
    last = client.get(reverse("results:board", args=[section.pk, 10])).context
    assert (first["previous"], first["next"]) == (None, 2)
    assert (last["previous"], last["next"]) == (9, None)


def test_the_scorecard_shows_only_the_pairs_lines_and_its_standing(field, client):
    event = field(2, 5)
    section = first_section(event)
    pair = Pair.objects.get(section=section, number=2, direction="NS")
    page = client.get(reverse("results:pair", args=[section.pk, pair.pk])).context
    rows = page["rows"]
    assert len(rows) == 6  # 3 rounds of 2 boards
    assert all(
        pair.pk in (r["line"].result.ns_pair_id, r["line"].result.ew_pair_id)
        for r in rows
    )
    assert page["standing"].pair.pk == pair.pk
    assert page["standing"].boards == pair.score.boards == 6


def one_line_missing(event: Event) -> None:
    """Each section's board 1 loses a line: it is in play again (test setup)."""
    for section in Section.objects.filter(session__event=event):
        lines = Result.objects.filter(board__section=section, board__number=1)
        lines.order_by("id").first().delete()


def test_a_live_event_page_costs_the_same_with_boards_in_play(field, client):
    small = field(2, 5, published=False)
    big = field(8, 5, published=False)
    one_line_missing(small)
    one_line_missing(big)
    page = client.get(reverse("results:event", args=[big.pk])).context
    assert all((1, True) in links for _report, links in page["travellers"])
    assert event_page(client, small) == event_page(client, big)


def test_many_sections_hide_what_each_section_hides(field, client):
    from tournaments.models import Table
    from tournaments.services.privacy import (
        DIRECTOR,
        PUBLIC,
        Viewer,
        hidden_boards,
        hidden_boards_by_section,
    )

    event = field(3, 5, published=False)
    one_line_missing(event)
    sections = list(Section.objects.filter(session__event=event).order_by("letter"))
    table = Table.objects.filter(section=sections[1]).order_by("number")[0]
    for viewer in (PUBLIC, DIRECTOR, Viewer(table=table)):
        many = hidden_boards_by_section(sections, viewer)
        assert many == {s.pk: hidden_boards(s, viewer) for s in sections}
    assert hidden_boards_by_section(sections, PUBLIC)[sections[0].pk] == {1}
    assert hidden_boards_by_section(sections, DIRECTOR)[sections[0].pk] == set()


def test_the_api_rankings_cost_the_same_at_2_and_8_sections(field, client):
    small = field(2, 5)
    big = field(8, 5)
    counts = [
        len(queries(client, f"/api/events/{event.pk}/rankings/"))
        for event in (small, big)
    ]
    assert counts[0] == counts[1]


def test_the_event_page_links_the_boards_that_have_lines(field, client):
    event = field(2, 5, published=False)
    section = first_section(event)
    Result.objects.filter(board__section=section, board__number=2).delete()
    one_line_missing(event)
    page = client.get(reverse("results:event", args=[event.pk])).context
    links = {r.section.letter: dict(found) for r, found in page["travellers"]}
    assert list(links["A"]) == [1, *range(3, 11)]
    assert list(links["B"]) == list(range(1, 11))
    assert links["A"][1] is True and links["A"][3] is False
    assert links["B"][1] is True and links["B"][2] is False


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_an_imp_event_page_costs_the_same_at_2_and_8_sections(field, client, method):
    small = field(2, 5, method=method)
    big = field(8, 5, method=method)
    assert event_page(client, small) == event_page(client, big)
    rows = client.get(reverse("results:event", args=[big.pk])).context["rankings"]
    assert sum(len(entries) for entries in rows.values()) == 80


def test_a_butler_traveller_shows_its_datum_at_the_same_cost(field, client):
    small = field(1, 5, boards=2, rounds=5, method="butler")
    big = field(1, 5, boards=8, rounds=5, method="butler")
    assert len(traveller(client, small, 7)) == len(traveller(client, big, 7))
    section = first_section(big)
    page = client.get(reverse("results:board", args=[section.pk, 7])).context
    board = Board.objects.get(section=section, number=7)
    assert board.datum is not None
    assert page["datum"] == board.datum
