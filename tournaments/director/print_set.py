"""A section's print set: every board's traveller and every pair's scorecard.

One A4 document the director prints from the browser after the session (a
page per traveller and per scorecard, the ranking first), for the notice
board and the players' pigeonholes.  It is director-only: it shows every
traveller whatever the event's publication settings.  The whole set is read
from the scores the scorer stored (``reports.stored_report``) in a handful
of queries, however large the section.
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Section
from tournaments.registry import card_game
from tournaments.selectors.director_sections import (
    boards_in_order,
    pairs_ranked_section,
    section_pairs_all,
)
from tournaments.selectors.pairs import any_penalty, stored_report
from tournaments.selectors.scorecards import (
    pairs_in_order,
    scorecard_rows,
    standings_by_pair,
)


def print_set_context(section: Section) -> dict[str, Any]:
    """The section's ranking, travellers (every board, played or not) and
    scorecards (every pair, NS before EW), ready for ``print_set.html``."""
    report = stored_report(section)
    played = dict(report.boards())
    travellers = [
        {"board": board, "lines": played.get(board.number, [])}
        for board in boards_in_order(section)
    ]
    standings = standings_by_pair(report)
    pairs = pairs_in_order(section_pairs_all(section))
    scorecards = [
        {
            "pair": pair,
            "rows": scorecard_rows(report, pair),
            "standing": standings.get(pair.pk),
        }
        for pair in pairs
    ]
    return {
        "section": section,
        "event": section.session.event,
        "rankings": report.rankings,
        "penalised": any_penalty(report.rankings),
        "travellers": travellers,
        "scorecards": scorecards,
        "by_imps": report.by_imps,
        # The card game names its traveller's parts (``CardGame``).
        "card_game": card_game(section.session.event),
        "datums": report.datums if report.butler else {},
    }


@staff_member_required
def print_set(request: HttpRequest, pk: int) -> HttpResponse:
    """The print set of a pairs section (404 for teams and individual games)."""
    section = pairs_ranked_section(pk)
    return render(request, "director/print_set.html", print_set_context(section))
