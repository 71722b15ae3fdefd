""" "Tonight": a club night set up in three steps by a director new to Donne.

1. ``tonight`` asks pairs or teams, and how many are here (and the club,
   when the director directs several);
2. ``tonight_names`` proposes the movement for a 2 to 2½ hour evening
   (``movements.evening``) and takes the names, the club's players suggested
   as they are typed (``tonight_players``, read by ``static/tonight.js``);
   its POST creates the event, its session and its section
   (``services.tonight``): today, the club's, scored by matchpoints;
3. ``tonight_ready`` says the night is open for the tablets and prints the
   table cards with their sign-in codes.

A teams night takes the same three steps: the format proposed
(``movements.evening_teams``), each team's name and players, then the first
round's table cards, which print the event's codes.  Its steps 2 and 3 are
the teams game's pages (``teams.tonight_director``), reached
through the registry (``Game.tonight_names``) and its own route.

Only a club's director may set up its night: the club box offers only the
clubs the director directs, and any other club is a 400 naming ``club``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import access
from tournaments.director.club_choice import club_choice
from tournaments.director.form_errors import form_write
from tournaments.director.tonight_forms import CountForm, NamesForm
from tournaments.director.tonight_names_step import names_form, names_step_page
from tournaments.director.tonight_words import plan_words
from tournaments.models import Club
from tournaments.movements.evening import EveningPlan, evening_plans
from tournaments.registry import GAMES
from tournaments.selectors.director_clubs import club_among, few_clubs
from tournaments.selectors.director_sections import (
    active_players_starting,
    pairs_ranked_section_with_club,
)
from tournaments.selectors.movement import section_movement
from tournaments.services.pairs import missing_players_text, pairs_missing_a_player
from tournaments.services.tonight import tonight_create

SUGGESTIONS = 8  # players suggested at most as a name is typed
MAX_TYPED = 160  # two names of 80 characters


@staff_member_required
def tonight(request: HttpRequest) -> HttpResponse:
    """Step 1: how many pairs are here tonight."""
    form = club_choice(CountForm(initial=request.GET.dict()), request.user)
    return count_page(request, form, 200)


@staff_member_required
def tonight_names(request: HttpRequest) -> HttpResponse:
    """Step 2: the proposed movement (teams: format) and the names; its POST
    sets the night up."""
    data = request.POST if request.method == "POST" else request.GET
    count = club_choice(CountForm(data), request.user)
    if not count.is_valid():
        return count_page(request, count, 400)
    # Step 1's kinds ("pairs", "teams") are the games' kinds.
    night = GAMES[count.cleaned_data["kind"]].tonight_names(request, count)
    if night is not None:
        return night
    return chosen_plan_page(
        request,
        count,
        "movement",
        evening_plans(count.cleaned_data["pairs"]),
        _("movement: choose one of the movements proposed."),
        _pairs_names_page,
    )


def _pairs_names_page(
    request: HttpRequest, count: CountForm, plans: list[EveningPlan], chosen: int
) -> HttpResponse:
    """Step 2 of a pairs night: the movement ``chosen`` among ``plans`` and a
    row of names a pair; a valid POST creates the night."""
    form = names_form(request, count, NamesForm, "movement", plans, chosen)
    section = form.is_bound and form_write(
        form,
        lambda cleaned: tonight_create(
            club=cleaned["club"],
            movement=form.chosen.movement,
            names=form.names(),
            date=timezone.localdate(),
            user=request.user,
        ),
    )
    if section:
        return redirect("director:tonight-ready", section.pk)
    others = [
        (index, plan, plan_words(plan)["plan_title"])
        for index, plan in enumerate(plans)
        if index != chosen
    ]
    return names_step_page(
        request, "director/tonight_names.html", form, count, others,
        plan_words(form.chosen), pairs=count.cleaned_data["pairs"],
    )  # fmt: skip


@staff_member_required
def tonight_ready(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 3: the night is open; print the table cards, then play."""
    section = pairs_ranked_section_with_club(pk)
    plan = EveningPlan(section_movement(section))
    context = {
        "section": section,
        "event": section.session.event,
        "plan": plan,
        **plan_words(plan),
        "missing": missing_players_text(pairs_missing_a_player(section)),
    }
    return render(request, "director/tonight_ready.html", context)


@staff_member_required
@require_GET
def tonight_players(request: HttpRequest) -> JsonResponse:
    """The club's active players whose name, first name first or last name
    first, begins with what is typed ("mar", "anne m", "martin a"):
    ``{"players": [{"name": "Anne Martin"}]}``, 8 at most, by last name.

    Only the club's director reads them: another club is a 400 naming ``club``.
    """
    club = _directed_club(request.user, request.GET.get("club", ""))
    if club is None:
        return JsonResponse({"club": [_("You do not direct this club.")]}, status=400)
    typed = " ".join(request.GET.get("q", "").split())[:MAX_TYPED]
    if not typed:
        return JsonResponse({"players": []})
    players = active_players_starting(club, typed)
    names = [player.full_name for player in players[:SUGGESTIONS]]
    return JsonResponse({"players": [{"name": name} for name in names]})


def _directed_club(user: AbstractBaseUser | AnonymousUser, raw: str) -> Club | None:
    """The club ``raw`` names if ``user`` directs it, else None."""
    if not raw.isdigit():
        return None
    return club_among(access.directed_clubs(user), int(raw))


def proposal_index(data: QueryDict, field: str, proposals: int) -> int | None:
    """The index of the proposal ``field`` asks for (the first, the proposal,
    by default), or None when it names none of the ``proposals``."""
    raw = data.get(field, "0") or "0"
    if not raw.isdigit() or int(raw) >= proposals:
        return None
    return int(raw)


def chosen_plan_page(
    request: HttpRequest,
    count: CountForm,
    field: str,
    plans: list[Any],
    refusal: str,
    names_page: Callable[[HttpRequest, CountForm, list[Any], int], HttpResponse],
) -> HttpResponse:
    """Step 2 for step 1's valid ``count``: ``names_page`` for the plan the
    request's ``field`` asks for among ``plans`` (pairs' movements, teams'
    formats); one not proposed is step 1 again, a 400 saying ``refusal``."""
    data = request.POST if request.method == "POST" else request.GET
    chosen = proposal_index(data, field, len(plans))
    if chosen is None:
        count.add_error(None, refusal)
        return count_page(request, count, 400)
    return names_page(request, count, plans, chosen)


def count_page(request: HttpRequest, form: CountForm, status: int) -> HttpResponse:
    """Step 1's page with ``form`` (a night's step 2 sends a refused choice
    back here); a director who directs no club is told so."""
    clubs = form.fields["club"].queryset
    only = few_clubs(clubs, 2)
    if len(only) == 1:
        form.fields["club"].widget = forms.HiddenInput()
        if not form.is_bound:
            form.initial["club"] = only[0].pk
    context = {
        "form": form,
        "no_club": not only,
        "one_club": len(only) == 1,
        "club_name": only[0].name if only else "",
    }
    return render(request, "director/tonight_count.html", context, status=status)
