"""What stands between a session and its close: missing results and open
disputes.

A *missing* result is a line the movement expects (a board a table plays
in a round, pairs and teams sections from their movement, Whiz sections
from theirs) that nobody has entered; an *open dispute* is a line flagged
``disputed`` (a refused second entry, or the opponents' "not agreed") that
the director has not resolved.  The console lists both; closing a session
with any of them asks the director to confirm first.  Each game lists its
own (``Game.missing_results``, ``Game.disputed_lines``): pairs and teams
lines here, a Whiz section's in its package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from django.db import transaction

from tournaments.models import Board, Result, Round, Section, Session, Table
from tournaments.registry import section_game
from tournaments.selectors.movement import section_movement
from tournaments.services.seating_lines import seating_lines
from tournaments.services.sessions import session_close


class Seated(Protocol):
    """A table in a round of a movement (a pairs or a Whiz seating)."""

    round: int
    table: int


class Line(Protocol):
    """A stored line of a board (a ``Result``, a Whiz line)."""

    pk: int
    board: Board
    round: Round | None
    round_id: int | None
    table: Table | None
    table_id: int | None


@dataclass(frozen=True)
class Pending:
    """One line a session still waits for, or one the director must settle.

    ``players`` names who plays it ("1NS v 1EW", or a Whiz table's three);
    ``result`` is the disputed line's id (None for a missing one), and
    ``whiz`` tells which model it is.
    """

    section: int
    letter: str
    board: int
    round: int | None
    table: int | None
    players: str
    result: int | None = None
    whiz: bool = False

    @classmethod
    def unentered(
        cls,
        section: Section,
        seating: Seated,
        board: int,
        players: str = "",
        whiz: bool = False,
    ) -> Pending:
        """Board ``board`` of ``section`` not entered where ``seating`` plays it."""
        return cls(
            section=section.pk,
            letter=section.letter,
            board=board,
            round=seating.round,
            table=seating.table,
            players=players,
            whiz=whiz,
        )

    @classmethod
    def disputed(
        cls, section: Section, line: Line, players: str, whiz: bool = False
    ) -> Pending:
        """A disputed line of ``section`` as the director's list shows it."""
        return cls(
            section=section.pk,
            letter=section.letter,
            board=line.board.number,
            round=line.round.number if line.round_id else None,
            table=line.table.number if line.table_id else None,
            players=players,
            result=line.pk,
            whiz=whiz,
        )


@dataclass
class CloseCheck:
    """A session's missing results and open disputes; ``closed`` once closed."""

    missing: list[Pending] = field(default_factory=list)
    disputes: list[Pending] = field(default_factory=list)
    closed: bool = False

    @property
    def clear(self) -> bool:
        """Nothing missing and nothing disputed: the session closes at once."""
        return not self.missing and not self.disputes

    def as_data(self) -> dict[str, object]:
        """The check as the API answers it."""
        return {
            "closed": self.closed,
            "missing": [_pending_data(p) for p in self.missing],
            "disputes": [_pending_data(p) for p in self.disputes],
        }


def _pending_data(pending: Pending) -> dict[str, object]:
    return {
        "section": pending.section,
        "letter": pending.letter,
        "board": pending.board,
        "round": pending.round,
        "table": pending.table,
        "players": pending.players,
        "result": pending.result,
    }


def open_disputes(section: Section) -> list[Pending]:
    """The section's disputed lines, by board then table."""
    pending = section_game(section).disputed_lines(section)
    return sorted(pending, key=lambda p: (p.board, p.table or 0))


def pairs_disputes(section: Section) -> list[Pending]:
    """A pairs or teams section's disputed traveller lines."""
    lines = (
        Result.objects.filter(board__section=section, disputed=True)
        .select_related("board", "round", "table", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number")
    )
    return [
        Pending.disputed(section, line, f"{line.ns_pair.label} v {line.ew_pair.label}")
        for line in lines
    ]


def missing_results(section: Section) -> list[Pending]:
    """The lines the section's movement expects and nobody entered yet, by
    round, table and board (none for a section without a movement)."""
    return section_game(section).missing_results(section)


def missing_pairs_lines(section: Section) -> list[Pending]:
    """A pairs or teams section's lines its movement seats and nobody entered."""
    movement = section_movement(section)
    if movement is None:
        return []
    offset = section.first_board - 1
    lines = seating_lines(section, movement)
    missing = [
        Pending.unentered(
            section,
            seating,
            number + offset,
            f"{movement.pair(seating.ns).label} v {movement.pair(seating.ew).label}",
        )
        for seating in movement.seatings
        if (seating.round, seating.table) in lines
        for number, line in zip(
            seating.boards, lines[seating.round, seating.table], strict=True
        )
        if line is None
    ]
    return sorted(missing, key=lambda p: (p.round, p.table, p.board))


def close_check(session: Session) -> CloseCheck:
    """Every section's missing results and open disputes."""
    check = CloseCheck()
    for section in session.sections.order_by("letter"):
        check.missing += missing_results(section)
        check.disputes += open_disputes(section)
    return check


def close_session(session: Session, *, confirmed: bool) -> CloseCheck:
    """Close ``session`` when nothing is missing or disputed, or when the
    director confirmed having seen what is; otherwise leave it open.

    The returned check says what was pending and whether it closed (a
    session already closed stays so: a repeated close changes nothing).  The
    session row is locked so two directors' closes do not interleave.
    """
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.status == Session.Status.CLOSED:
            return CloseCheck(closed=True)
        check = close_check(locked)
        if check.clear or confirmed:
            session_close(locked)
            check.closed = True
    session.status = locked.status
    return check
