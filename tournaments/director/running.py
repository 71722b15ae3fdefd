"""The section page's actions on a running section: a late pair, a withdrawal
and the arrow switch.  Thin: the forms (``director.running_forms``) read the
input, ``services.running`` checks it against the movement and the results,
and writes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.form_errors import form_write
from tournaments.director.return_to import section_or_console
from tournaments.director.running_forms import RUNNING_FORMS
from tournaments.director.section_page import section_page
from tournaments.models import Section
from tournaments.selectors.director_sections import section_with_session
from tournaments.services.entry import StateConflict
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)

View = Callable[[HttpRequest, int], HttpResponse]


# The services' field names, as the section page's forms name them.
FORM_FIELDS = {"names": "player_a", "arrow_switch_rounds": "rounds"}


def _refused(form: forms.Form, error: ValidationError) -> None:
    """Put the service's refusal on the form's field it names."""
    for field, messages_ in error.message_dict.items():
        target = FORM_FIELDS.get(field, field)
        for message in messages_:
            if target in form.fields:
                form.add_error(target, message)
            else:
                form.add_error(None, f"{field}: {message}")


def _render(
    request: HttpRequest, section: Section, key: str, form: forms.Form, status: int
) -> HttpResponse:
    return section_page(request, section, running={key: form}, status=status)


def running_section(pk: int) -> Section:
    """The section a section-page action changes, 404 if none."""
    return section_with_session(pk)


Change = Callable[[HttpRequest, Section, dict[str, Any]], str]


def running_action(key: str) -> Callable[[Change], View]:
    """The one shape of a section-page action on a running section, as a
    decorator of its change: POST by staff only, on the section ``pk`` (404
    if none), the form ``key`` of ``RUNNING_FORMS`` bound to the post.  A
    valid form's data goes to the change, which writes through a service and
    says what it did (the success message); the service's refusal goes on
    the form's fields and the page comes back with the form and a 400, or a
    409 when what is stored refuses it (``StateConflict``: results already
    in the round, a tablet's line stored meanwhile)."""

    def action(change: Change) -> View:
        @require_POST
        @staff_member_required
        @wraps(change)
        def view(request: HttpRequest, pk: int) -> HttpResponse:
            section = running_section(pk)
            form_class, prefix = RUNNING_FORMS[key]
            form = form_class(request.POST, prefix=prefix, section=section)
            conflicts: list[bool] = []

            def refuse(form: forms.Form, error: ValidationError) -> None:
                conflicts.append(isinstance(error, StateConflict))
                _refused(form, error)

            done = form_write(form, partial(change, request, section), refuse)
            if done is None:
                status = 409 if any(conflicts) else 400
                return _render(request, section, key, form, status)
            messages.success(request, done)
            return section_or_console(request, section.pk)

        return view

    return action


@running_action("late_pair_form")
def late_pair(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """A late pair takes the phantom's seat from a round."""
    names = [data["player_a"], data["player_b"]]
    pair = late_pair_join(section, names=names, round=data["round"], user=request.user)
    said = _("Pair %(pair)s joins from round %(round)d.")
    return said % {"pair": pair.label, "round": data["round"]}


@running_action("withdraw_form")
def withdraw(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """A pair withdraws: its opponents sit out from a round."""
    pair = pair_withdraw(section, user=request.user, **data)
    said = _("Pair %(pair)s withdrew: its opponents sit out from round %(round)d.")
    return said % {"pair": pair.label, "round": data["round"]}


@running_action("arrow_form")
def arrow_switch(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """Set the rounds of the arrow switch."""
    arrow_switch_change(section, rounds=data["rounds"], user=request.user)
    return _("Arrow switch saved.")
