"""The club box of the director's event forms: only the director's clubs.

A club's director picks among the clubs they direct (and must pick one: an
event without a club would belong to nobody they direct); a site
administrator may pick any club or none.

The box starts on the club the new event most likely belongs to, because an
event left without a club loses what a club gives it (its players: names
typed for its pairs stay bare names, and nobody can be mailed the results):
the one club the director directs (for a site administrator: the one club
there is), else the club of the last event this director created, which is
the one a director of several clubs is running a series in.  With several
clubs and no event yet nothing is chosen: a club's director must then
choose, since a guess between clubs could file the event in the wrong one.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from tournaments import access
from tournaments.models import Club
from tournaments.selectors.director_clubs import few_clubs, last_event_club


def club_choice(
    form: forms.BaseForm, user: AbstractBaseUser | AnonymousUser
) -> forms.BaseForm:
    """``form`` with its ``club`` field narrowed to ``user``'s clubs and,
    unbound, preselected on :func:`likely_club`."""
    field = form.fields.get("club")
    if not isinstance(field, forms.ModelChoiceField):
        return form
    clubs = access.directed_clubs(user)
    field.queryset = clubs
    if not access.is_site_admin(user):
        field.required = True
    if _new_event_form(form):
        club = likely_club(user, clubs)
        if club is not None:
            form.initial["club"] = club.pk
    return form


def _new_event_form(form: forms.BaseForm) -> bool:
    """An unbound form of a new event whose club nobody has set (an existing
    event's settings keep the club it has, even none)."""
    instance = getattr(form, "instance", None)
    if getattr(instance, "pk", None) is not None:
        return False
    return not form.is_bound and form.initial.get("club") is None


def likely_club(
    user: AbstractBaseUser | AnonymousUser, clubs: QuerySet[Club]
) -> Club | None:
    """The club a new event of ``user`` most likely belongs to, among
    ``clubs``: the only one, else that of their last event, else None."""
    only = few_clubs(clubs, 2)
    if len(only) == 1:
        return only[0]
    if not only or not user.is_authenticated:
        return None
    return last_event_club(user, clubs)
