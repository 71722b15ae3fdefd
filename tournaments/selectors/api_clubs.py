"""The API's reads of clubs, their players and the jobs a director started."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from tournaments import access
from tournaments.access import User
from tournaments.models import Club, ImportJob, MailJob, Player
from tournaments.selectors.lookups import found
from tournaments.selectors.public_players import visible_players


def all_clubs() -> QuerySet[Club]:
    """Every club: the choices of a new event's ``club`` field (the
    serializer then refuses a club the director does not direct)."""
    return Club.objects.all()


def clubs_with_players(user: User | None) -> QuerySet[Club]:
    """Every club with the players ``user`` may see named prefetched
    (``selectors.public_players``)."""
    players = visible_players(user)
    return Club.objects.prefetch_related(Prefetch("players", queryset=players))


def all_players() -> QuerySet[Player]:
    """Every player: a related field's queryset before it knows its request."""
    return Player.objects.all()


def directed_players(user: User | None) -> QuerySet[Player]:
    """The players of the clubs ``user`` directs: another club's player id
    is "does not exist"."""
    return access.directed(user, Player.objects.all())


def import_job_by_id(pk: object) -> ImportJob:
    """The import job ``pk``; 404 if none."""
    return found(ImportJob, pk=pk)


def mail_job_by_id(pk: object) -> MailJob:
    """The results mailing ``pk``; 404 if none."""
    return found(MailJob, pk=pk)
