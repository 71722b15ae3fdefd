"""Between the database and the pure scorer: load a section's travellers as
plain data, and store what the scorer worked out.  The only place where ORM
rows become ``scoring`` inputs and ``scoring`` outputs become rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from scoring.board import ArtificialScore
from scoring.session import SessionScore, SessionSettings, TravellerLine, score_session
from tournaments.models import PairScore, Result, Section
from tournaments.services.events import section_movement


@dataclass(frozen=True)
class SectionData:
    """A section's travellers as the scorer takes them, keyed by Pair id."""

    lines: list[TravellerLine]
    results: list[Result]
    groups: dict[int, str | None]
    expected: int | None


def artificial(result: Result) -> ArtificialScore:
    """The scorer's form of a stored artificial adjusted score."""

    def mark(text: str) -> str | float:
        return text if text.startswith("A") else float(text)

    return ArtificialScore(mark(result.adjusted_ns), mark(result.adjusted_ew))


def load_section(section: Section) -> SectionData:
    """Read every traveller line of the section, in board then NS pair order."""
    results = list(
        Result.objects.filter(board__section=section)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number", "id")
    )
    lines = [
        TravellerLine(
            board=r.board.number,
            ns=r.ns_pair_id,
            ew=r.ew_pair_id,
            result=artificial(r) if r.is_adjusted else r.score_ns,
        )
        for r in results
    ]
    groups: dict[int, str | None] = {}
    if not section.single_winner:
        groups = {pair.pk: pair.direction for pair in section.pairs.all()}
    movement = section_movement(section)
    expected = None
    if movement is not None:
        expected = max(movement.times_played(b) for b in movement.boards)
    return SectionData(lines, results, groups, expected)


def score_loaded(data: SectionData, settings: SessionSettings) -> SessionScore:
    """Run the pure scorer on loaded data."""
    return score_session(
        data.lines, settings=settings, groups=data.groups, expected=data.expected
    )


@transaction.atomic
def rescore_section(section_id: int) -> dict[str, int]:
    """Recompute the whole section and store it: idempotent, never incremental.

    The section row is locked so two rescoring runs do not interleave.
    """
    section = (
        Section.objects.select_for_update()
        .select_related("session__event")
        .get(pk=section_id)
    )
    data = load_section(section)
    scored = score_loaded(data, section.session.event.scoring_settings())
    for result, line in zip(data.results, scored.lines, strict=True):
        result.mp_ns, result.mp_ew = line.ns_mp, line.ew_mp
        result.pct_ns, result.pct_ew = line.ns_pct, line.ew_pct
        result.top = line.top
    Result.objects.bulk_update(
        data.results, ["mp_ns", "mp_ew", "pct_ns", "pct_ew", "top"], batch_size=500
    )
    standings = [s for ranking in scored.rankings.values() for s in ranking]
    PairScore.objects.filter(pair__section=section).delete()
    PairScore.objects.bulk_create(
        PairScore(
            pair_id=s.pair,
            mp=s.mp,
            top=s.top,
            pct=s.pct,
            boards=s.boards,
            rank=s.rank,
            ranking=s.group or "",
        )
        for s in standings
    )
    section.scored = timezone.now()
    section.save(update_fields=["scored"])
    return {"section": section.pk, "lines": len(data.results), "pairs": len(standings)}
