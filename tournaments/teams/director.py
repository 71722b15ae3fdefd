"""The director's teams pages: create a teams event, follow its rounds live.

The round page shows each match's running IMPs: the director sees them
while the match is on, the players (terminal, public pages of a live
event aside) do not.
"""

from __future__ import annotations

from itertools import groupby

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import director_event_page
from tournaments.models import Event, TeamCompetition
from tournaments.services.analysis import analysis_progress
from tournaments.teams.director_forms import TeamsEventForm
from tournaments.teams.rescore import match_carry_over_set
from tournaments.teams.rounds import next_round_create
from tournaments.teams.selectors import standings_rows
from tournaments.teams.selectors_matches import (
    director_event_matches,
    event_by_id,
    match_with_session,
)
from tournaments.teams.services import teams_event_create

# Create a teams event: its settings, its teams, and round 1 laid out.
teams_event_new = event_new_view(
    TeamsEventForm, teams_event_create, "teams/director_event_new.html"
)


def teams_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A teams event for its director: each round's matches with running IMPs."""
    matches = director_event_matches(event)
    rounds = [
        (key, list(group))
        for key, group in groupby(matches, key=lambda m: (m.stage, m.segment))
    ]
    return director_event_page(
        request,
        "teams/director_event.html",
        event,
        competition=event.competition,
        knockout=event.competition.format == TeamCompetition.Format.KNOCKOUT,
        rounds=rounds,
        standings=standings_rows(event),
        analysis=analysis_progress(event),
    )


@staff_member_required
@require_POST
def match_carry_over(request: HttpRequest, pk: int) -> HttpResponse:
    """Set a knockout match's carry-over (IMPs to the home team; negative: away)."""
    match = match_with_session(pk)
    try:
        carry_over = float(request.POST.get("carry_over", ""))
    except ValueError:
        messages.error(request, _("carry_over: give a number of IMPs."))
        return redirect("director:event", match.session.event_id)
    match_carry_over_set(match, carry_over)
    messages.success(request, _("Carry-over saved."))
    return redirect("director:event", match.session.event_id)


@staff_member_required
@require_POST
def next_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Lay out the next round now if one is due (the task does it by itself)."""
    event = event_by_id(pk)
    if next_round_create(event.pk) is None:
        messages.error(
            request,
            _("No round is due: this round is not complete, or it was the last."),
        )
    else:
        messages.success(request, _("The next round is laid out."))
    return redirect("director:event", event.pk)
