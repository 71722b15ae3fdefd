"""The director's pages to create Barbu and Chinese bridge events."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy

from tournaments.director.console import sheet_audit_rows
from tournaments.director.form_errors import refusal_on_form
from tournaments.director.game_forms import BarbuEventForm, ChineseEventForm
from tournaments.models import Event, Section
from tournaments.services.barbu import barbu_event_create
from tournaments.services.chinese import chinese_event_create


def _create(
    request: HttpRequest,
    form_class: type[forms.Form],
    create: Callable[..., Event],
    title: str,
) -> HttpResponse:
    form = form_class(request.POST or None)
    if request.method == "POST" and form.is_valid():
        values = dict(form.cleaned_data)
        try:
            event = create(entries=values.pop("players"), user=request.user, **values)
        except ValidationError as error:
            refusal_on_form(form, error)
        else:
            return redirect("director:event", event.pk)
    status = 400 if form.errors else 200
    context = {"form": form, "title": title}
    return render(request, "director/game_event_new.html", context, status=status)


@staff_member_required
def barbu_event_new(request: HttpRequest) -> HttpResponse:
    """Create a Barbu event."""
    return _create(
        request, BarbuEventForm, barbu_event_create, gettext_lazy("New Barbu event")
    )


@staff_member_required
def chinese_event_new(request: HttpRequest) -> HttpResponse:
    """Create a Chinese bridge event."""
    return _create(
        request,
        ChineseEventForm,
        chinese_event_create,
        gettext_lazy("New Chinese bridge event"),
    )


def chinese_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A Chinese bridge event for its director: rounds, matches, tablet codes."""
    section = Section.objects.get(session__event=event)
    matches = section.chinese_matches.select_related("a__player", "b__player")
    context = {
        "event": event,
        "section": section,
        "settings": section.chinese,
        "rounds": [
            (number, list(group))
            for number, group in groupby(matches, key=lambda m: m.round)
        ],
        "tables": section.table_set.all(),
        "changes": sheet_audit_rows(section),
    }
    return render(request, "director/chinese_event.html", context)
