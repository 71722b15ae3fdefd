"""A service's refusal shown on the director's form that asked for the change."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError


def refusal_on_form(form: forms.Form, error: ValidationError) -> None:
    """Put each message of the service's ``ValidationError`` on the form's
    field it names, or on the whole form when the form has no such field, so
    the page comes back with the refusal next to what the director typed."""
    for field, errors in error.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)
