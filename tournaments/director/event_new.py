"""The director's page creating an event, the same for every game.

The form's cleaned data are the keyword arguments of the service that
creates the event (the director added as its creator); a refusal of the
service lands on the form's field it names, and the page answers 400 with
the form again; a created event opens its page.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tournaments.director.club_choice import club_choice
from tournaments.director.form_errors import refusal_on_form
from tournaments.models import Event


def event_new_page(
    request: HttpRequest,
    form_class: type[forms.Form],
    create: Callable[..., Event],
    template: str,
    **context: object,
) -> HttpResponse:
    """Show ``form_class`` and, once valid, create the event with ``create``."""
    form = club_choice(form_class(request.POST or None), request.user)
    if request.method == "POST" and form.is_valid():
        try:
            event = create(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            refusal_on_form(form, error)
        else:
            return redirect("director:event", event.pk)
    status = 400 if form.errors else 200
    return render(request, template, {"form": form, **context}, status=status)


def event_new_view(
    form_class: type[forms.Form],
    create: Callable[..., Event],
    template: str = "director/game_event_new.html",
    **context: object,
) -> Callable[[HttpRequest], HttpResponse]:
    """A game's staff-only page creating its events: :func:`event_new_page`
    with the game's form, its service, its template and ``context`` (the
    page's title)."""

    @staff_member_required
    def event_new(request: HttpRequest) -> HttpResponse:
        return event_new_page(request, form_class, create, template, **context)

    return event_new
