"""A pair absent for some rounds, its opponents awarded a score.

The director marks a pair absent for rounds ``first`` to ``last``: at every
seat the movement gave it in those rounds, each board gets an award against
the absent side, written through the one write path (``result_adjust`` with
``absent``), so travellers, scorecards, exports and the audit trail show it
("60/0 – EW absent").  Such a line is not a play of the board: the board's
other results are compared and factored as if that table had not played it
(``scoring.board``).

The awards follow the federations' practice:

* ``A+/A-`` (the default): Law 12C2 and the EBU White Book (2.4.5, the same
  marks as a withdrawal scored with averages): the innocent opponents score
  Average-plus, the pair at fault Average-minus, each worth what the event's
  average rule makes it (flat 60/40, or the WBF/EBU session average);
* ``60/40``: flat percentages, as FFB and JFR Pary print them;
* ``60/0``: the absent pair scores nothing, JFR Pary's walkover.

The movement is not changed: the seats stay, the boards are scored there.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Pair, Result, Section, SectionChange
from tournaments.movements import Movement, Seating
from tournaments.selectors.movement import MovementChoice
from tournaments.services.entry import StateConflict, retrying
from tournaments.services.rescoring import section_changed
from tournaments.services.results import result_adjust
from tournaments.services.running import (
    checked_round,
    locked_section,
    section_change,
    section_pair,
)

# The award's name -> (the present side's mark, the absent side's mark).
AWARDS: dict[str, tuple[str, str]] = {
    "A+/A-": ("A+", "A-"),
    "60/40": ("60", "40"),
    "60/0": ("60", "0"),
}
DEFAULT_AWARD = "A+/A-"
# A seating of the absent pair and the direction it sits there.
Placed = tuple[Seating, str]


def _award(award: object) -> tuple[str, tuple[str, str]]:
    """An award's name and marks, refused (naming ``award``) unless known."""
    name = str(award).strip().upper() if isinstance(award, str) else ""
    marks = AWARDS.get(name)
    if marks is None:
        raise ValidationError(
            {"award": _("Choose the award: %(awards)s.")
             % {"awards": ", ".join(AWARDS)}}
        )  # fmt: skip
    return name, marks


@retrying
def pair_absent(
    section: Section,
    *,
    pair: str,
    first: int,
    last: int | None = None,
    award: str = DEFAULT_AWARD,
    user: AbstractBaseUser | None = None,
) -> int:
    """Score the pair labelled ``pair`` absent from round ``first`` to
    ``last`` (the last round when None) with ``award``; returns how many
    lines were written.

    Refused (a ``ValidationError`` naming the field) for a pair not in the
    section, rounds outside the section or in the wrong order, an unknown
    award, a round in which the pair is already missing from the movement
    (late or withdrawn), and a round for which the pair already has a line
    (played or awarded: delete it first).  A seat facing the phantom stays a
    sit-out.  All or nothing: one refused line writes none.
    """
    section = locked_section(section)
    name, marks = _award(award)
    found = section_pair(section, pair)
    first = checked_round(section, first, "first")
    last = section.rounds if last is None else checked_round(section, last, "last")
    if last < first:
        raise ValidationError(
            {"last": _("The last round cannot come before the first (%(first)d).")
             % {"first": first}}
        )  # fmt: skip
    movement = MovementChoice.of(section).build()
    pair_id = next(p.id for p in movement.pairs if p.label == found.label)
    seatings = [
        (seating, direction)
        for seating, direction in movement.seatings_of_pair(pair_id)
        if first <= seating.round <= last
    ]
    for seating, _direction in seatings:
        if movement.absent_in(pair_id, seating.round):
            raise StateConflict(
                {"first": _("Pair %(pair)s is not in the movement in round "
                            "%(round)d (late or withdrawn).")
                 % {"pair": found.label, "round": seating.round}}
            )  # fmt: skip
    _refuse_played(section, found, movement, seatings)
    written = _write_awards(section, movement, found, pair_id, seatings, marks, user)
    if written:
        section_changed(section.pk)
    section_change(
        section,
        SectionChange.Action.ABSENT,
        user,
        pair=found.label,
        round=first,
        before=None,
        after={"first": first, "last": last, "award": name, "lines": written},
    )
    return written


def _refuse_played(
    section: Section, found: Pair, movement: Movement, seatings: list[Placed]
) -> None:
    """Refuse when the pair already has a line on a board of those rounds."""
    offset = section.first_board - 1
    numbers = {number + offset for seating, _ in seatings for number in seating.boards}
    line = (
        Result.objects.filter(board__section=section, board__number__in=numbers)
        .filter(Q(ns_pair=found) | Q(ew_pair=found))
        .select_related("board", "round")
        .order_by("board__number")
        .first()
    )
    if line is not None:
        raise StateConflict(
            {"first": _("Pair %(pair)s already has a line on board %(board)d: "
                        "delete it first, or mark it absent from a later round.")
             % {"pair": found.label, "board": line.board.number}}
        )  # fmt: skip


def _write_awards(
    section: Section,
    movement: Movement,
    found: Pair,
    pair_id: int,
    seatings: list[Placed],
    marks: tuple[str, str],
    user: AbstractBaseUser | None,
) -> int:
    """One award per board of each seating, through the one write path."""
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    rounds = {r.number: r for r in section.round_set.all()}
    tables = {t.number: t for t in section.table_set.all()}
    offset = section.first_board - 1
    present_mark, absent_mark = marks
    written = 0
    for seating, _direction in seatings:
        opponent = movement.opponent(seating, pair_id)
        if movement.absent_in(opponent, seating.round):
            continue
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        side = "NS" if ns == found else "EW"
        ns_mark, ew_mark = (
            (absent_mark, present_mark) if side == "NS" else (present_mark, absent_mark)
        )
        for number in seating.boards:
            result_adjust(
                board=boards[number + offset], ns_pair=ns, ew_pair=ew,
                ns=ns_mark, ew=ew_mark, absent=side, round=rounds[seating.round],
                table=tables[seating.table], user=user, rescore=False,
            )  # fmt: skip
            written += 1
    return written
