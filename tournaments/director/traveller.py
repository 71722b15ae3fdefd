"""A board's traveller as the director edits it: one row per table that plays it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import QueryDict
from django.utils.translation import gettext as _

from tournaments.director.forms import TravellerRow
from tournaments.director.traveller_pairs import fix_typed_pairs
from tournaments.models import Board, Pair, Result, Section
from tournaments.movements import Seating
from tournaments.registry import CardGame, card_game
from tournaments.selectors.award_text import award_text
from tournaments.selectors.director_lines import (
    board_lines,
    board_lines_with_pairs,
    section_rounds,
    section_tables,
)
from tournaments.selectors.director_sections import section_pairs_all
from tournaments.selectors.movement import section_movement
from tournaments.services.results import (
    result_adjust,
    result_delete,
    result_weighted,
)


def traveller_rows(section: Section, board: Board) -> list[TravellerRow]:
    """Rows for every seating of the movement that plays ``board``, with the
    results entered so far; lines outside the movement (imports) follow."""
    pairs = {pair.label: pair for pair in section_pairs_all(section)}
    results = {(r.ns_pair_id, r.ew_pair_id): r for r in board_lines_with_pairs(board)}
    rows: list[TravellerRow] = []
    played = card_game(section.session.event)
    movement = section_movement(section)
    if movement is not None:
        number = board.number - section.first_board + 1
        seatings = [
            (pairs[movement.pair(s.ns).label], pairs[movement.pair(s.ew).label], s)
            for s in movement.seatings
            if number in s.boards and not movement.is_sit_out(s)
        ]
        expected = {(ns.pk, ew.pk) for ns, ew, _seating in seatings}
        for ns, ew, seating in seatings:
            if (ns.pk, ew.pk) not in results:
                # A line whose pairs the director fixed stays in its seat.
                ns, ew = _played_here(results, expected, seating) or (ns, ew)
            rows.append(
                _row(played, len(rows), ns, ew, seating.round, seating.table, results)
            )
    for ns_id, ew_id in list(results):
        result = results[ns_id, ew_id]
        rows.append(
            _row(played, len(rows), result.ns_pair, result.ew_pair, None, None, results)
        )
    return rows


def _played_here(
    results: dict[tuple[int, int], Result],
    expected: set[tuple[int, int]],
    seating: Seating,
) -> tuple[Pair, Pair] | None:
    """The pairs of a line played at the seating's table and round under
    other pairs than the movement's (fixed or swapped by the director)."""
    for key, result in results.items():
        if key in expected:
            continue
        here = (_number(result, "round"), _number(result, "table"))
        if here == (seating.round, seating.table):
            return result.ns_pair, result.ew_pair
    return None


def _row(
    played: CardGame,
    index: int,
    ns: Pair,
    ew: Pair,
    round: int | None,
    table: int | None,
    results: dict[tuple[int, int], Result],
) -> TravellerRow:
    result = results.pop((ns.pk, ew.pk), None)
    row = TravellerRow(
        index=index,
        ns=ns.pk,
        ew=ew.pk,
        ns_label=ns.label,
        ew_label=ew.label,
        round=round if round is not None else _number(result, "round"),
        table=table if table is not None else _number(result, "table"),
        result_id=result.pk if result else None,
        ns_typed=ns.label,
        ew_typed=ew.label,
    )
    if result is None:
        return row
    row.disputed = result.disputed
    if result.is_adjusted:
        row.contract = award_text(result)
    elif result.weighted:
        row.contract = result.weighted_text
        row.score = str(result.score_ns)
    else:
        played.traveller_row_fill(row, result)
    return row


def _number(result: Result | None, field: str) -> int | None:
    target = getattr(result, field, None) if result else None
    return target.number if target else None


def read_rows(rows: list[TravellerRow], data: QueryDict) -> None:
    """Copy the submitted boxes into the rows (by their index)."""
    for row in rows:
        i = row.index
        row.contract = data.get(f"c{i}", "").strip()
        row.declarer = data.get(f"d{i}", "").strip().upper()
        row.lead = data.get(f"l{i}", "").strip().upper()
        row.result = data.get(f"r{i}", "").strip()
        row.capot = data.get(f"k{i}") == "on"
        row.delete = data.get(f"x{i}") == "on"
        if row.result_id is not None:
            row.ns_typed = data.get(f"n{i}", row.ns_label).strip()
            row.ew_typed = data.get(f"e{i}", row.ew_label).strip()


def save_rows(section: Section, board: Board, rows: list[TravellerRow], user) -> bool:
    """Save every row in one transaction; on any error keep nothing.

    Errors are written on the rows; returns True when everything was saved.
    Each line that really changes queues the section's rescore (once for
    the transaction); an unchanged row writes nothing, not even a rescore.
    """
    pairs = {pair.pk: pair for pair in section_pairs_all(section)}
    rounds = {r.number: r for r in section_rounds(section)}
    tables = {t.number: t for t in section_tables(section)}
    existing = {r.pk: r for r in board_lines(board)}
    with transaction.atomic():
        # Lines deleted first free their pairs; then the pairs typed are
        # fixed, all together (pairs exchanged between tables); then results.
        deleted = [row for row in rows if row.delete]
        kept = [row for row in rows if not row.delete]

        def save(part: list[TravellerRow]) -> bool:
            saved = True
            for row in part:
                try:
                    _save_row(row, board, pairs, rounds, tables, existing, user)
                except ValidationError as error:
                    row.errors = error.messages
                    saved = False
            return saved

        ok = save(deleted) and fix_typed_pairs(kept, existing, user) and save(kept)
        if not ok:
            transaction.set_rollback(True)
    return ok


def _save_row(row, board, pairs, rounds, tables, existing, user) -> None:
    result = existing.get(row.result_id)
    if row.delete:
        if result is not None:
            result_delete(result, user=user)
        return
    played = card_game(board.section.session.event)
    parsed = played.traveller_row_parsed(row)
    where = {
        "board": board,
        "ns_pair": result.ns_pair if result else pairs[row.ns],
        "ew_pair": result.ew_pair if result else pairs[row.ew],
        "round": rounds.get(row.round),
        "table": tables.get(row.table),
        "user": user,
        "result": result,
    }
    if parsed["kind"] == "blank":
        if result is not None:
            raise ValidationError(
                _("Tick “delete” to remove this line, or write its result.")
            )
        return
    if parsed["kind"] == "adjusted":
        result_adjust(
            ns=parsed["ns"], ew=parsed["ew"], absent=parsed["absent"], **where
        )
        return
    kind = parsed.pop("kind")
    if kind == "weighted":
        result_weighted(parts=parsed["parts"], **where)
        return
    played.line_enter(**parsed, **where)
