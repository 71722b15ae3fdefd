"""Between the database and the pure scorer: load a section's travellers as
plain data, and store what the scorer worked out.  The only place where ORM
rows become ``scoring`` inputs and ``scoring`` outputs become rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

import numpy as np
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from scoring.columns import ColumnScore, score_columns
from scoring.imp_columns import ImpColumnScore, score_imp_columns
from scoring.imp_session import (
    ImpSessionScore,
    ImpSettings,
    imp_rankings,
    score_imp_session,
)
from scoring.penalties import Penalty as PenaltyFine
from scoring.penalties import (
    penalise_imp_standings,
    penalise_standings,
    section_top,
)
from scoring.session import (
    SessionScore,
    SessionSettings,
    TravellerLine,
    score_session,
)
from tournaments.models import Board, Pair, Penalty, Result, Section
from tournaments.rescore.field_plays import field_expected
from tournaments.rescore.fields import locked_field
from tournaments.rescore.lines import (
    LINE_ORDER,
    StoredLine,
    stored_lines,
    traveller_lines,
)
from tournaments.rescore.pair_settings import ScorerSettings, event_settings
from tournaments.rescore.pairs_columns import (
    NULL_FIGURE,
    FieldColumns,
    load_columns,
)
from tournaments.rescore.pairs_store import (
    IMP_FIGURES,
    MP_FIGURES,
    store_imp_boards,
    store_imp_columns,
    store_mp_columns,
    store_mp_lines,
    store_standings,
)


@dataclass(frozen=True)
class SectionData:
    """A field's travellers as the scorer takes them, keyed by Pair id."""

    lines: list[TravellerLine]
    # The same lines as read, in the same order (``lines.StoredLine``).
    stored: list[StoredLine]
    groups: dict[int, str | None]
    expected: int | None
    # The procedural penalties in force on the field's pairs.
    penalties: list[PenaltyFine] = field(default_factory=list)
    # The lines as ``Result`` rows, read only for a report that shows them.
    results: list[Result] = field(default_factory=list)
    # The lines as arrays (``pairs_columns``), read instead of ``lines`` and
    # ``stored`` for a matchpoint rescore.
    columns: FieldColumns | None = None

    @property
    def size(self) -> int:
        """How many lines the field has."""
        return len(self.stored) if self.columns is None else len(self.columns)


@dataclass(frozen=True)
class ScoredColumns:
    """A field matchpointed as columns: each line's figures, aligned with
    the loaded ``FieldColumns``, and the rankings with the penalties taken
    off."""

    lines: ColumnScore
    rankings: dict


@dataclass(frozen=True)
class ScoredImpColumns:
    """A field scored by IMPs as columns: each line's IMPs and each board
    number's datum, aligned with the loaded ``FieldColumns``, and the
    rankings with the penalties taken off."""

    lines: ImpColumnScore
    rankings: dict


ScoredSession = SessionScore | ImpSessionScore | ScoredColumns | ScoredImpColumns


def load_section(section: Section) -> SectionData:
    """Read every traveller line of the section, in board then NS pair order."""
    return load_field([section], shown=True)


def load_field(
    sections: list[Section], *, shown: bool = False, columns: bool = False
) -> SectionData:
    """Read every traveller line of the field's sections, in board then
    section then NS pair order (``lines.LINE_ORDER``): as tuples
    (``lines.StoredLine``) for a rescore; with ``shown``, also as ``Result``
    rows with their boards and pairs, for a report that prints them; with
    ``columns``, as arrays only (``pairs_columns``), for a matchpoint
    rescore (``score_loaded`` then scores them by ``score_columns``).

    The Neuberg N of each board is ``field_plays.field_expected``'s.
    """
    if columns:
        return SectionData(
            [], [], field_groups(sections), field_expected(sections),
            field_fines(sections), columns=load_columns(sections),
        )  # fmt: skip
    lines = Result.objects.filter(board__section__in=sections)
    results: list[Result] = []
    if shown:
        results = list(
            lines.select_related("board", "ns_pair", "ew_pair").order_by(*LINE_ORDER)
        )
        stored = [StoredLine.of(result) for result in results]
    else:
        stored = stored_lines(lines)
    groups = field_groups(sections)
    expected = field_expected(sections)
    return SectionData(
        traveller_lines(stored), stored, groups, expected, field_fines(sections),
        results,
    )  # fmt: skip


def field_groups(sections: list[Section]) -> dict[int, str | None]:
    """Each pair's ranking group: its direction in a section ranking NS and
    EW apart (a Mitchell), none in a section with a single winner."""
    apart = [section.pk for section in sections if not section.single_winner]
    if not apart:
        return {}
    pairs = Pair.objects.filter(section_id__in=apart)
    return dict(pairs.values_list("pk", "direction"))


def field_fines(sections: list[Section]) -> list[PenaltyFine]:
    """The penalties in force on the field's pairs, as the pure scorer takes them."""
    return [
        PenaltyFine(pair, unit, float(amount))
        for pair, unit, amount in Penalty.objects.in_force()
        .filter(pair__section__in=sections)
        .order_by("id")
        .values_list("pair_id", "unit", "amount")
    ]


def score_loaded(data: SectionData, settings: ScorerSettings) -> ScoredSession:
    """Run the pure scorer on loaded data: by IMPs or by matchpoints (by
    ``score_columns`` when the data was loaded as columns, else by
    ``score_session``, which the reports take for its line objects).

    The penalties in force are then taken off (``scoring.penalties``): only
    those in the method's unit (MP or % of a top when matchpointed, IMPs by
    IMPs) and on a ranked pair; the section page shows the others as not
    applied.
    """
    if isinstance(settings, ImpSettings) and data.columns is not None:
        return score_imp_field_columns(data, settings)
    if isinstance(settings, ImpSettings):
        imp_scored = score_imp_session(
            data.lines, settings=settings, groups=data.groups
        )
        rankings = penalised(imp_scored.rankings, data.penalties, imps=True)
        return replace(imp_scored, rankings=rankings)
    if data.columns is not None:
        return score_field_columns(data, settings)
    scored = score_session(
        data.lines, settings=settings, groups=data.groups, expected=data.expected
    )
    rankings = penalised(
        scored.rankings, data.penalties, tops=(line.top for line in scored.lines)
    )
    return replace(scored, rankings=rankings)


def score_field_columns(data: SectionData, settings: SessionSettings) -> ScoredColumns:
    """Matchpoint a field loaded as columns, with ``score_session``'s figures
    to the last digit, and take the penalties off as ``score_loaded`` does."""
    arrays, given = _scorer_input(data)
    scored = score_columns(*arrays, settings=settings, expected=data.expected, **given)
    pairs = scored.pairs
    rankings = pairs.rankings() if pairs is not None else {}
    tops = _lazy_tops(scored.top)
    return ScoredColumns(scored, penalised(rankings, data.penalties, tops=tops))


def score_imp_field_columns(
    data: SectionData, settings: ImpSettings
) -> ScoredImpColumns:
    """Score a field loaded as columns by IMPs (Butler or cross-IMPs), with
    ``score_imp_session``'s figures to the last digit, and take the IMP
    penalties off as ``score_loaded`` does."""
    arrays, given = _scorer_input(data)
    scored = score_imp_columns(*arrays, settings=settings, **given)
    rankings = imp_rankings(scored.pairs) if scored.pairs is not None else {}
    return ScoredImpColumns(scored, penalised(rankings, data.penalties, imps=True))


def _scorer_input(data: SectionData) -> tuple[tuple[np.ndarray, ...], dict]:
    """What both columnar scorers take of a field loaded as columns: its
    board, NS, EW and score arrays, and its special lines and groups."""
    columns = data.columns
    if columns is None:
        raise ValueError("the field was not loaded as columns")
    arrays = (columns.board, columns.ns, columns.ew, columns.score)
    return arrays, {"special": columns.special, "groups": data.groups}


def _lazy_tops(tops: np.ndarray) -> Iterator[float]:
    """The lines' tops as floats, converted only when read (a pair fined)."""
    yield from tops.tolist()


def penalised(
    rankings: dict,
    penalties: list[PenaltyFine],
    *,
    imps: bool = False,
    tops: Iterable[float] = (),
) -> dict:
    """The rankings with the penalties that apply taken off and ranked again.

    ``tops`` are the section's lines' tops (a matchpoint penalty in % of a
    top is taken of the section's board top); read only when a pair is fined.
    """
    fines = _fines_for(penalties, rankings, imps=imps)
    if not fines:
        return rankings
    if imps:
        return penalise_imp_standings(rankings, fines)
    return penalise_standings(rankings, fines, section_top(tops))


def _fines_for(
    penalties: list[PenaltyFine], rankings: dict, *, imps: bool
) -> list[PenaltyFine]:
    """The penalties that apply: the method's unit, a pair that is ranked."""
    ranked = {s.pair for entries in rankings.values() for s in entries}
    return [
        p
        for p in penalties
        if p.pair in ranked and (p.unit == Penalty.Unit.IMPS) == imps
    ]


@transaction.atomic
def rescore_pairs_section(section_id: int) -> dict[str, int]:
    """Recompute the whole pairs section (its whole field, ``fields``) and
    store it: idempotent, never incremental.

    The field's sections are locked so two rescoring runs do not interleave.
    The figures of the other method (IMPs and datums for a matchpointed
    event, MP and % for an IMP one) are cleared, so a changed method leaves
    nothing stale behind.
    """
    sections = locked_field(section_id)
    settings = event_settings(sections[0].session.event)
    data = load_field(sections, columns=True)
    scored = score_loaded(data, settings)
    boards = Board.objects.filter(section__in=sections)
    if isinstance(scored, ScoredImpColumns | ImpSessionScore):
        _store_imps(boards, data, scored)
        pairs = store_standings(sections, scored.rankings, IMP_FIGURES)
    else:
        _store_mp(data, scored)
        boards.filter(datum__isnull=False).update(datum=None)
        pairs = store_standings(sections, scored.rankings, MP_FIGURES)
    Section.objects.filter(pk__in=[s.pk for s in sections]).update(
        scored=timezone.now()
    )
    return {"section": section_id, "lines": data.size, "pairs": pairs}


def _store_imps(
    boards: QuerySet[Board],
    data: SectionData,
    scored: ScoredImpColumns | ImpSessionScore,
) -> int:
    """Write the lines' IMPs and the boards' datums where they changed,
    from columns or from ``score_imp_session``'s lines."""
    if isinstance(scored, ScoredImpColumns) and data.columns is not None:
        columns = data.columns
        return store_imp_columns(
            boards, columns.pk, columns.figures, scored.lines, null=NULL_FIGURE
        )
    if isinstance(scored, ScoredImpColumns):
        raise ValueError("scored as columns, but not loaded as columns")
    return store_imp_boards(boards, data.stored, scored)


def _store_mp(data: SectionData, scored: SessionScore | ScoredColumns) -> int:
    """Write the lines' matchpoint figures where they changed, from columns
    or from ``score_session``'s lines."""
    if isinstance(scored, ScoredColumns) and data.columns is not None:
        columns = data.columns
        return store_mp_columns(
            columns.pk, columns.figures, scored.lines, null=NULL_FIGURE
        )
    if isinstance(scored, ScoredColumns):
        raise ValueError("scored as columns, but not loaded as columns")
    return store_mp_lines(data.stored, scored.lines)
