""" "Tonight" for teams: step 2 (the format and the teams) and step 3.

``director.tonight`` reads step 1 (the club, "teams" and how many) and hands
a valid count here:

2. ``teams_names_page`` proposes the format for a 2 to 2½ hour evening
   (``movements.evening_teams``), the others as links, and takes each
   team's name and players, the club's players suggested as they are typed
   (``tonight_players``, read by ``static/tonight.js``, as for pairs); its
   POST creates the event through ``teams_event_create``
   (``services.tonight_teams``): today, the club's, IMPs converted to VPs;
3. ``teams_ready_page`` says the night is open and prints the first
   round's table cards, whose codes are the event's (one sign-in for the
   whole event, ``services.event_tables``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format

from tournaments.director.club_choice import club_choice
from tournaments.director.form_errors import refusal_on_form
from tournaments.director.tonight_forms import CountForm
from tournaments.director.tonight_teams_forms import TeamsNamesForm
from tournaments.director.tonight_words import teams_plan_words
from tournaments.models import Section
from tournaments.movements.evening_teams import TeamsPlan, stored_plan
from tournaments.services.tonight_teams import tonight_teams_create


def teams_names_page(
    request: HttpRequest, count: CountForm, plans: list[TeamsPlan], chosen: int
) -> HttpResponse:
    """Step 2 of a teams night: the format ``chosen`` among ``plans`` and a
    row a team; a valid POST creates the night and goes to step 3."""
    data = request.POST if request.method == "POST" else None
    initial = {**count.cleaned_data, "format": chosen}
    form = club_choice(
        TeamsNamesForm(data, plans=plans, chosen=chosen, initial=initial),
        request.user,
    )
    if data is not None and form.is_valid():
        try:
            event = tonight_teams_create(
                club=form.cleaned_data["club"],
                plan=form.chosen,
                teams=form.teams(),
                date=timezone.localdate(),
                user=request.user,
            )
        except ValidationError as error:
            refusal_on_form(form, error)
        else:
            first = Section.objects.filter(session__event=event).order_by(
                "session__number"
            )[0]
            return redirect("director:tonight-ready", first.pk)
    context = {
        "form": form,
        "plan": form.chosen,
        "others": [
            (index, teams_plan_words(plan))
            for index, plan in enumerate(plans)
            if index != chosen
        ],
        "club": count.cleaned_data["club"],
        "teams": count.cleaned_data["teams"],
        "today": date_format(timezone.localdate()),
        **teams_plan_words(form.chosen),
    }
    status = 400 if form.errors else 200
    return render(request, "director/tonight_teams.html", context, status=status)


def teams_ready_page(request: HttpRequest, section: Section) -> HttpResponse:
    """Step 3 of a teams night: open; print the cards of ``section`` (the
    first round's: their codes serve every round), then play."""
    event = section.session.event
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
    return render(request, "director/tonight_teams_ready.html", context)
