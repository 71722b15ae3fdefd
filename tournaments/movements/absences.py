"""A running section's absent pairs: a late pair before it came, a pair after
it withdrew.

The movement itself does not change: the pair keeps its seat and its
opponents sit out there, as they do against the phantom.  An absence only
marks the pair's seatings of some rounds as sit-outs, drops the board shares
that no longer happen (a sit-out table passes no boards), and adds a note
for the director.  A withdrawal scored with averages (``averages``) leaves
the seats as they are: the boards there get artificial scores instead.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .model import Movement, Note, gettext_noop, playing_share

LATE = "late"
WITHDRAWN = "withdrawn"
REASONS = (LATE, WITHDRAWN)


@dataclass(frozen=True)
class Absence:
    """A real pair (by label) not at its seat in rounds ``first`` to ``last``."""

    pair: str
    first: int
    last: int
    reason: str
    averages: bool = False

    def note(self) -> Note:
        """The director's note on the movement sheet."""
        if self.reason == LATE:
            return Note(
                gettext_noop(
                    "%(pair)s came late: it plays from round %(round)s, its "
                    "opponents sit out before"
                ),
                pair=self.pair,
                round=self.last + 1,
            )
        if self.averages:
            return Note(
                gettext_noop(
                    "%(pair)s withdrew: from round %(round)s its opponents score "
                    "Average-plus, the pair Average-minus"
                ),
                pair=self.pair,
                round=self.first,
            )
        return Note(
            gettext_noop(
                "%(pair)s withdrew: its opponents sit out from round %(round)s"
            ),
            pair=self.pair,
            round=self.first,
        )


def with_absences(movement: Movement, absences: Iterable[Absence]) -> Movement:
    """Return the movement with these pairs absent (ValueError naming a bad one)."""
    absences = tuple(absences)
    if not absences:
        return movement
    by_label = {pair.label: pair for pair in movement.pairs}
    absent: set[tuple[int, int]] = set(movement.absent)
    for absence in absences:
        pair = by_label.get(absence.pair)
        if pair is None or pair.phantom:
            raise ValueError(f"pair must be a real pair, got {absence.pair!r}")
        if absence.reason not in REASONS:
            raise ValueError(f"reason must be late or withdrawn: {absence.reason!r}")
        if not 1 <= absence.first <= absence.last <= movement.rounds:
            raise ValueError(
                f"rounds must be within 1 to {movement.rounds}, got "
                f"{absence.first} to {absence.last}"
            )
        if not absence.averages:
            rounds = range(absence.first, absence.last + 1)
            absent.update((pair.id, r) for r in rounds)
    changed = replace(movement, absent=frozenset(absent))
    sitting_out: dict[int, set[int]] = defaultdict(set)
    for seating in changed.seatings:
        if changed.is_sit_out(seating):
            sitting_out[seating.round].add(seating.table)
    shares = tuple(
        kept
        for share in movement.shares
        if (
            kept := playing_share(
                share.round, share.board_set, share.tables, sitting_out[share.round]
            )
        )
    )
    notes = movement.notes + tuple(absence.note() for absence in absences)
    return replace(changed, shares=shares, notes=notes)
