"""Rescore a pairs section board by board: the cost of a result is its board's.

A new or changed line changes the figures of its board's lines only (a board
is matchpointed, Butler-datumed or cross-IMPed against its own lines), then
its pairs' totals and the ranking.  So a rescore asked for some boards loads
and scores only those boards' lines, writes only the lines whose figures
moved, and moves the stored totals of the pairs whose lines moved by the
difference (``pair_totals``: summed again from their lines where that would
not be the whole rescore's float to the last bit), ranks and fines every
pair as the whole-section rescore does, and writes only the pair scores that
changed.  The outcome is the whole-section rescore's (a test checks it after
random writes).

Three settings tie a board's figures to the others, and the section is then
rescored whole (``rescore_pairs_section``): an imported section (no movement
to say how often a board is played, the Neuberg N), the WBF/EBU session
average for A+ / A- (Law 12C2: the pair's session percentage) when the
section has such a line, and the IMP cap on a round (a round spans boards).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import repeat

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from scoring.imp_session import (
    ImpSettings,
    ImpStanding,
    rank_imp_standings,
    score_imp_session,
)
from scoring.penalties import Penalty as PenaltyFine
from scoring.session import AverageRule, PairStanding, rank_standings, score_session
from tournaments.models import Board, Penalty, Result, Section
from tournaments.rescore.field_places import standing_rows
from tournaments.rescore.field_plays import field_expected
from tournaments.rescore.fields import locked_field
from tournaments.rescore.lines import stored_lines, traveller_lines
from tournaments.rescore.pair_settings import ScorerSettings, event_settings
from tournaments.rescore.pair_totals import (
    FieldPair,
    Total,
    field_pairs,
    field_totals,
)
from tournaments.rescore.pairs import field_fines, penalised, rescore_pairs_section
from tournaments.rescore.pairs_store import (
    IMP_FIGURES,
    MP_FIGURES,
    store_imp_boards,
    store_mp_lines,
    store_standing_rows,
    store_standings,
)

SESSION_AVERAGE_MARKS = ("A+", "A-")


@transaction.atomic
def rescore_pairs_boards(
    section_id: int,
    board_ids: Iterable[int],
    sections: list[Section] | None = None,
) -> dict[str, int]:
    """Recompute the boards ``board_ids`` of the section (those numbers in
    every section of its field), then every pair's total and places; the
    whole field when a setting ties the boards together (module docstring).
    ``sections``: the field, when the caller has locked it already."""
    if sections is None:
        sections = locked_field(section_id)
    settings = event_settings(sections[0].session.event)
    expected = field_expected(sections)
    if expected is None or _boards_tied(sections, settings):
        return rescore_pairs_section(section_id)
    asked = list(
        Board.objects.filter(pk__in=list(board_ids)).values_list("number", "section_id")
    )
    numbers = {number for number, _ in asked}
    boards = Board.objects.filter(section__in=sections, number__in=numbers)
    results = stored_lines(Result.objects.filter(board__in=boards))
    lines = traveller_lines(results)
    pairs = field_pairs(sections)
    fines = field_fines(sections)
    changes = {
        "written": {section for _, section in asked},
        "fined": {fine.pair for fine in fines},
    }
    if isinstance(settings, ImpSettings):
        imp_scored = score_imp_session(lines, settings=settings)
        written = store_imp_boards(boards, results, imp_scored)
        new = [(*(None,) * 5, s.ns_imps, s.ew_imps) for s in imp_scored.lines]
        totals = field_totals(pairs, results, new, imps=True, **changes)
        ranked = _store_ranked(sections, pairs, totals, fines, imps=True)
    else:
        scored = score_session(
            lines, settings=settings, expected=expected, ranked=False
        )
        written = store_mp_lines(results, scored.lines)
        new = [
            (s.ns_mp, s.ew_mp, s.ns_pct, s.ew_pct, s.top, None, None)
            for s in scored.lines
        ]
        totals = field_totals(pairs, results, new, imps=False, **changes)
        ranked = _store_ranked(sections, pairs, totals, fines, imps=False)
    Section.objects.filter(pk__in=[s.pk for s in sections]).update(
        scored=timezone.now()
    )
    return {
        "section": section_id,
        "lines": len(results),
        "written": written,
        "boards": len(numbers),
        "pairs": ranked,
    }


def _boards_tied(sections: list[Section], settings: ScorerSettings) -> bool:
    """Whether one board's figures depend on the others' (module docstring)."""
    if isinstance(settings, ImpSettings):
        return settings.round_cap is not None
    if settings.average_rule is not AverageRule.SESSION:
        return False
    marks = Q(adjusted_ns__in=SESSION_AVERAGE_MARKS) | Q(
        adjusted_ew__in=SESSION_AVERAGE_MARKS
    )
    return Result.objects.filter(marks, board__section__in=sections).exists()


def _store_ranked(
    sections: list[Section],
    pairs: Mapping[int, FieldPair],
    totals: Mapping[int, Total],
    fines: list[PenaltyFine],
    *,
    imps: bool,
) -> int:
    """Rank the pairs' totals and store their scores; the number ranked.
    With no fine to take off, the rows are ranked with numpy
    (``field_places``); else as ``score_session`` / ``score_imp_session``
    and ``penalised`` rank them."""
    groups = _groups(sections, pairs)
    if not any((fine.unit == Penalty.Unit.IMPS) == imps for fine in fines):
        rows = standing_rows(
            pairs, totals, groups, imps=imps, several=len(sections) > 1
        )
        store_standing_rows(sections, rows, pairs)
        return len(rows)
    if imps:
        rankings = _imp_rankings(groups, totals, fines)
        return store_standings(sections, rankings, IMP_FIGURES, pairs)
    rankings = _mp_rankings(sections, groups, totals, fines)
    return store_standings(sections, rankings, MP_FIGURES, pairs)


def _groups(sections: list[Section], pairs: Mapping[int, FieldPair]) -> dict[int, str]:
    """Each pair's ranking group, as ``field_groups`` has them."""
    apart = {section.pk for section in sections if not section.single_winner}
    return {pk: pair.direction for pk, pair in pairs.items() if pair.section in apart}


def _mp_rankings(
    sections: list[Section],
    groups: Mapping[int, str],
    totals: Mapping[int, Total],
    fines: list[PenaltyFine],
) -> dict:
    """Every pair's MP over its tops, ranked and fined as ``score_session``
    and ``penalised`` do."""
    rankings = rank_standings(
        PairStanding(pair, groups.get(pair), *total.figures, 0, total.boards)
        for pair, total in totals.items()
    )
    return penalised(rankings, fines, tops=_tops(sections))


def _imp_rankings(
    groups: Mapping[int, str],
    totals: Mapping[int, Total],
    fines: list[PenaltyFine],
) -> dict:
    """Every pair's IMPs, ranked and fined as ``score_imp_session`` and
    ``penalised`` do."""
    rankings = rank_imp_standings(
        ImpStanding(pair, groups.get(pair), *total.figures, total.boards)
        for pair, total in totals.items()
    )
    return penalised(rankings, fines, imps=True)


def _tops(sections: list[Section]) -> Iterator[float]:
    """The field's lines' tops, as many of each as lines scored on it."""
    counted = (
        Result.objects.filter(board__section__in=sections, top__isnull=False)
        .values("top")
        .annotate(lines=Count("id"))
        .order_by()
    )
    for row in counted:
        yield from repeat(row["top"], row["lines"])
