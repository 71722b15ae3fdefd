"""Rescore a pairs section board by board: the cost of a result is its board's.

A new or changed line changes the figures of its board's lines only (a board
is matchpointed, Butler-datumed or cross-IMPed against its own lines), then
its pairs' totals and the ranking.  So a rescore asked for some boards loads
and scores only those boards' lines, writes only the lines whose figures
moved, and totals every pair with a few aggregate queries over the stored
figures of the whole section (summed by the database, not loaded), ranks and
fines them as the whole-section rescore does, and writes only the pair scores
that changed.  The outcome is the whole-section rescore's (a test checks it
after random writes).

Three settings tie a board's figures to the others, and the section is then
rescored whole (``rescore_pairs_section``): an imported section (no movement
to say how often a board is played, the Neuberg N), the WBF/EBU session
average for A+ / A- (Law 12C2: the pair's session percentage) when the
section has such a line, and the IMP cap on a round (a round spans boards).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import repeat

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from scoring.imp_session import (
    ImpSettings,
    ImpStanding,
    rank_imp_standings,
    score_imp_session,
)
from scoring.session import AverageRule, PairStanding, rank_standings, score_session
from tournaments.models import Board, Pair, Result, Section
from tournaments.rescore.fields import locked_field
from tournaments.rescore.lines import stored_lines, traveller_lines
from tournaments.rescore.pairs import (
    ScorerSettings,
    event_settings,
    field_expected,
    field_fines,
    field_groups,
    penalised,
    rescore_pairs_section,
)
from tournaments.rescore.pairs_store import (
    IMP_FIGURES,
    MP_FIGURES,
    store_imp_boards,
    store_mp_lines,
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
    numbers = set(
        Board.objects.filter(pk__in=list(board_ids)).values_list("number", flat=True)
    )
    boards = Board.objects.filter(section__in=sections, number__in=numbers)
    results = stored_lines(Result.objects.filter(board__in=boards))
    lines = traveller_lines(results)
    if isinstance(settings, ImpSettings):
        imp_scored = score_imp_session(lines, settings=settings)
        written = store_imp_boards(boards, results, imp_scored)
        rankings = _imp_rankings(sections)
        pairs = store_standings(sections, rankings, IMP_FIGURES)
    else:
        scored = score_session(
            lines, settings=settings, expected=expected, ranked=False
        )
        written = store_mp_lines(results, scored.lines)
        pairs = store_standings(sections, _mp_rankings(sections), MP_FIGURES)
    Section.objects.filter(pk__in=[s.pk for s in sections]).update(
        scored=timezone.now()
    )
    return {
        "section": section_id,
        "lines": len(results),
        "written": written,
        "boards": len(numbers),
        "pairs": pairs,
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


def _sides(sections: list[Section], **sums: str) -> Iterator[tuple]:
    """Each pair's line count and sums over its lines as NS then as EW, from
    the database: ``(pair, boards, *sums)``, where ``sums`` maps a name to
    its column with ``{side}`` for ``ns`` / ``ew``."""
    # Found through their pairs, not their boards: SQLite then walks each
    # pair's index entries and groups as it goes (9 ms for 26,000 lines
    # rather than 31 ms through the boards and a sort).
    pairs = Pair.objects.filter(section__in=sections).values("pk")
    for side in ("ns", "ew"):
        lines = Result.objects.filter(**{f"{side}_pair__in": pairs})
        totals = {name: Sum(column.format(side=side)) for name, column in sums.items()}
        rows = lines.values(f"{side}_pair").annotate(boards=Count("id"), **totals)
        yield from rows.order_by().values_list(f"{side}_pair", "boards", *totals)


def _mp_rankings(sections: list[Section]) -> dict:
    """Every pair's MP over its tops, ranked and fined as ``score_session``
    and ``penalised`` do, from the stored line figures."""
    mp: dict[int, float] = {}
    top: dict[int, float] = {}
    boards: dict[int, int] = {}
    for pair, played, earned, tops in _sides(sections, mp="mp_{side}", top="top"):
        mp[pair] = mp.get(pair, 0.0) + (earned or 0.0)
        top[pair] = top.get(pair, 0.0) + (tops or 0.0)
        boards[pair] = boards.get(pair, 0) + played
    groups = field_groups(sections)
    rankings = rank_standings(
        PairStanding(pair, groups.get(pair), mp[pair], top[pair], 0, boards[pair])
        for pair in mp
    )
    return penalised(rankings, field_fines(sections), tops=_tops(sections))


def _imp_rankings(sections: list[Section]) -> dict:
    """Every pair's IMPs, ranked and fined as ``score_imp_session`` and
    ``penalised`` do, from the stored line figures."""
    imps: dict[int, float] = {}
    boards: dict[int, int] = {}
    for pair, played, total in _sides(sections, imps="imp_{side}"):
        imps[pair] = imps.get(pair, 0.0) + (total or 0.0)
        boards[pair] = boards.get(pair, 0) + played
    groups = field_groups(sections)
    rankings = rank_imp_standings(
        ImpStanding(pair, groups.get(pair), imps[pair], boards[pair]) for pair in imps
    )
    return penalised(rankings, field_fines(sections), imps=True)


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
