"""Enter, correct and adjust traveller lines: the one write path.

The director's traveller form, the table tablets, the REST API and the
importers all save lines here, so every line is checked against the rules
and the movement, every change lands in the audit trail, and every write
queues a rescore of the section once the transaction commits.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.weighted import WeightedPart
from tournaments.models import (
    Board,
    Event,
    Pair,
    Result,
    ResultChange,
    Round,
    Source,
    Table,
)
from tournaments.services.audit import change_action, record_change, snapshot
from tournaments.services.checks import (
    adjusted_fields,
    bridgeote_fields,
    check_movement,
    check_open,
    check_pairs,
    check_team_marks,
    parse_adjusted,
    played_fields,
    weighted_fields,
)
from tournaments.services.sessions import session_close, session_reopen

__all__ = [
    "adjusted_fields",
    "parse_adjusted",
    "played_fields",
    "queue_scoring",
    "result_adjust",
    "result_delete",
    "result_submit",
    "result_weighted",
    "session_close",
    "session_reopen",
]


def queue_scoring(board: Board) -> None:
    """Rescore the board's section once the current transaction commits."""
    from scoring.tasks import score_section

    score_section.delay_on_commit(board.section_id)


def result_submit(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    contract: str,
    declarer: str = "",
    tricks: int | None = None,
    lead: str = "",
    round: Round | None = None,
    table: Table | None = None,
    user: AbstractBaseUser | None = None,
    result: Result | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
    key: str = "",
) -> Result:
    """Store a played traveller line (or correct ``result``) and queue a rescore.

    ``key`` is a tablet's idempotency key: the same submission sent twice is
    stored once.  A different second entry for the same board and pairs is
    refused, and the line stored first is flagged for the director.
    ``rescore=False`` leaves the rescore to a caller saving several lines.
    """
    check_game(board, Event.Game.BRIDGE)
    fields = played_fields(board, contract, declarer, tricks)
    fields["lead"] = lead.strip().upper()[:3]
    return _write(
        board, fields, ns_pair, ew_pair, round, table, user, result, rescore,
        source, key,
    )  # fmt: skip


def bridgeote_result_submit(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    contract: str,
    declarer: str,
    card_points: int | None,
    taker_announced: int = 0,
    defence_announced: int = 0,
    capot: bool = False,
    round: Round | None = None,
    table: Table | None = None,
    user: AbstractBaseUser | None = None,
    result: Result | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
    key: str = "",
) -> Result:
    """Store a Bridgeote deal (or correct ``result``) through the one write path."""
    check_game(board, Event.Game.BRIDGEOTE)
    fields = bridgeote_fields(
        contract, declarer, card_points, taker_announced, defence_announced, capot
    )
    return _write(
        board, fields, ns_pair, ew_pair, round, table, user, result, rescore,
        source, key,
    )  # fmt: skip


def check_game(board: Board, game: str) -> None:
    """A board is entered in its event's game only (bridge or Bridgeote)."""
    event = board.section.session.event
    if event.game != game:
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
    round: Round | None = None,
    table: Table | None = None,
    user: AbstractBaseUser | None = None,
    result: Result | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
) -> Result:
    """Award an artificial adjusted score: A+, A, A- or a percentage per side."""
    fields = adjusted_fields(ns, ew)
    check_team_marks(board, fields)
    return _write(
        board, fields, ns_pair, ew_pair, round, table, user, result, rescore,
        source, "",
    )  # fmt: skip


def result_weighted(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    parts: Sequence[WeightedPart],
    round: Round | None = None,
    table: Table | None = None,
    user: AbstractBaseUser | None = None,
    result: Result | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
) -> Result:
    """Assign a weighted score (Law 12C1(c)): e.g. 70 % of 4S= and 30 % of 4S+1."""
    check_game(board, Event.Game.BRIDGE)
    fields = weighted_fields(board, parts)
    return _write(
        board, fields, ns_pair, ew_pair, round, table, user, result, rescore,
        source, "",
    )  # fmt: skip


@transaction.atomic
def result_delete(
    result: Result,
    *,
    user: AbstractBaseUser | None = None,
    rescore: bool = True,
    source: str = Source.DIRECTOR,
) -> None:
    """Remove a traveller line (entered by mistake) and rescore."""
    board = result.board
    check_open(board)
    before = snapshot(result)
    table = result.table
    result.delete()
    record_change(
        board=board,
        action=ResultChange.Action.DELETE,
        result=None,
        before=before,
        user=user,
        table=table,
        source=source,
    )
    if rescore:
        queue_scoring(board)


def _write(
    board: Board,
    fields: dict[str, object],
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
    user: AbstractBaseUser | None,
    result: Result | None,
    rescore: bool,
    source: str,
    key: str,
) -> Result:
    check_open(board)
    check_pairs(board, ns_pair, ew_pair)
    replay = _replayed(board, key)
    if replay is not None:
        return replay
    try:
        return _store(
            board, fields, ns_pair, ew_pair, round, table, user, result, rescore,
            source, key,
        )  # fmt: skip
    except ValidationError:
        # The same submission sent at once twice: the first to commit stored
        # it, this one lost the race and answers with the stored line.
        replay = _replayed(board, key)
        if replay is None:
            raise
        return replay


def _replayed(board: Board, key: str) -> Result | None:
    """The line stored under this idempotency key, marked as a replay."""
    if not key:
        return None
    stored = Result.objects.filter(board=board, idempotency_key=key).first()
    if stored is not None:
        stored.replayed = True
    return stored


def _store(
    board: Board,
    fields: dict[str, object],
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
    user: AbstractBaseUser | None,
    result: Result | None,
    rescore: bool,
    source: str,
    key: str,
) -> Result:
    if result is None and source != Source.DIRECTOR:
        _refuse_second_entry(board, ns_pair, ew_pair, user, table, source, key)
    round, table = check_movement(board, ns_pair, ew_pair, round, table)
    with transaction.atomic():
        line = result or Result(board=board)
        before = snapshot(line)
        fields.update(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            round=round,
            table=table,
            entered_by=user if user is not None and user.is_authenticated else None,
            source=source,
            idempotency_key=key or line.idempotency_key,
        )
        for name, value in fields.items():
            setattr(line, name, value)
        _check_one_line_per_pair(line)
        try:
            with transaction.atomic():
                line.save()
        except IntegrityError:
            raise ValidationError(
                _("This board already has a result for these pairs.")
            ) from None
        record_change(
            board=board,
            action=change_action(before, line.is_adjusted),
            result=line,
            before=before,
            user=user,
            table=table,
            source=source,
        )
        if rescore:
            queue_scoring(board)
    return line


def _check_one_line_per_pair(line: Result) -> None:
    others = Result.objects.filter(board=line.board).exclude(pk=line.pk)
    for pair in (line.ns_pair, line.ew_pair):
        if others.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).exists():
            raise ValidationError(
                _("Pair %(pair)s already has a result on board %(board)s.")
                % {"pair": pair.label, "board": line.board.number}
            )


def _refuse_second_entry(
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    user: AbstractBaseUser | None,
    table: Table | None,
    source: str,
    key: str = "",
) -> None:
    """A tablet may not overwrite a line: flag it for the director, refuse.

    The flag and the audit record are committed even though the caller's
    submission fails, so the director sees the dispute.  A line stored under
    the caller's own key is the same submission, not a second entry.
    """
    stored = Result.objects.filter(board=board, ns_pair=ns_pair).first()
    if stored is None or (key and stored.idempotency_key == key):
        return
    with transaction.atomic():
        Result.objects.filter(pk=stored.pk).update(disputed=True)
        record_change(
            board=board,
            action=ResultChange.Action.REFUSE,
            result=stored,
            before=snapshot(stored),
            user=user,
            table=table,
            source=source,
        )
    raise ValidationError(
        _(
            "Board %(board)d already has a result for %(ns)s v %(ew)s: only the "
            "director can change it now. The director has been told."
        )
        % {"board": board.number, "ns": ns_pair.label, "ew": ew_pair.label}
    )
