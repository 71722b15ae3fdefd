"""Which boards' results a viewer may see while the boards are still in play.

The Bridgemate default: until every table the movement gives a board to has
entered it, the board's results (its traveller lines, and every per-board
score made from them) are shown only to the director and to a table that has
itself played the board.  Publishing the event shows everything, and a
section whose ``traveller_privacy`` is "always" shows everything at once.

A board is complete when it has as many lines as the movement has real
tables playing it: a sit-out (a seating with the phantom pair) enters
nothing and does not count, so a board against the phantom never blocks.
The whole section is decided in two queries (its movement is rebuilt from
stored choices, then one grouped count of its lines), never one per board.

Games:

* pairs (matchpoints, Butler and cross-IMPs) and Bridgeote pairs: traveller
  lines (``Result``) against the section's pairs movement;
* teams: the section's round movement (both rooms of every match); a match
  page decides per match (``teams.privacy``);
* Whiz-Bridge: ``WhizResult`` lines against the Whiz movement (its package
  counts them);
* Barbu and Chinese bridge have no travellers shared between tables (each
  table's deals are its own, scored against nobody else's), so nothing of
  theirs is ever hidden here;
* a section without a movement (imported results) is complete as imported.

Everything that shows per-board results asks this module: the public
traveller, scorecards, the API, the workbook and the tablet's "traveller so
far".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.apps import apps
from django.db import models
from django.db.models import Count
from django.http import HttpRequest

from tournaments import access
from tournaments.models import Board, Section, Table
from tournaments.registry import section_game
from tournaments.selectors.movement import section_movement

UNTIL_PLAYED = Section.TravellerPrivacy.UNTIL_PLAYED


@dataclass(frozen=True)
class Viewer:
    """Who looks at the results: the director, a table's tablet, or the public."""

    director: bool = False
    table: Table | None = None


PUBLIC = Viewer()
DIRECTOR = Viewer(director=True)


def request_viewer(request: HttpRequest, table: Table | None = None) -> Viewer:
    """The viewer of a page or API request: a staff user is the director; a
    table (a tablet's signed-in table or API token) sees what it has played."""
    if access.directs_request(request):
        return DIRECTOR
    return Viewer(table=table)


def privacy_applies(section: Section) -> bool:
    """Results of boards in play are hidden: the setting asks for it and the
    director has not published."""
    return (
        section.traveller_privacy == UNTIL_PLAYED
        and not section.session.event.published
        and section_game(section).travellers
    )


def movement_expected_lines(section: Section) -> Counter[int]:
    """How many lines each board (by its number) has when every table has
    played it; empty for a section without a movement."""
    movement = section_movement(section)
    if movement is None:
        return Counter()
    offset = section.first_board - 1
    return Counter(
        {number + offset: movement.times_played(number) for number in movement.boards}
    )


def _line_model(section: Section) -> type[models.Model]:
    return apps.get_model(section_game(section).line_model)


def _entered(section: Section) -> Counter[int]:
    """How many lines each board has, in one grouped query."""
    model = _line_model(section)
    rows = (
        model.objects.filter(board__section=section)
        .values_list("board__number")
        .annotate(lines=Count("id"))
    )
    return Counter(dict(rows))


def _counts(section: Section) -> tuple[Counter[int], Counter[int]]:
    """Lines each board needs, and lines it has (both empty when nothing of
    the section is ever hidden)."""
    game = section_game(section)
    if not game.travellers:
        return Counter(), Counter()
    expected = game.expected_lines(section)
    if not expected:
        return expected, Counter()
    return expected, _entered(section)


def incomplete_boards(section: Section) -> frozenset[int]:
    """Numbers of the boards some scheduled table has not entered yet."""
    expected, entered = _counts(section)
    return frozenset(
        number for number, lines in expected.items() if entered[number] < lines
    )


def boards_in_play(section: Section, viewer: Viewer) -> frozenset[int]:
    """Hidden boards that already have a line: what a file would give away."""
    if viewer.director or not privacy_applies(section):
        return frozenset()
    expected, entered = _counts(section)
    return frozenset(
        number for number, lines in expected.items() if 0 < entered[number] < lines
    )


def board_is_complete(board: Board) -> bool:
    """Every table the movement gives this board to has entered it."""
    return board.number not in incomplete_boards(board.section)


def played_by_table(section: Section, table: Table) -> frozenset[int]:
    """Numbers of the boards this table has a line of (it has played them)."""
    if table.section_id != section.pk or not section_game(section).travellers:
        return frozenset()
    model = _line_model(section)
    return frozenset(
        model.objects.filter(board__section=section, table=table).values_list(
            "board__number", flat=True
        )
    )


def hidden_boards(section: Section, viewer: Viewer) -> frozenset[int]:
    """Numbers of the section's boards whose results ``viewer`` may not see."""
    if viewer.director or not privacy_applies(section):
        return frozenset()
    hidden = incomplete_boards(section)
    if hidden and viewer.table is not None:
        hidden -= played_by_table(section, viewer.table)
    return hidden


def visible_boards(section: Section, viewer: Viewer) -> frozenset[int]:
    """Numbers of the section's boards whose results ``viewer`` may see."""
    numbers = frozenset(section.boards.values_list("number", flat=True))
    return numbers - hidden_boards(section, viewer)


def board_visible(board: Board, viewer: Viewer) -> bool:
    """``viewer`` may see this board's results."""
    return board.number not in hidden_boards(board.section, viewer)


def any_in_play(sections: list[Section], viewer: Viewer) -> bool:
    """Some board of these sections, hidden from ``viewer``, has lines
    already (a board nobody has played yet gives nothing away)."""
    return any(boards_in_play(section, viewer) for section in sections)


def hidden_boards_by_section(
    sections: list[Section], viewer: Viewer
) -> dict[int, frozenset[int]]:
    """``hidden_boards`` of many sections (by section id), with one grouped
    count of lines per kind of line rather than one per section: an event's
    page costs the same at 2 and at 8 sections."""
    hidden = {section.pk: frozenset[int]() for section in sections}
    if viewer.director:
        return hidden
    expected: dict[int, Counter[int]] = {}
    for section in sections:
        if privacy_applies(section):
            needed = section_game(section).expected_lines(section)
            if needed:
                expected[section.pk] = needed
    entered: dict[int, Counter[int]] = {pk: Counter() for pk in expected}
    by_model: dict[type[models.Model], list[int]] = {}
    for section in sections:
        if section.pk in expected:
            by_model.setdefault(_line_model(section), []).append(section.pk)
    for model, pks in by_model.items():
        rows = (
            model.objects.filter(board__section__in=pks)
            .values_list("board__section", "board__number")
            .annotate(lines=Count("id"))
        )
        for section_pk, number, lines in rows:
            entered[section_pk][number] = lines
    for section in sections:
        needed = expected.get(section.pk)
        if not needed:
            continue
        boards = frozenset(
            number
            for number, lines in needed.items()
            if entered[section.pk][number] < lines
        )
        if boards and viewer.table is not None:
            boards -= played_by_table(section, viewer.table)
        hidden[section.pk] = boards
    return hidden
