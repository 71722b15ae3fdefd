"""Enter, correct and adjust traveller lines: the one write path.

The director's traveller form, the table tablets, the REST API and the
importers all save lines here, so every line is checked against the rules
and the movement, every change lands in the audit trail, and every write
queues a rescore of the section once the transaction commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TypedDict, Unpack

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.weighted import WeightedPart
from tournaments.models import (
    Board,
    Event,
    Pair,
    Result,
    Round,
    Section,
    Source,
    Table,
)
from tournaments.registry import card_game, section_game
from tournaments.services.absent_seats import seat_refusal, still_seated
from tournaments.services.audit import AUDITED_FIELDS
from tournaments.services.checks import (
    adjusted_fields,
    check_movement,
    check_pairs,
    parse_adjusted,
    played_elsewhere,
    played_fields,
    weighted_fields,
)
from tournaments.services.entry import (
    Entry,
    Writer,
    delete_line,
    write_line,
)
from tournaments.services.line_answers import LineAnswers
from tournaments.services.rescoring import section_changed
from tournaments.services.sessions import session_close, session_reopen

__all__ = [
    "adjusted_fields",
    "parse_adjusted",
    "played_fields",
    "queue_scoring",
    "result_adjust",
    "result_answer",
    "result_delete",
    "result_enter",
    "result_resolve",
    "result_submit",
    "result_weighted",
    "result_write",
    "session_close",
    "session_reopen",
]


def queue_scoring(board: Board) -> None:
    """Rescore the board's section once the current transaction commits."""
    section_changed(board.section_id)


class Placing(TypedDict, total=False):
    """Where a line sits and who writes it: the keywords every ``result_*``
    writer takes besides the line itself (defaults in ``result_write``)."""

    round: Round | None
    table: Table | None
    user: AbstractBaseUser | None
    result: Result | None
    rescore: bool
    source: str


def result_enter(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    contract: str,
    declarer: str = "",
    tricks: int | None = None,
    lead: str = "",
    key: str = "",
    **placing: Unpack[Placing],
) -> tuple[Result, bool]:
    """Store a played traveller line (or correct ``result``); (line, created).

    ``key`` is a tablet's idempotency key: the same submission sent twice is
    stored once.  A different second entry for the same board and pairs is
    refused, and the line stored first is flagged for the director.
    ``rescore=False`` leaves the rescore to a caller saving several lines.
    """
    board = with_event(board)
    fields = played_line_fields(board, contract, declarer, tricks, lead)
    return result_write(board, fields, ns_pair, ew_pair, key=key, **placing)


def result_submit(**kwargs: object) -> Result:
    """Store a played traveller line (or correct ``result``); see ``result_enter``."""
    line, _created = result_enter(**kwargs)
    return line


def with_event(board: Board) -> Board:
    """``board`` with its section, session and event read, in one query when
    they are not yet: every check of a line and the write path read them
    (the game, the movement, the session's status), three queries when
    each is read on first use."""
    section = board.section if Board.section.is_cached(board) else None
    if (
        section is None
        or not Section.session.is_cached(section)
        or not type(section.session).event.is_cached(section.session)
    ):
        board.section = Section.objects.select_related("session__event").get(
            pk=board.section_id
        )
    return board


def _sharing_section(table: Table | None, section: Section) -> Table | None:
    """``table`` reading its section (and its game) from ``section`` already
    read, when it is the same section's, instead of three queries more."""
    if table is not None and table.section_id == section.pk:
        cached = Table.section.is_cached(table) and table.section
        if not cached or not Section.session.is_cached(cached):
            table.section = section
    return table


def check_game(board: Board, game: str) -> None:
    """A board is entered in its event's card game only (``Event.game``)."""
    event = board.section.session.event
    if event.game != game:
        _refuse_game(event)


def check_tricks_scored(board: Board) -> None:
    """A line of contract and tricks (bridge's) goes only to a board whose
    card game scores so, not one scored in card points and marks."""
    event = board.section.session.event
    if card_game(event).deal_marks:
        _refuse_game(event)


def _refuse_game(event: Event) -> None:
    raise ValidationError(
        {"contract": _("This event plays %(game)s.")
         % {"game": event.get_game_display()}}
    )  # fmt: skip


def result_adjust(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    ns: str,
    ew: str,
    absent: str = "",
    **placing: Unpack[Placing],
) -> Result:
    """Award an artificial adjusted score: A+, A, A- or a percentage per side.

    ``absent`` ("NS" or "EW") makes it an award against a pair that never
    came ("60/0 - EW absent"): not a play of the board (``scoring.board``).
    """
    board = with_event(board)
    fields = adjusted_line_fields(board, ns, ew, absent)
    line, _created = result_write(board, fields, ns_pair, ew_pair, **placing)
    return line


def result_weighted(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    parts: Sequence[WeightedPart],
    **placing: Unpack[Placing],
) -> Result:
    """Assign a weighted score (Law 12C1(c)): e.g. 70 % of 4S= and 30 % of 4S+1."""
    board = with_event(board)
    fields = weighted_line_fields(board, parts)
    line, _created = result_write(board, fields, ns_pair, ew_pair, **placing)
    return line


# The checks of a line's values, without the database: ``result_enter``,
# ``result_adjust`` and ``result_weighted`` apply them, and so do the
# importers storing a whole file at once (``services.bulk_lines``).


def played_line_fields(
    board: Board, contract: str, declarer: str, tricks: int | None, lead: str = ""
) -> dict[str, object]:
    """A played line's checked fields, its NS score computed (the board's event
    plays bridge; its section, session and event already read)."""
    check_tricks_scored(board)
    fields = played_fields(board, contract, declarer, tricks)
    fields["lead"] = lead.strip().upper()[:3]
    return fields


def adjusted_line_fields(
    board: Board, ns: str, ew: str, absent: str = ""
) -> dict[str, object]:
    """An artificial adjusted score's checked fields (marks only in teams)."""
    fields = adjusted_fields(ns, ew, absent)
    section_game(board.section).check_adjusted(fields)
    return fields


def weighted_line_fields(
    board: Board, parts: Sequence[WeightedPart]
) -> dict[str, object]:
    """A weighted score's checked fields (Law 12C1(c))."""
    check_tricks_scored(board)
    return weighted_fields(board, parts)


def result_delete(
    result: Result,
    *,
    user: AbstractBaseUser | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
) -> None:
    """Remove a traveller line (entered by mistake) and rescore."""
    writer = Writer(source=source, user=user, rescore=rescore)
    delete_line(writer, _entry_of(result))


def result_write(
    board: Board,
    fields: dict[str, object],
    ns_pair: Pair,
    ew_pair: Pair,
    *,
    round: Round | None = None,
    table: Table | None = None,
    user: AbstractBaseUser | None = None,
    result: Result | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
    key: str = "",
) -> tuple[Result, bool]:
    """Store a line's checked ``fields`` (a played line, an adjusted score,
    a card game's deal: ``CardGame.line_enter``) between the pairs: the pairs
    and the movement checked, then through the one write path; (line, created)."""
    board = with_event(board)
    check_pairs(board, ns_pair, ew_pair)
    round, table = _placed(board, ns_pair, ew_pair, round, table, result, source)
    table = _sharing_section(table, board.section)
    writer = Writer.at(table, source, user, key, rescore)
    fields.update(ns_pair=ns_pair, ew_pair=ew_pair, round=round, table=table)
    entry = _entry(board, fields, ns_pair, ew_pair, round, table, result)
    return write_line(writer, entry)


def _placed(
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
    result: Result | None,
    source: str,
) -> tuple[Round | None, Table | None]:
    """Where the movement seats the line; a line whose pairs the director
    fixed off the movement (``services.line_pairs``) stays where it was
    played (or where the director says) when the director corrects its
    result with the same pairs.  A tablet enters only its own table's boards."""
    if source == Source.TABLE and table is not None:
        elsewhere = played_elsewhere(board, ns_pair, ew_pair, table)
        if elsewhere is not None:
            raise elsewhere
    try:
        return check_movement(board, ns_pair, ew_pair, round, table)
    except ValidationError:
        same = result is not None and (result.ns_pair_id, result.ew_pair_id) == (
            ns_pair.pk,
            ew_pair.pk,
        )
        if not same or source == Source.TABLE:
            absent = seat_refusal(board.section, board, ns_pair, ew_pair)
            if absent is not None:
                raise absent from None
            raise
        return round or result.round, table or result.table


def _entry(
    board: Board,
    fields: dict[str, object],
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
    result: Result | None,
) -> Entry:
    """A traveller line as the write path takes it."""
    return Entry(
        section=board.section,
        model=Result,
        slot={"board": board, "ns_pair": ns_pair},
        values=fields,
        audited=AUDITED_FIELDS,
        table=table,
        round=round.number if round is not None else None,
        where=_("Board %(board)d, %(ns)s v %(ew)s")
        % {"board": board.number, "ns": ns_pair.label, "ew": ew_pair.label},
        board=board,
        line=result,
        key_scope={"board": board},
        adjusted=bool(fields.get("adjusted_ns")),
        clash=_("Pair %(ns)s or %(ew)s already has a result on board %(board)d.")
        % {"board": board.number, "ns": ns_pair.label, "ew": ew_pair.label},
        nearby_check=_check_one_line_per_pair,
        nearby=Q(board=board) & pair_lines(ns_pair, ew_pair),
        optional=("lead",),
        seated=partial(
            still_seated,
            board=board,
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            round=round.number if round is not None else None,
            line=result,
        ),
    )


def _entry_of(result: Result) -> Entry:
    """A stored line as the write path takes it, to delete, answer or resolve."""
    return _entry(
        result.board, {}, result.ns_pair, result.ew_pair, result.round,
        result.table, result,
    )  # fmt: skip


def pair_lines(ns_pair: Pair, ew_pair: Pair) -> Q:
    """Lines of either pair, in either direction (a pair plays a board once)."""
    ids = [ns_pair.pk, ew_pair.pk]
    return Q(ns_pair_id__in=ids) | Q(ew_pair_id__in=ids)


def _check_one_line_per_pair(line: Result, nearby: Sequence[Result]) -> None:
    """A pair plays a board once, in either direction (the unique constraints
    see one direction each; a section without a movement has no other check).

    ``nearby`` are the board's lines of either pair, read with the lock
    (``Entry.nearby``)."""
    pairs = (line.ns_pair, line.ew_pair)
    ids = {pair.pk for pair in pairs}
    taken = {
        pk
        for other in nearby
        if other.pk != line.pk and other.board_id == line.board_id
        for pk in (other.ns_pair_id, other.ew_pair_id)
    }
    for pair in pairs:
        if pair.pk in taken & ids:
            raise ValidationError(
                _("Pair %(pair)s already has a result on board %(board)s.")
                % {"pair": pair.label, "board": line.board.number}
            )


# The opponents' answer to a traveller line and the director's resolution
# of its dispute: ``result_answer(result, agree=...)``, ``result_resolve(result)``.
RESULT_ANSWERS = LineAnswers(_entry_of)
result_answer = RESULT_ANSWERS.answer
result_resolve = RESULT_ANSWERS.resolve


def result_move(
    result: Result,
    board: Board,
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> Result:
    """Move a line entered under the wrong board to ``board`` (a board its
    pairs play in the same round): the same contract, declarer and tricks,
    scored with ``board``'s vulnerability, audited on ``board``; both boards
    are rescored.  Refused when the pairs already have a line there."""
    if result.contract:
        fields = played_line_fields(
            board, result.contract, result.declarer, result.tricks, result.lead
        )
    else:
        fields = {"score_ns": result.score_ns}
    fields["board"] = board
    check_pairs(board, result.ns_pair, result.ew_pair)
    writer = Writer.at(result.table, source, user, "", True)
    fields.update(
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        round=result.round,
        table=result.table,
    )
    entry = _entry(
        board, fields, result.ns_pair, result.ew_pair, result.round,
        result.table, result,
    )  # fmt: skip
    entry.audited = (*AUDITED_FIELDS, "board_id")
    old = result.board
    with transaction.atomic():
        line, _created = write_line(writer, entry)
        section_changed(old.section_id, old.pk)
    return line


def result_sign_reverse(
    result: Result,
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> Result:
    """A line entered as a score with its sign the wrong way round: its NS
    score negated (a contract's line computes its sign: refused)."""
    if result.contract or result.score_ns is None:
        raise ValidationError(
            {"score_ns": _("This line's score comes from its contract: its sign "
                           "cannot be reversed.")}
        )  # fmt: skip
    line, _created = result_write(
        result.board,
        {"score_ns": -result.score_ns},
        result.ns_pair,
        result.ew_pair,
        round=result.round,
        table=result.table,
        user=user,
        result=result,
        source=source,
    )
    return line
