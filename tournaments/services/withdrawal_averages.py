"""A withdrawal scored with averages (EBU White Book 2.4.5, after half-way):
the boards the withdrawn pair would have played get artificial adjusted
scores through the one write path, so that travellers, scorecards, exports
and the audit trail show them like any director's adjustment."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Pair, Section
from tournaments.movements import Movement
from tournaments.services.rescoring import section_changed
from tournaments.services.results import result_adjust


def withdrawal_averages(
    section: Section,
    movement: Movement,
    withdrawn: Pair,
    round: int,
    user: AbstractBaseUser | None,
) -> int:
    """Average-minus for the withdrawn pair and Average-plus for its
    opponents on every board it would have played from ``round``; a seat
    facing the phantom or another absent pair stays a sit-out.  Returns how
    many lines were written."""
    pair_id = next(p.id for p in movement.pairs if p.label == withdrawn.label)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    rounds = {r.number: r for r in section.round_set.all()}
    tables = {t.number: t for t in section.table_set.all()}
    offset = section.first_board - 1
    written = 0
    for seating, _direction in movement.seatings_of_pair(pair_id):
        opponent = movement.opponent(seating, pair_id)
        if seating.round < round or movement.absent_in(opponent, seating.round):
            continue
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        marks = ("A-", "A+") if ns == withdrawn else ("A+", "A-")
        for number in seating.boards:
            result_adjust(
                board=boards[number + offset], ns_pair=ns, ew_pair=ew,
                ns=marks[0], ew=marks[1], round=rounds[seating.round],
                table=tables[seating.table], user=user, rescore=False,
            )  # fmt: skip
            written += 1
    if written:
        section_changed(section.pk)
    return written
