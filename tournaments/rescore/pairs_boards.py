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
from tournaments.models import Board, Result, Section
from tournaments.rescore.pairs import (
    IMP_FIGURES,
    MP_FIGURES,
    ScorerSettings,
    event_settings,
    penalised,
    rescore_pairs_section,
    section_fines,
    store_imp_lines,
    store_mp_lines,
    store_standings,
    traveller_lines,
)
from tournaments.rescore.store import store_changed
from tournaments.selectors.movement import section_movement

SESSION_AVERAGE_MARKS = ("A+", "A-")


@transaction.atomic
def rescore_pairs_boards(section_id: int, board_ids: Iterable[int]) -> dict[str, int]:
    """Recompute the boards ``board_ids`` of the section, then every pair's
    total and place; the whole section when a setting ties the boards
    together (module docstring)."""
    section = (
        Section.objects.select_for_update(of=("self",), no_key=True)
        .select_related("session__event")
        .get(pk=section_id)
    )
    settings = event_settings(section.session.event)
    movement = section_movement(section)
    if movement is None or _boards_tied(section, settings):
        return rescore_pairs_section(section_id)
    expected = max(movement.times_played(b) for b in movement.boards)
    asked = set(board_ids)
    results = list(
        Result.objects.filter(board__section=section, board_id__in=asked)
        .select_related("board")
        .order_by("board__number", "ns_pair__number", "id")
    )
    lines = traveller_lines(results)
    if isinstance(settings, ImpSettings):
        imp_scored = score_imp_session(lines, settings=settings)
        written = store_imp_lines(results, imp_scored.lines)
        _store_datums(section, asked, imp_scored.datums)
        pairs = store_standings(section, _imp_rankings(section), IMP_FIGURES)
    else:
        scored = score_session(lines, settings=settings, expected=expected)
        written = store_mp_lines(results, scored.lines)
        pairs = store_standings(section, _mp_rankings(section), MP_FIGURES)
    section.scored = timezone.now()
    section.save(update_fields=["scored"])
    return {
        "section": section.pk,
        "lines": len(results),
        "written": written,
        "boards": len(asked),
        "pairs": pairs,
    }


def _boards_tied(section: Section, settings: ScorerSettings) -> bool:
    """Whether one board's figures depend on the others' (module docstring)."""
    if isinstance(settings, ImpSettings):
        return settings.round_cap is not None
    if settings.average_rule is not AverageRule.SESSION:
        return False
    marks = Q(adjusted_ns__in=SESSION_AVERAGE_MARKS) | Q(
        adjusted_ew__in=SESSION_AVERAGE_MARKS
    )
    return Result.objects.filter(marks, board__section=section).exists()


def _store_datums(
    section: Section, board_ids: set[int], datums: dict[int, float]
) -> None:
    """Write the Butler datums of the rescored boards where they changed (a
    board whose last line was deleted loses its datum)."""
    boards = list(
        Board.objects.filter(section=section, pk__in=board_ids).values_list(
            "pk", "number", "datum"
        )
    )
    store_changed(
        Board,
        ["datum"],
        {pk: (datums.get(number),) for pk, number, _ in boards},
        {pk: (datum,) for pk, _, datum in boards},
    )


def _groups(section: Section) -> dict[int, str | None]:
    """Each pair's ranking group (NS / EW of a Mitchell; none for one winner)."""
    if section.single_winner:
        return {}
    return dict(section.pairs.values_list("pk", "direction"))


def _sides(section: Section, **sums: str) -> Iterator[tuple[int, dict]]:
    """Each pair's sums over its lines as NS then as EW, from the database:
    ``sums`` maps a name to its column with ``{side}`` for ``ns`` / ``ew``."""
    lines = Result.objects.filter(board__section=section)
    for side in ("ns", "ew"):
        totals = {name: Sum(column.format(side=side)) for name, column in sums.items()}
        rows = lines.values(f"{side}_pair").annotate(boards=Count("id"), **totals)
        for row in rows.order_by():
            yield row.pop(f"{side}_pair"), row


def _mp_rankings(section: Section) -> dict:
    """Every pair's MP over its tops, ranked and fined as ``score_session``
    and ``penalised`` do, from the stored line figures."""
    mp: dict[int, float] = {}
    top: dict[int, float] = {}
    boards: dict[int, int] = {}
    for pair, row in _sides(section, mp="mp_{side}", top="top"):
        mp[pair] = mp.get(pair, 0.0) + (row["mp"] or 0.0)
        top[pair] = top.get(pair, 0.0) + (row["top"] or 0.0)
        boards[pair] = boards.get(pair, 0) + row["boards"]
    groups = _groups(section)
    rankings = rank_standings(
        PairStanding(pair, groups.get(pair), mp[pair], top[pair], 0, boards[pair])
        for pair in mp
    )
    return penalised(rankings, section_fines(section), tops=_tops(section))


def _imp_rankings(section: Section) -> dict:
    """Every pair's IMPs, ranked and fined as ``score_imp_session`` and
    ``penalised`` do, from the stored line figures."""
    imps: dict[int, float] = {}
    boards: dict[int, int] = {}
    for pair, row in _sides(section, imps="imp_{side}"):
        imps[pair] = imps.get(pair, 0.0) + (row["imps"] or 0.0)
        boards[pair] = boards.get(pair, 0) + row["boards"]
    groups = _groups(section)
    rankings = rank_imp_standings(
        ImpStanding(pair, groups.get(pair), imps[pair], boards[pair]) for pair in imps
    )
    return penalised(rankings, section_fines(section), imps=True)


def _tops(section: Section) -> Iterator[float]:
    """The section's lines' tops, as many of each as lines scored on it."""
    counted = (
        Result.objects.filter(board__section=section, top__isnull=False)
        .values("top")
        .annotate(lines=Count("id"))
        .order_by()
    )
    for row in counted:
        yield from repeat(row["top"], row["lines"])
