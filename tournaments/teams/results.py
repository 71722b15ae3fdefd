"""Public results of a teams event: standings, rounds, cross-table, bracket, matches.

Thin views over ``tournaments.teams.rescore``: what they show is what the scorer
stored on ``Match`` and ``TeamScore`` rows.
"""

from __future__ import annotations

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event, Match, TeamCompetition
from tournaments.results.views import live_page
from tournaments.services.analysis import analysis_progress
from tournaments.services.privacy import request_viewer
from tournaments.teams.privacy import visible_match_rows
from tournaments.teams.selectors import (
    knockout_ties,
    match_sheet,
    round_robin_cross_table,
    standings_rows,
)
from tournaments.teams.selectors_matches import (
    event_match,
    match_section,
    results_event_matches,
)


def teams_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The teams event page: standings (or the bracket), then every round."""
    competition = event.competition
    knockout = competition.format == TeamCompetition.Format.KNOCKOUT
    matches = results_event_matches(event)
    rounds = [
        (stage, segment, list(group))
        for (stage, segment), group in groupby(
            matches, key=lambda match: (match.stage, match.segment)
        )
    ]
    stages = sorted({match.stage for match in matches})
    standings = [] if knockout else standings_rows(event)
    context = {
        "event": event,
        "competition": competition,
        "knockout": knockout,
        "by_points": competition.scoring != TeamCompetition.Scoring.IMPS,
        "standings": standings,
        "byes_credited": any(row.bye_points is not None for row in standings),
        "cross": (
            round_robin_cross_table(event) if competition.laid_out_at_start else None
        ),
        "ties": [(stage, knockout_ties(event, stage)) for stage in stages]
        if knockout
        else [],
        "rounds": rounds,
        "live": live,
        "analysis": analysis_progress(event),
    }
    return render(request, "teams/results.html", context)


def match_results(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """A teams match's sheet, board by board (``results:match``)."""
    match = event_match(pk, match_pk)
    return live_page(
        request, match.session.event, lambda live: match_page(request, match, live)
    )


def match_page(
    request: HttpRequest, match: Match, live: dict[str, object]
) -> HttpResponse:
    """One match board by board: both rooms and the IMPs (or BAM points)."""
    rows = match_sheet(match)
    section = match_section(match)
    if section is not None:
        rows = visible_match_rows(section, rows, request_viewer(request))
    context = {
        "event": match.session.event,
        "match": match,
        "rows": rows,
        "bam": match.session.event.competition.scoring == TeamCompetition.Scoring.BAM,
        "live": live,
    }
    return render(request, "results/match.html", context)
