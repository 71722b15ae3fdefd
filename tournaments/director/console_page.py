"""The director's live console page: the current round at a glance, the
tables x rounds grid with each tablet's last contact, the disputes side by
side, the round clock and the live repairs a click away.

``?partial=1`` gives the live block alone (``static/live.js`` swaps it in
when the push says the section changed); the round clock's panel, outside
it, fetches its own.
"""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import Template
from django.utils import timezone

from tournaments.director.clock import console_clock
from tournaments.director.console import LEGEND, console_grid
from tournaments.director.console_disputes import dispute_sides
from tournaments.director.console_room import (
    attach_tablets,
    round_summary,
    tablets_seen,
)
from tournaments.director.line_checks import unusual_lines
from tournaments.selectors.lookups import section_with_event
from tournaments.selectors.round_clock import section_clock_state
from tournaments.services.clock_tables import late_tables
from tournaments.services.closing import open_disputes
from tournaments.services.pairs import missing_players_text, pairs_missing_a_player
from tournaments.services.sign_in_locks import section_locks


@staff_member_required
def console(request: HttpRequest, pk: int) -> HttpResponse:
    """The live console of a section; ``?partial=1`` gives its live block."""
    section = section_with_event(pk)
    grid = console_grid(section)
    attach_tablets(grid, tablets_seen(section))
    clock = section_clock_state(section, timezone.now())
    disputes = open_disputes(section)
    context = {
        "section": section,
        "grid": grid,
        "rounds": range(1, section.rounds + 1),
        "legend": LEGEND,
        "summary": round_summary(grid, clock, late_tables(section, clock))
        if grid
        else None,
        "now": timezone.now(),
        "sign_in_locks": section_locks(section),
        "missing_players": missing_players_text(pairs_missing_a_player(section)),
        "disputes": disputes,
        "dispute_sides": dispute_sides(section, disputes),
        "unusual": unusual_lines(section),
    }
    # ``?partial=1`` lays the page out as its grid block and nothing else.
    partial = Template("{% block grid %}{% endblock %}")
    if request.GET.get("partial"):
        context["layout"] = partial
    else:
        context.update({"layout": "base.html", **console_clock(section)})
    return render(request, "director/console.html", context)
