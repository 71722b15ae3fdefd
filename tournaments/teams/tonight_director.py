""" "Tonight" for teams: step 2 (the format and the teams) and step 3.

``director.tonight`` reads step 1 (the club, "teams" and how many) and hands
a valid count to the teams game (``TeamsGame.tonight_names``):

2. ``teams_tonight_names`` proposes the format for a 2 to 2½ hour evening
   (``movements.evening_teams``), the others as links, and takes each
   team's name and players, the club's players suggested as they are typed
   (``tonight_players``, read by ``static/tonight.js``, as for pairs); its
   POST creates the event through ``teams_event_create``
   (``services.tonight_teams``): today, the club's, IMPs converted to VPs;
3. ``tonight_teams_ready`` says the night is open and prints the first
   round's table cards, whose codes are the event's (one sign-in for the
   whole event, ``services.event_tables``).
"""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.director.form_errors import form_write
from tournaments.director.tonight import chosen_plan_page
from tournaments.director.tonight_forms import CountForm
from tournaments.director.tonight_names_step import names_form, names_step_page
from tournaments.director.tonight_words import teams_plan_words
from tournaments.models import Event, Section
from tournaments.movements.evening_teams import TeamsPlan, stored_plan, teams_plans
from tournaments.teams.tonight import tonight_teams_create
from tournaments.teams.tonight_forms import TeamsNamesForm


def teams_tonight_names(request: HttpRequest, count: CountForm) -> HttpResponse:
    """Step 2 of a teams night for step 1's valid ``count``: the format asked
    for (the first proposal by default); one not proposed is step 1 again, a
    400 saying so."""
    return chosen_plan_page(
        request,
        count,
        "format",
        teams_plans(count.cleaned_data["teams"]),
        _("format: choose one of the formats proposed."),
        teams_names_page,
    )


def teams_names_page(
    request: HttpRequest, count: CountForm, plans: list[TeamsPlan], chosen: int
) -> HttpResponse:
    """Step 2 of a teams night: the format ``chosen`` among ``plans`` and a
    row a team; a valid POST creates the night and goes to step 3."""
    form = names_form(request, count, TeamsNamesForm, "format", plans, chosen)
    event = form.is_bound and form_write(
        form,
        lambda cleaned: tonight_teams_create(
            club=cleaned["club"],
            plan=form.chosen,
            teams=form.teams(),
            date=timezone.localdate(),
            user=request.user,
        ),
    )
    if event:
        return redirect("director:tonight-teams-ready", event.pk)
    others = [
        (index, teams_plan_words(plan))
        for index, plan in enumerate(plans)
        if index != chosen
    ]
    return names_step_page(
        request, "teams/director_tonight.html", form, count, others,
        teams_plan_words(form.chosen), teams=count.cleaned_data["teams"],
    )  # fmt: skip


@staff_member_required
def tonight_teams_ready(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 3 of a teams night: open; print the first round's table cards
    (their codes serve every round), then play."""
    event = get_object_or_404(
        Event.objects.select_related("club", "competition"),
        pk=pk,
        competition__isnull=False,
    )
    section = (
        Section.objects.filter(session__event=event)
        .order_by("session__number", "letter")
        .first()
    )
    if section is None:
        raise Http404("This teams event has no round laid out.")
    competition = event.competition
    plan = stored_plan(
        competition.format,
        event.teams.count(),
        competition.rounds,
        competition.boards_per_match,
    )
    context = {
        "section": section,
        "event": event,
        "competition": competition,
        **teams_plan_words(plan),
    }
    return render(request, "teams/director_tonight_ready.html", context)
