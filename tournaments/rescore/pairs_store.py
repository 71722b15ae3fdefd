"""Store what the pairs scorer worked out: each line's figures, each board's
datum, each pair's total and places; only the rows whose values changed
(``store.store_changed``).

A field of several sections (scored across the field, ``fields``) is ranked
as one, and each section's pairs are then ranked again among themselves: a
pair's ``rank`` is its place in its section, its ``field_rank`` its place in
the field (blank for a section scored alone).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np
from django.db.models import QuerySet

from scoring.columns import ColumnScore
from scoring.imp_columns import ImpColumnScore
from scoring.imp_session import ImpScoredLine, ImpSessionScore, ImpStanding
from scoring.ranking import rank
from scoring.session import ScoredTravellerLine, session_percentage
from tournaments.models import Board, Pair, PairScore, Result, Section
from tournaments.rescore.store import store_changed, store_changed_columns

LINE_FIELDS = ["mp_ns", "mp_ew", "pct_ns", "pct_ew", "top", "imp_ns", "imp_ew"]
MP_FIGURES = ("mp", "top", "pct")
IMP_FIGURES = ("imps",)
STANDING_FIGURES = ("mp", "top", "pct", "imps")


class Line(Protocol):
    """A stored line as the store needs it (``lines.StoredLine``)."""

    pk: int
    figures: tuple


STANDING_FIELDS = [
    *STANDING_FIGURES,
    *("penalty", "boards", "rank", "ranking", "field_rank"),
]


class StoredPair(Protocol):
    """A pair of the field as read already (``pair_totals.FieldPair``): its
    section, its ``PairScore`` id (None if it has none) and that row's
    ``STANDING_FIELDS``."""

    section: int
    score: int | None
    stored: tuple


def store_mp_lines(stored: Sequence[Line], lines: list[ScoredTravellerLine]) -> int:
    """Write the lines' MP, % and top (IMPs blank) where they changed."""
    new = {
        line.pk: (
            *(scored.ns_mp, scored.ew_mp, scored.ns_pct, scored.ew_pct, scored.top),
            *(None, None),
        )
        for line, scored in zip(stored, lines, strict=True)
    }
    return store_changed(Result, LINE_FIELDS, new, _old(stored))


def store_mp_columns(
    keys: np.ndarray, stored: np.ndarray, scored: ColumnScore, *, null: float
) -> int:
    """``store_mp_lines`` for a field scored as columns: write the lines'
    MP, % and top (IMPs blank) where they changed.  ``keys`` are the lines'
    primary keys, ``stored`` their ``LINE_FIELDS`` as read (one row a field,
    ``null`` for NULL), aligned with ``scored``."""
    new = mp_columns(scored, null=null)
    return store_changed_columns(Result, LINE_FIELDS, keys, new, stored, null=null)


def mp_columns(scored: ColumnScore, *, null: float) -> np.ndarray:
    """The lines' ``LINE_FIELDS`` as a matchpoint scoring leaves them: MP,
    % and top, IMPs blank (``null``); one row a field."""
    blank = np.full(len(scored.top), null)
    mp = (scored.ns_mp, scored.ew_mp, scored.ns_pct, scored.ew_pct, scored.top)
    return np.vstack((*mp, blank, blank))


def store_imp_columns(
    boards: QuerySet[Board],
    keys: np.ndarray,
    stored: np.ndarray,
    scored: ImpColumnScore,
    *,
    null: float,
) -> int:
    """``store_imp_boards`` for a field scored as columns: write the lines'
    IMPs (MP, % and top blank) and each board's datum where they changed.
    ``keys`` and ``stored`` as ``store_mp_columns`` takes them.  The number
    of lines written."""
    lines = scored.lines
    blank = np.full(len(lines.ns_imps), null)
    new = np.vstack((*(blank,) * 5, lines.ns_imps, lines.ew_imps))
    written = store_changed_columns(Result, LINE_FIELDS, keys, new, stored, null=null)
    _store_datums(boards, lines.datums)
    return written


def store_imp_boards(
    boards: QuerySet[Board], stored: Sequence[Line], scored: ImpSessionScore
) -> int:
    """Write what an IMP scoring of ``boards`` worked out: the lines' IMPs
    and each board's datum, where they changed (the whole section and the
    board-by-board rescore store the same).  The number of lines written."""
    written = _store_imp_lines(stored, scored.lines)
    _store_datums(boards, scored.datums)
    return written


def _store_imp_lines(stored: Sequence[Line], lines: list[ImpScoredLine]) -> int:
    """Write the lines' IMPs (MP, % and top blank) where they changed."""
    new = {
        line.pk: (*(None,) * 5, scored.ns_imps, scored.ew_imps)
        for line, scored in zip(stored, lines, strict=True)
    }
    return store_changed(Result, LINE_FIELDS, new, _old(stored))


def _old(stored: Sequence[Line]) -> dict[int, tuple]:
    """Each line's figures as stored last, in ``LINE_FIELDS`` order."""
    return {line.pk: line.figures for line in stored}


def _store_datums(boards: QuerySet[Board], datums: Mapping[int, float]) -> int:
    """Give each of ``boards`` the datum of its number (none if it has none)."""
    rows = list(boards.values_list("pk", "number", "datum"))
    return store_changed(
        Board,
        ["datum"],
        {pk: (datums.get(number),) for pk, number, _ in rows},
        {pk: (datum,) for pk, _, datum in rows},
    )


def store_standings(
    sections: list[Section],
    rankings: dict,
    figures: tuple[str, ...],
    pairs: Mapping[int, StoredPair] | None = None,
) -> int:
    """Make the field's pair scores the rankings': their ``figures`` (MP, top
    and % or IMPs, the others blank), penalty, boards, places and ranking.
    Only the rows that changed are written; the pairs no longer ranked lose
    theirs, the newly ranked gain one.  The number of pairs ranked.
    ``pairs``: every pair of the field with its stored score, when the caller
    has read them (else they are read here)."""
    standings = [s for ranking in rankings.values() for s in ranking]
    places = {s.pair: s.rank for s in standings}
    field_ranks: dict[int, str] = {}
    if len(sections) > 1:
        field_ranks = places
        section_of = None
        if pairs is not None:
            section_of = {pk: pair.section for pk, pair in pairs.items()}
        places = _section_places(sections, standings, figures, section_of)
    new = {
        s.pair: (
            *(
                getattr(s, name) if name in figures else None
                for name in STANDING_FIGURES
            ),
            *(s.penalty, s.boards, places[s.pair], s.group or ""),
            field_ranks.get(s.pair, ""),
        )
        for s in standings
    }
    store_standing_rows(sections, new, pairs)
    return len(standings)


def store_standing_rows(
    sections: list[Section],
    new: Mapping[int, tuple],
    pairs: Mapping[int, StoredPair] | None = None,
) -> None:
    """Make the field's pair scores ``new`` (each ranked pair's values in
    ``STANDING_FIELDS`` order): the rows that changed are written, the pairs
    not in ``new`` lose theirs, the others gain one.  ``pairs`` as for
    ``store_standings``."""
    ids, old = _stored_scores(sections, pairs)
    gone = [pk for pair, pk in ids.items() if pair not in new]
    if gone:
        PairScore.objects.filter(pk__in=gone).delete()
    store_changed(
        PairScore,
        STANDING_FIELDS,
        {ids[pair]: values for pair, values in new.items() if pair in ids},
        old,
    )
    PairScore.objects.bulk_create(
        PairScore(pair_id=pair, **dict(zip(STANDING_FIELDS, values, strict=True)))
        for pair, values in new.items()
        if pair not in ids
    )


def _stored_scores(
    sections: list[Section], pairs: Mapping[int, StoredPair] | None
) -> tuple[dict[int, int], dict[int, tuple]]:
    """The field's stored pair scores: each pair's ``PairScore`` id, and
    each id's ``STANDING_FIELDS``; from ``pairs`` when read already."""
    ids: dict[int, int] = {}
    old: dict[int, tuple] = {}
    if pairs is not None:
        for pk, pair in pairs.items():
            if pair.score is not None:
                ids[pk] = pair.score
                old[pair.score] = pair.stored
        return ids, old
    stored = PairScore.objects.filter(pair__section__in=sections)
    for pk, pair, *values in stored.values_list("pk", "pair_id", *STANDING_FIELDS):
        ids[pair] = pk
        old[pk] = tuple(values)
    return ids, old


def _section_places(
    sections: list[Section],
    standings: list,
    figures: tuple[str, ...],
    section_of: Mapping[int, int] | None = None,
) -> dict[int, str]:
    """Each pair's place among its own section's pairs of its group, ranked
    as ``rank_standings`` / ``rank_imp_standings`` rank the field (by
    percentage or by IMPs): only the places, so the field's standings are
    not built a second time (a field of 2,000 pairs per result)."""
    if section_of is None:
        section_of = dict(
            Pair.objects.filter(section__in=sections).values_list("pk", "section_id")
        )
    subsets: dict[tuple, list] = defaultdict(list)
    for standing in standings:
        subsets[section_of[standing.pair], standing.group].append(standing)
    key = _imps if figures == IMP_FIGURES else session_percentage
    places: dict[int, str] = {}
    for subset in subsets.values():
        for standing, place in zip(subset, rank([key(s) for s in subset]), strict=True):
            places[standing.pair] = place
    return places


def _imps(standing: ImpStanding) -> float:
    """The total ``rank_imp_standings`` ranks a pair by."""
    return standing.imps
