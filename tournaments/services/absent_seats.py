"""Whether a traveller line's pairs are still at their seats when it is stored.

The write path runs this check under its lock on the section
(``entry.Entry.seated``, ``entry.section_now``), after any director's change
of the running section that came first has committed.  So a tablet's line
racing a withdrawal, a late pair or a pair marked absent is refused with a
409 saying why (``StateConflict``) when the director's change won, instead
of being stored beside it: a pair withdrawn from round 1 never holds a
played line of round 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournaments.models import Board, Pair, Result, Section
from tournaments.movements.absences import WITHDRAWN
from tournaments.selectors.movement import section_absences, section_movement
from tournaments.services.entry import StateConflict, Writer


def still_seated(
    section: Section,
    writer: Writer,
    nearby: Sequence[Result],
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    round: int | None,
    line: Result | None,
) -> None:
    """Refuse the line of ``board`` in ``round`` when one of its pairs is no
    longer there in ``section`` as stored now.

    A tablet writes no line of a pair withdrawn (averages or not) or not yet
    come in that round, nor over the director's award to a pair marked
    absent (the award is not flagged as disputed).  The director may still
    write the boards of a withdrawal scored with averages (that is how they
    are scored) and correct a line already stored.  ``nearby`` are the
    board's lines of either pair, as the write path read them with its lock.
    """
    if round is not None:
        director = not writer.is_tablet
        _refuse_absent(
            section,
            (ns_pair, ew_pair),
            round,
            averages=not director,
            sit_outs=not (director and line is not None),
        )
    if writer.is_tablet and line is None:
        _refuse_award(board, ns_pair, ew_pair, nearby)


def seat_refusal(
    section: Section, board: Board, ns_pair: Pair, ew_pair: Pair
) -> StateConflict | None:
    """Why the movement no longer seats ``ns_pair`` against ``ew_pair`` on
    ``board``, when it is that one of them withdrew (or has not come yet):
    the refusal of a line the movement would have seated before."""
    movement = section_movement(section)
    if movement is None:
        return None
    number = board.number - section.first_board + 1
    labels = (ns_pair.label, ew_pair.label)
    for seating in movement.seatings:
        if number not in seating.boards:
            continue
        if (movement.pair(seating.ns).label, movement.pair(seating.ew).label) != labels:
            continue
        try:
            _refuse_absent(section, (ns_pair, ew_pair), seating.round)
        except StateConflict as refusal:
            return StateConflict({"ns_pair": refusal.messages})
    return None


def _refuse_absent(
    section: Section,
    pairs: tuple[Pair, Pair],
    round: int,
    *,
    averages: bool = False,
    sit_outs: bool = True,
) -> None:
    """Refuse a line of ``pairs`` in ``round`` when one of them is absent
    there: a seat left empty (``sit_outs``), or scored with averages
    (``averages``: the director's own lines then)."""
    labels = {pair.label for pair in pairs}
    for absence in section_absences(section):
        if absence.pair not in labels or not absence.first <= round <= absence.last:
            continue
        if not (averages if absence.averages else sit_outs):
            continue
        if absence.reason == WITHDRAWN:
            message = _(
                "Pair %(pair)s withdrew from round %(round)d: this line cannot "
                "be entered."
            ) % {"pair": absence.pair, "round": absence.first}
        else:
            message = _(
                "Pair %(pair)s only plays from round %(round)d: this line cannot "
                "be entered."
            ) % {"pair": absence.pair, "round": absence.last + 1}
        raise StateConflict(message)


def _refuse_award(
    board: Board, ns_pair: Pair, ew_pair: Pair, nearby: Sequence[Result]
) -> None:
    """Refuse a tablet's line over the director's award to a pair marked
    absent on ``board`` (the award is stored as the pairs' line)."""
    side = next(
        (
            line.absent
            for line in nearby
            if line.board_id == board.pk
            and line.ns_pair_id == ns_pair.pk
            and line.absent
        ),
        None,
    )
    if side is not None:
        pair = ns_pair if side == "NS" else ew_pair
        raise StateConflict(
            _(
                "Pair %(pair)s is marked absent on board %(board)d: the director "
                "scored it, this line cannot be entered."
            )
            % {"pair": pair.label, "board": board.number}
        )
