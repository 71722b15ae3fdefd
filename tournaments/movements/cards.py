"""Guide-card data: what each table and each pair does round by round.

Plain dicts of strings, ints and booleans, ready for a template to print.
The phantom (or a pair absent that round, late or withdrawn) is never named
on a card: its seat shows as None and the round is flagged ``sit_out``.
"""

from __future__ import annotations

from typing import Any

from .model import Movement, format_boards


def table_card(movement: Movement, table: int) -> list[dict[str, Any]]:
    """Return one row per round for the card on ``table``.

    Keys: round, ns, ew (labels, None for the phantom), board_set, boards
    ("1-3"), board_numbers (the seating's own boards, the one source of what a
    table plays: a board set is a copy, not a board range), sit_out,
    arrow_switch, shared_with (the other tables playing the same boards this
    round).
    """
    if not 1 <= table <= movement.tables:
        raise ValueError(f"table must be 1 to {movement.tables}, got {table!r}")
    rows = []
    for r in range(1, movement.rounds + 1):
        s = movement.seating(r, table)
        share = movement.share_of(s)
        rows.append(
            {
                "round": r,
                "ns": _seat_label(movement, s.ns, r),
                "ew": _seat_label(movement, s.ew, r),
                "board_set": s.board_set,
                "boards": format_boards(s.boards),
                "board_numbers": s.boards,
                "sit_out": movement.is_sit_out(s),
                "arrow_switch": r in movement.arrow_switch_rounds,
                "shared_with": tuple(t for t in share.tables if t != table)
                if share
                else (),
            }
        )
    return rows


def pair_card(movement: Movement, pair_id: int) -> list[dict[str, Any]]:
    """Return one row per round for the pair's own card ("where do we go next").

    Keys: round, table, direction (really played, after any arrow switch),
    opponents (label, None when sitting out), board_set, boards,
    board_numbers (the seating's own boards), sit_out,
    next_table and next_direction (None after the last round).
    """
    pair = movement.pair(pair_id)
    if pair.phantom:
        raise ValueError(f"pair_id {pair_id} is the phantom: it has no card")
    rows = []
    for s, direction in movement.seatings_of_pair(pair_id):
        after = movement.next_position(pair_id, s.round)
        rows.append(
            {
                "round": s.round,
                "table": s.table,
                "direction": direction,
                "opponents": _seat_label(
                    movement, movement.opponent(s, pair_id), s.round
                ),
                "board_set": s.board_set,
                "boards": format_boards(s.boards),
                "board_numbers": s.boards,
                "sit_out": movement.is_sit_out(s),
                "next_table": after[0] if after else None,
                "next_direction": after[1] if after else None,
            }
        )
    return rows


def _seat_label(movement: Movement, pair_id: int, round: int) -> str | None:
    """Return the label of a pair at its seat, None for the phantom or a pair
    absent in this round (late, or withdrawn)."""
    pair = movement.pair(pair_id)
    return None if movement.absent_in(pair_id, round) else pair.label
