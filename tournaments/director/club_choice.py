"""The club box of the director's event forms: only the director's clubs.

A club's director picks among the clubs they direct (and must pick one: an
event without a club would belong to nobody they direct), preselected when
they direct one club; a site administrator may pick any club or none.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments import access


def club_choice(
    form: forms.BaseForm, user: AbstractBaseUser | AnonymousUser
) -> forms.BaseForm:
    """``form`` with its ``club`` field narrowed to ``user``'s clubs."""
    field = form.fields.get("club")
    if not isinstance(field, forms.ModelChoiceField):
        return form
    clubs = access.directed_clubs(user)
    field.queryset = clubs
    if not access.is_site_admin(user):
        field.required = True
        only = list(clubs[:2])
        if len(only) == 1 and not form.is_bound:
            form.initial.setdefault("club", only[0].pk)
    return form
