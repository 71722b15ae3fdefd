"""The director's reads of clubs: which of the clubs they direct a form
offers, starts on, or a request names.

The clubs come in already narrowed to the director's (``access.directed_clubs``):
these only read among them.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from tournaments.models import Club, Event


def few_clubs(clubs: QuerySet[Club], count: int = 2) -> list[Club]:
    """The first ``count`` of ``clubs``: two tell none, one or several apart
    without reading them all."""
    return list(clubs[:count])


def last_event_club(
    user: AbstractBaseUser | AnonymousUser, clubs: QuerySet[Club]
) -> Club | None:
    """The club of the last event ``user`` created among ``clubs`` (None if
    none): one query, the club joined."""
    last = (
        Event.objects.filter(created_by=user, club__in=clubs)
        .order_by("-created", "-pk")
        .select_related("club")
        .first()
    )
    return last.club if last is not None else None


def club_among(clubs: QuerySet[Club], pk: int) -> Club | None:
    """The club ``pk`` if it is one of ``clubs`` (a director's), else None."""
    return clubs.filter(pk=pk).first()
