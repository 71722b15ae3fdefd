"""Sections scored afresh with other settings, nothing stored.

``manage.py score_event`` prints a session as another method or another
federation's rules would rank it: the field is read and scored here, with
the settings asked for, into the same reports the stored results give.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from scoring.imp_session import ImpSessionScore, rank_imp_standings
from scoring.session import rank_standings
from tournaments.models import Pair, Section
from tournaments.rescore.pair_settings import ScorerSettings, settings_method
from tournaments.rescore.pairs import load_field, score_loaded
from tournaments.selectors.pairs import (
    LineRow,
    SectionReport,
    standing_row,
    with_player_ids,
)


def fresh_field_reports(
    sections: Sequence[Section], settings: ScorerSettings
) -> list[SectionReport]:
    """Score the sections afresh as one field (``rescore.fields``; nothing
    is stored): each section's report holds its own lines and its pairs
    ranked among themselves, each row its place in the field too when there
    are several sections."""
    data = load_field(list(sections), shown=True)
    scored = score_loaded(data, settings)
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__in=sections)}
    with_player_ids(pairs.values())
    by_pk = {section.pk: section for section in sections}
    for pair in pairs.values():
        pair.section = by_pk[pair.section_id]
    standings = [s for entries in scored.rankings.values() for s in entries]
    field_ranks = {s.pair: s.rank for s in standings} if len(sections) > 1 else {}
    by_section: dict[int, list] = defaultdict(list)
    for standing in standings:
        by_section[pairs[standing.pair].section_id].append(standing)
    by_imps = isinstance(scored, ImpSessionScore)
    rank = rank_imp_standings if by_imps else rank_standings
    lines: dict[int, list[LineRow]] = defaultdict(list)
    for result, line in zip(data.results, scored.lines, strict=True):
        if by_imps:
            row = LineRow(result, None, None, None, None, line.ns_imps, line.ew_imps)
        else:
            row = LineRow(result, line.ns_mp, line.ew_mp, line.ns_pct, line.ew_pct)
        lines[result.board.section_id].append(row)
    method = settings_method(settings)
    reports = []
    for section in sections:
        ranked = rank(by_section[section.pk]) if len(sections) > 1 else scored.rankings
        rankings = {
            group: [
                standing_row(pairs[s.pair], s, field_ranks.get(s.pair, ""))
                for s in entries
            ]
            for group, entries in ranked.items()
        }
        datums = scored.datums if by_imps else {}
        reports.append(
            SectionReport(section, lines[section.pk], rankings, method, datums)
        )
    return reports
