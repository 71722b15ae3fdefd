"""Between the database and the Whiz scorer: load table results, store comparisons.

The section is recomputed whole from its stored results, never
incrementally: each board is compared hand by hand (``scoring.whiz``), each
result gets its three players' matchpoints and percentages, and each player
a ``WhizScore`` line of the ranking.
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction

from scoring.whiz import WhizLine, WhizSettings, score_whiz_session
from tournaments.models import Section, WhizResult, WhizScore
from tournaments.rescore.ranking import store_player_ranking
from tournaments.rescore.store import store_changed
from tournaments.whiz.movements import WhizMovement
from tournaments.whiz.services import POSITIONS, section_whiz_movement


def whiz_lines(results: list[WhizResult]) -> list[WhizLine]:
    """Stored results as the pure scorer takes them (players by entrant id)."""
    lines = []
    for result in results:
        players = {p: e.pk for p, e in result.players().items()}
        if result.is_adjusted:
            marks = {p: _mark(text) for p, text in result.adjusted().items()}
            lines.append(
                WhizLine(result.board.number, _table(result), players, None, marks)
            )
        else:
            lines.append(
                WhizLine(result.board.number, _table(result), players, result.points())
            )
    return lines


def _table(result: WhizResult) -> int:
    return result.table.number if result.table_id else result.north.number


def _mark(text: str) -> str | float:
    return text if text.startswith("A") else float(text)


def sat_out_boards(
    section: Section, movement: WhizMovement, results: list[WhizResult]
) -> dict[int, set[int]]:
    """The boards (by number) each player (by entrant id) has sat out so far:
    those of the rounds the movement seats him at a table a phantom leaves
    short, up to the latest round some table has entered a line of (a
    sit-out still to come is not one yet)."""
    reached = max((r.round.number for r in results if r.round_id), default=0)
    entrants = {(e.line, e.number): e.pk for e in section.whiz_entrants.all()}
    offset = section.first_board - 1
    boards: dict[int, set[int]] = defaultdict(set)
    for seating in movement.seatings:
        if not seating.sits_out or seating.round > reached:
            continue
        for player_id in seating.player_ids:
            player = movement.player(player_id)
            entrant = entrants.get((player.line, player.number))
            if not player.phantom and entrant is not None:
                boards[entrant].update(board + offset for board in seating.boards)
    return dict(boards)


@transaction.atomic
def rescore_whiz_section(section_id: int) -> dict[str, int]:
    """Compare every board hand by hand and store the ranking (idempotent)."""
    section = (
        Section.objects.select_for_update(of=("self",), no_key=True)
        .select_related("session__event")
        .get(pk=section_id)
    )
    results = list(
        WhizResult.objects.filter(board__section=section)
        .select_related("board", "table", "round", "north", "east", "south")
        .order_by("board__number", "north__number", "id")
    )
    movement = section_whiz_movement(section)
    offset = section.first_board - 1
    expected = {
        board + offset: movement.times_played(board) for board in movement.boards
    }
    settings = WhizSettings(board=section.session.event.scoring_settings().board)
    scored = score_whiz_session(
        whiz_lines(results),
        settings=settings,
        expected=expected,
        sit_outs=sat_out_boards(section, movement, results),
    )
    # Only the lines whose figures changed are written (``store``).
    fields = [
        *(f"mp_{p.lower()}" for p in POSITIONS),
        *(f"pct_{p.lower()}" for p in POSITIONS),
        "top",
    ]
    store_changed(
        WhizResult,
        fields,
        {
            result.pk: (
                *(line.mp[position] for position in POSITIONS),
                *(line.pct[position] for position in POSITIONS),
                line.top,
            )
            for result, line in zip(results, scored.lines, strict=True)
        },
        {r.pk: tuple(getattr(r, name) for name in fields) for r in results},
    )
    store_player_ranking(
        section,
        WhizScore,
        scored.standings,
        ("mp", "top", "pct", "boards", "sit_out_boards"),
    )
    return {
        "section": section.pk,
        "lines": len(results),
        "players": len(scored.standings),
    }
