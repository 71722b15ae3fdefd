"""A pairs event's ranking: one section's, or every section's pairs with
their totals added across sessions (``event_rankings``), for the results
page, the Excel workbook, USEBIO and the API.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from scoring.imp_session import ImpStanding, rank_imp_standings
from scoring.session import PairStanding, rank_standings
from tournaments.models import Pair, Section
from tournaments.selectors.pairs import SectionReport, StandingRow, standing_row


def event_rankings(
    reports: Sequence[SectionReport],
) -> dict[str | None, list[StandingRow]]:
    """The event's ranking: one section's, or every section's pairs with their
    totals added across sessions.

    Within one session, sections are separate fields: each of their pairs is
    listed once, with its own boards, and two pairs of one session are never
    one partnership (not even two alike-named couples of sections A and B).
    Across sessions a partnership is:

    - the same two players, when the pairs have players;
    - else the same names (as printed, spaces and case aside);
    - else, for pairs with neither (an imported file, a quick club night), the
      same section letter and pair number: imported multi-session files
      number pairs per section, so A3NS of both sessions is one pair while
      B3NS is another.  A label alone is never an identity.

    It keeps NS/EW rankings only if every session ranked it in the same
    direction.  By IMPs the sessions' IMPs are added; by matchpoints their MP
    and tops.
    """
    if len(reports) == 1:
        return reports[0].rankings
    totals: dict[object, list[StandingRow]] = defaultdict(list)
    sessions: dict[object, set[int]] = defaultdict(set)
    for report in reports:
        session = report.section.session_id
        for entries in report.rankings.values():
            for row in entries:
                key = _partnership(row.pair, report.section)
                if session in sessions[key]:
                    # Already there in this session: another pair, alike-named.
                    key = ("pair", row.pair.pk)
                sessions[key].add(session)
                totals[key].append(row)
    by_imps = reports[0].by_imps
    standings: list[PairStanding | ImpStanding] = []
    last: dict[object, StandingRow] = {}
    for key, rows in totals.items():
        groups = {row.group for row in rows}
        group = groups.pop() if len(groups) == 1 else None
        boards = sum(row.boards for row in rows)
        penalty = sum(row.penalty for row in rows)
        last[key] = rows[-1]
        if by_imps:
            won = sum(row.imps or 0.0 for row in rows)
            standings.append(ImpStanding(key, group, won, boards, penalty=penalty))
            continue
        standings.append(
            PairStanding(
                pair=key,
                group=group,
                mp=sum(row.mp or 0.0 for row in rows),
                top=sum(row.top or 0.0 for row in rows),
                pct=0,
                boards=boards,
                penalty=penalty,
            )
        )
    ranked = rank_imp_standings(standings) if by_imps else rank_standings(standings)
    # One session: each pair's place in its own section's ranking goes along.
    one_session = len({report.section.session_id for report in reports}) == 1
    return {
        group: [
            standing_row(
                last[s.pair].pair,
                s,
                section_rank=last[s.pair].rank if one_session else "",
            )
            for s in entries
        ]
        for group, entries in ranked.items()
    }


def _partnership(pair: Pair, section: Section) -> object:
    """Who a pair is across sessions (see ``event_rankings``)."""
    players = getattr(pair, "player_ids", None)
    if players is None:
        players = frozenset(player.pk for player in pair.players.all())
    if players:
        return ("players", players)
    names = " ".join(pair.names.split()).casefold()
    if names:
        return ("names", names)
    return ("place", section.letter, pair.label)


def lettered(reports: Sequence[SectionReport]) -> bool:
    """Some session has several sections: a pair is named with its section's
    letter ("A3NS"), since its number alone is not unique in the ranking."""
    sessions = [report.section.session_id for report in reports]
    return len(set(sessions)) < len(sessions)
