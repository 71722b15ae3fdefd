"""Checks every traveller write goes through: the rules and the movement."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from games.bridge import parse_contract, result_score
from games.cards import Seat
from games.errors import GameError
from games.weighted import WeightedPart
from tournaments.models import Board, Pair, Round, Session, Table
from tournaments.movements import Movement, Seating
from tournaments.selectors.movement import section_movement

ARTIFICIAL_MARKS = ("A+", "A", "A-")


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
        "absent": "",
        "weighted": None,
    }


def weighted_fields(board: Board, parts: Sequence[WeightedPart]) -> dict[str, object]:
    """Check an assigned weighted score (Law 12C1(c)) and give its fields.

    Each part is a result the table might have had, scored on the board (or
    a bare NS score); the shares are percentages adding up to 100.  The NS
    score stored is their weighted mean (rounded, for pages that show one
    number); the scorer compares the parts themselves, each with its weight.
    """
    if not parts or (len(parts) < 2 and parts[0].contract):
        raise ValidationError(
            {"weighted": _("A weighted score has at least two parts.")}
        )
    if any(part.percent <= 0 for part in parts) or not math.isclose(
        sum(part.percent for part in parts), 100, abs_tol=1e-6
    ):
        raise ValidationError(
            {
                "weighted": _(
                    "The parts' percentages must be positive and add up to 100."
                )
            }
        )
    stored = []
    for part in parts:
        if not part.contract:
            if part.score is None:
                raise ValidationError(
                    {"weighted": _("A part needs a contract or a score.")}
                )
            stored.append([part.percent, "", "", None, int(part.score)])
            continue
        played = played_fields(board, part.contract, part.declarer, part.tricks)
        stored.append(
            [part.percent, played["contract"], played["declarer"], played["tricks"],
             played["score_ns"]]
        )  # fmt: skip
    mean = sum(percent * score for percent, *_rest, score in stored) / 100
    return {
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "score_ns": math.floor(mean + 0.5),
        "adjusted_ns": "",
        "adjusted_ew": "",
        "absent": "",
        "weighted": stored,
    }


def adjusted_fields(ns: str, ew: str, absent: str = "") -> dict[str, object]:
    """Check an artificial adjusted score for each side; ``absent`` ("NS" or
    "EW") makes it an award against a pair that never came."""
    return {
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "score_ns": None,
        "adjusted_ns": parse_adjusted(ns, "adjusted_ns"),
        "adjusted_ew": parse_adjusted(ew, "adjusted_ew"),
        "absent": parse_absent(absent),
        "weighted": None,
    }


def parse_absent(side: str | None) -> str:
    """The absent side of an award: "NS", "EW" or "" (both sides were there)."""
    raw = str(side or "").strip().upper()
    if raw not in ("", "NS", "EW"):
        raise ValidationError({"absent": _("The absent side is NS or EW.")})
    return raw


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


def check_open(board: Board) -> None:
    """A closed session's travellers do not change."""
    if board.section.session.status == Session.Status.CLOSED:
        raise ValidationError(
            _("This session is closed: reopen it to change its travellers.")
        )


def check_pairs(board: Board, ns_pair: Pair, ew_pair: Pair) -> None:
    """Two different pairs of the board's section."""
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": _("A pair cannot play against itself.")})
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if pair.section_id != board.section_id:
            raise ValidationError(
                {field: _("Pair %(pair)s is not in this section.") % {"pair": pair}}
            )


def check_movement(
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
) -> tuple[Round | None, Table | None]:
    """The movement has these pairs play this board (at this table and round).

    Returns the round and table the movement seats them at, so that a line
    entered without them still records where it was played.  Sections
    without a movement (imported results) accept any pairs.
    """
    section = board.section
    movement = section_movement(section)
    if movement is None:
        return round, table
    for seating in _seatings_between(movement, board, ns_pair, ew_pair):
        if movement.is_sit_out(seating):
            continue
        if round is not None and round.number != seating.round:
            continue
        if table is not None and table.number != seating.table:
            continue
        return (
            round or section.round_set.get(number=seating.round),
            table or section.table_set.get(number=seating.table),
        )
    raise movement_refusal(board, ns_pair, ew_pair, round, table)


def played_elsewhere(
    board: Board, ns_pair: Pair, ew_pair: Pair, table: Table
) -> PermissionDenied | None:
    """The refusal of a tablet's line that the movement plays at another table.

    A tablet enters the boards its own table plays: when the movement seats
    ``board`` between these pairs at other tables only, the line is not its
    to enter (403), whatever round it names.  Pairs the movement never seats
    on the board are :func:`check_movement`'s to refuse (400).
    """
    movement = section_movement(board.section)
    if movement is None:
        return None
    tables = {
        seating.table
        for seating in _seatings_between(movement, board, ns_pair, ew_pair)
    }
    if not tables or table.number in tables:
        return None
    return PermissionDenied(
        _(
            "Board %(board)d between %(ns)s and %(ew)s is played at "
            "another table, not at table %(table)d."
        )
        % {
            "board": board.number,
            "ns": ns_pair.label,
            "ew": ew_pair.label,
            "table": table.number,
        }
    )


def _seatings_between(
    movement: Movement, board: Board, ns_pair: Pair, ew_pair: Pair
) -> list[Seating]:
    """The movement's seatings where ``ns_pair`` plays ``board`` against
    ``ew_pair``, North-South as given (sit-outs included)."""
    number = board.number - board.section.first_board + 1
    return [
        seating
        for seating in movement.seatings
        if number in seating.boards
        and movement.pair(seating.ns).label == ns_pair.label
        and movement.pair(seating.ew).label == ew_pair.label
    ]


def movement_refusal(
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    round: Round | None,
    table: Table | None,
) -> ValidationError:
    """The refusal of a line the movement does not seat (``check_movement``)."""
    where = ""
    if table is not None and round is not None:
        where = _(" at table %(table)d in round %(round)d") % {
            "table": table.number,
            "round": round.number,
        }
    return ValidationError(
        {
            "ns_pair": _(
                "In this movement %(ns)s and %(ew)s do not play board %(board)d"
                "%(where)s."
            )
            % {
                "ns": ns_pair.label,
                "ew": ew_pair.label,
                "board": board.number,
                "where": where,
            }
        }
    )
