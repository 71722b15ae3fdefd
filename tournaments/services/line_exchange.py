"""Several lines of a board get their right pairs at once: pairs exchanged.

The commonest wrong-pairs error in a room: two East-West pairs go to each
other's tables for a round.  On each board of that round, line A (3NS v
3EW) should read 3NS v 4EW and line B (4NS v 4EW) 4NS v 3EW.  Neither fix
can be stored alone (4EW would hold two lines on the board, which the
database refuses), so ``lines_pairs_fix`` takes every line of the board the
director corrects, checks the board as it will be (each pair once, two
different real pairs a line), and stores them in one transaction.

Where the fixes form a cycle, one line is first parked on two placeholder
pairs created inside the transaction, which frees its pairs for the others;
it then gets its own, and the placeholders are deleted before the
transaction commits, so nobody ever sees them.  Each line is written
through the one write path (``line_pairs.rewrite``) and audited once, from
the pairs it had to the pairs it has.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Board, Pair, Result, ResultChange, Source
from tournaments.services.audit import AUDITED_FIELDS, snapshot
from tournaments.services.entry import check_open
from tournaments.services.line_pairs import check_seats, rewrite, twice

Fix = tuple[Result, Pair, Pair]  # a stored line, its right NS and EW pairs


class LineRefused(ValidationError):
    """A fix refused, naming the line (``result_pk``) and the field."""

    def __init__(self, error: ValidationError, result_pk: int) -> None:
        super().__init__(error.error_dict if hasattr(error, "error_dict") else error)
        self.result_pk = result_pk


def lines_pairs_fix(
    fixes: Sequence[Fix],
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> list[Result]:
    """Give lines of one board their right pairs together; the lines changed.

    Refused as a whole (``LineRefused`` naming the line and the field) if
    the board would then have a pair playing it twice, a pair against
    itself, a pair of another section or the phantom.
    """
    if source == Source.TABLE:
        raise PermissionDenied(_("Only the director changes a line's pairs."))
    if not fixes:
        return []
    board = fixes[0][0].board
    if any(result.board_id != board.pk for result, _ns, _ew in fixes):
        raise ValidationError({"board": _("Fix the lines of one board at a time.")})
    check_open(board.section)
    with transaction.atomic():
        lines = {
            line.pk: line
            for line in Result.objects.select_for_update(of=("self",))
            .filter(board=board)
            .select_related("board__section", "ns_pair", "ew_pair", "round")
        }
        wanted = _wanted(board, lines, fixes)
        return _store(board, lines, wanted, user, source)


def _wanted(
    board: Board, lines: dict[int, Result], fixes: Sequence[Fix]
) -> dict[int, tuple[Pair, Pair]]:
    """The lines that change and their pairs, once the board is checked whole."""
    final = {pk: (line.ns_pair, line.ew_pair) for pk, line in lines.items()}
    wanted: dict[int, tuple[Pair, Pair]] = {}
    for result, ns, ew in fixes:
        if result.pk not in lines:
            raise ValidationError(_("This result was deleted meanwhile."))
        try:
            check_seats(board, ns, ew)
        except ValidationError as error:
            raise LineRefused(error, result.pk) from None
        line = lines[result.pk]
        if (ns.pk, ew.pk) != (line.ns_pair_id, line.ew_pair_id):
            wanted[result.pk] = final[result.pk] = (ns, ew)
    seen: dict[int, int] = {}
    for pk in sorted(final, key=lambda pk: (pk in wanted, pk)):
        for field, pair in zip(("ns_pair", "ew_pair"), final[pk], strict=True):
            if pair.pk in seen:
                raise LineRefused(twice(field, pair, board), pk)
            seen[pair.pk] = pk
    return wanted


def _store(
    board: Board,
    lines: dict[int, Result],
    wanted: dict[int, tuple[Pair, Pair]],
    user: AbstractBaseUser | None,
    source: str,
) -> list[Result]:
    """Write each changed line, parking one on placeholders to break a cycle."""
    held = {pk: {line.ns_pair_id, line.ew_pair_id} for pk, line in lines.items()}
    parked: dict[int, dict] = {}
    placeholders: list[Pair] = []
    stored: list[Result] = []
    pending = dict(wanted)
    while pending:
        ready = [pk for pk, pair in pending.items() if _free(pk, pair, held)]
        if ready:
            pk = ready[0]
            ns, ew = pending.pop(pk)
            line = rewrite(lines[pk], ns, ew, user, source)
            held[pk] = {ns.pk, ew.pk}
            if pk in parked:
                _audit_from(line, parked[pk])
            stored.append(line)
            continue
        pk = next(pk for pk in pending if pk not in parked)
        parked[pk] = snapshot(lines[pk], AUDITED_FIELDS) or {}
        seats = _placeholders(board, placeholders)
        Result.objects.filter(pk=pk).update(ns_pair=seats[0], ew_pair=seats[1])
        held[pk] = {seats[0].pk, seats[1].pk}
    Pair.objects.filter(pk__in=[pair.pk for pair in placeholders]).delete()
    return stored


def _free(pk: int, pairs: tuple[Pair, Pair], held: dict[int, set[int]]) -> bool:
    """No other line of the board holds the pairs this line is to get."""
    wanted = {pair.pk for pair in pairs}
    return not any(wanted & others for other, others in held.items() if other != pk)


def _placeholders(board: Board, made: list[Pair]) -> tuple[Pair, Pair]:
    """Two pairs no line uses, to park a line on inside the transaction."""
    section = board.section
    top = section.pairs.aggregate(top=Max("number"))["top"] or 0
    seats = tuple(
        Pair.objects.create(section=section, number=top + n, phantom=True)
        for n in (1, 2)
    )
    made.extend(seats)
    return seats


def _audit_from(line: Result, original: dict) -> None:
    """A parked line's audit row reads from the pairs it had, not the
    placeholders it was parked on."""
    change = ResultChange.objects.filter(result=line).order_by("-id").first()
    if change is not None:
        ResultChange.objects.filter(pk=change.pk).update(before=original)
