"""A service's refusal shown on the director's form that asked for the change,
and the one shape of a form's write: valid data to the service, or the form back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.core.exceptions import ValidationError

T = TypeVar("T")


def refusal_on_form(form: forms.Form, error: ValidationError) -> None:
    """Put each message of the service's ``ValidationError`` on the form's
    field it names, or on the whole form when the form has no such field, so
    the page comes back with the refusal next to what the director typed."""
    for field, errors in error.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


def form_write(
    form: forms.Form,
    write: Callable[[dict[str, Any]], T],
    refuse: Callable[[forms.Form, ValidationError], None] = refusal_on_form,
) -> T | None:
    """What ``write`` (a service call) gives for a valid form's data; None when
    the form is invalid or the service refuses, its refusal then put on the
    form by ``refuse``, so the page comes back with the form."""
    if not form.is_valid():
        return None
    try:
        return write(form.cleaned_data)
    except ValidationError as error:
        refuse(form, error)
        return None
