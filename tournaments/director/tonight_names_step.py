"""The page of "Tonight"'s step 2, pairs or teams: the plan chosen, the
others as links, the form of names, its errors answered with a 400."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format

from tournaments.director.club_choice import club_choice
from tournaments.director.tonight_forms import CountForm


def names_form(
    request: HttpRequest,
    count: CountForm,
    form_class: type[forms.Form],
    field: str,
    plans: list[Any],
    chosen: int,
) -> forms.Form:
    """Step 2's form of names for the plan ``chosen`` among ``plans``: bound
    to a POST (unbound on a GET), step 1's answers and the choice (``field``,
    "movement" or "format") as its initial, the club box limited to the
    clubs the director directs."""
    data = request.POST if request.method == "POST" else None
    initial = {**count.cleaned_data, field: chosen}
    return club_choice(
        form_class(data, plans=plans, chosen=chosen, initial=initial), request.user
    )


def names_step_page(
    request: HttpRequest,
    template: str,
    form: forms.Form,
    count: CountForm,
    others: list[tuple[Any, ...]],
    words: dict[str, Any],
    **counted: int,
) -> HttpResponse:
    """Render step 2 for ``form`` (its ``chosen`` plan and ``words``), the
    club and today's date, and ``counted`` (how many pairs or teams)."""
    context = {
        "form": form,
        "plan": form.chosen,
        "others": others,
        "club": count.cleaned_data["club"],
        "today": date_format(timezone.localdate()),
        **counted,
        **words,
    }
    status = 400 if form.errors else 200
    return render(request, template, context, status=status)
