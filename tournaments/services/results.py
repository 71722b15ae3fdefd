"""Enter, correct and adjust traveller lines; each write queues a rescore."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.bridge import parse_contract, result_score
from games.cards import Seat
from games.errors import GameError
from tournaments.models import Board, Pair, Result, Round, Session, Table

ARTIFICIAL_MARKS = ("A+", "A", "A-")


def queue_scoring(board: Board) -> None:
    """Rescore the board's section once the current transaction commits."""
    from scoring.tasks import score_section

    score_section.delay_on_commit(board.section_id)


def played_fields(
    board: Board, contract: str, declarer: str, tricks: int | None
) -> dict[str, object]:
    """Check a played result and compute its NS score (Law 77, board's vul).

    Raises ``ValidationError`` naming the field at fault.
    """
    try:
        parsed = parse_contract(contract)
    except GameError as error:
        raise ValidationError({"contract": str(error)}) from None
    if parsed.is_pass:
        declarer, tricks = "", None
    else:
        try:
            declarer = Seat.parse(declarer).name
        except GameError as error:
            raise ValidationError({"declarer": str(error)}) from None
        if tricks is None or not 0 <= tricks <= 13:
            raise ValidationError(
                {"tricks": _("Tricks taken by declarer must be 0 to 13.")}
            )
    score = result_score(
        parsed,
        declarer or None,
        tricks or 0,
        board.number,
        vulnerability=board.vulnerability or None,
    )
    return {
        "contract": str(parsed),
        "declarer": declarer,
        "tricks": tricks,
        "score_ns": score,
        "adjusted_ns": "",
        "adjusted_ew": "",
    }


def adjusted_fields(ns: str, ew: str) -> dict[str, object]:
    """Check an artificial adjusted score for each side."""
    return {
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "score_ns": None,
        "adjusted_ns": parse_adjusted(ns, "adjusted_ns"),
        "adjusted_ew": parse_adjusted(ew, "adjusted_ew"),
    }


@transaction.atomic
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
) -> Result:
    """Store a played traveller line (or correct ``result``) and queue a rescore.

    ``rescore=False`` leaves the rescore to a caller saving several lines.
    """
    _check_open(board)
    _check_pairs(board, ns_pair, ew_pair)
    fields = played_fields(board, contract, declarer, tricks)
    fields["lead"] = lead.strip().upper()[:3]
    line = result or Result(board=board)
    return _save(line, fields, ns_pair, ew_pair, round, table, user, rescore)


@transaction.atomic
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
) -> Result:
    """Award an artificial adjusted score: A+, A, A- or a percentage per side."""
    _check_open(board)
    _check_pairs(board, ns_pair, ew_pair)
    fields = adjusted_fields(ns, ew)
    line = result or Result(board=board)
    return _save(line, fields, ns_pair, ew_pair, round, table, user, rescore)


@transaction.atomic
def result_delete(result: Result, *, rescore: bool = True) -> None:
    """Remove a traveller line (entered by mistake) and rescore."""
    _check_open(result.board)
    board = result.board
    result.delete()
    if rescore:
        queue_scoring(board)


def parse_adjusted(text: str, field: str) -> str:
    """Normalise an artificial score: "A+", "A", "A-" or a percentage 0-100."""
    raw = str(text).strip().upper().replace("%", "")
    if raw in ARTIFICIAL_MARKS:
        return raw
    try:
        value = Decimal(raw.replace(",", "."))
    except InvalidOperation:
        value = Decimal(-1)
    if not Decimal(0) <= value <= Decimal(100):
        raise ValidationError(
            {field: _("Write A+, A, A- or a percentage from 0 to 100.")}
        )
    return f"{value.normalize():f}"


def session_close(session: Session) -> None:
    """Close a session: its travellers can no longer change."""
    session.status = Session.Status.CLOSED
    session.save(update_fields=["status"])


def session_reopen(session: Session) -> None:
    """Reopen a closed session for corrections."""
    session.status = Session.Status.PLAYING
    session.save(update_fields=["status"])


def _check_open(board: Board) -> None:
    if board.section.session.status == Session.Status.CLOSED:
        raise ValidationError(
            _("This session is closed: reopen it to change its travellers.")
        )


def _check_pairs(board: Board, ns_pair: Pair, ew_pair: Pair) -> None:
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": _("A pair cannot play against itself.")})
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if pair.section_id != board.section_id:
            raise ValidationError(
                {field: _("Pair %(pair)s is not in this section.") % {"pair": pair}}
            )


def _save(
    line: Result,
    fields: dict[str, object],
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
    user: AbstractBaseUser | None,
    rescore: bool,
) -> Result:
    fields.update(ns_pair=ns_pair, ew_pair=ew_pair, entered_by=user)
    fields.update(round=round or line.round, table=table or line.table)
    for name, value in fields.items():
        setattr(line, name, value)
    others = Result.objects.filter(board=line.board).exclude(pk=line.pk)
    for pair in (ns_pair, ew_pair):
        if others.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).exists():
            raise ValidationError(
                _("Pair %(pair)s already has a result on board %(board)s.")
                % {"pair": pair.label, "board": line.board.number}
            )
    try:
        with transaction.atomic():
            line.save()
    except IntegrityError:
        raise ValidationError(
            _("This board already has a result for these pairs.")
        ) from None
    if rescore:
        queue_scoring(line.board)
    return line
