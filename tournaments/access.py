"""Who directs what: the one place that decides a director's reach.

A server hosts many clubs.  A *director* is an active staff user who belongs
to one or more clubs (``Club.directors``): they see and change only those
clubs' events and everything below them (sessions, sections, tables, boards,
lines, pairs, penalties, teams and matches, import and mail jobs) and those
clubs' players.  A *site administrator* (an active superuser) directs every
club and manages the clubs and their directors in the admin.  Anybody else,
a director of another club included, is the public for that object: they
read what is published and change nothing.

Pages and API calls name their object in the URL (``events/<id>/…``,
``sections/<pk>/…``): ``request_target`` reads it from the resolved route,
and ``directs_request`` answers for the request as a whole, so that every
view's existing "is this the director?" question becomes "is this the
director *of this object's club*?" without each view looking it up again.
Lists and creations name no object: their querysets and club choices are
narrowed with ``directed`` and ``directed_clubs``.
"""

from __future__ import annotations

from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest

from tournaments.models import (
    Board,
    Club,
    Event,
    ImportJob,
    MailJob,
    Match,
    Pair,
    Penalty,
    Player,
    Result,
    Section,
    Session,
    Table,
    Team,
    WhizResult,
)

M = TypeVar("M", bound=Model)
User = AbstractBaseUser | AnonymousUser

_SECTION_CLUB = "section__session__event__club"
# The way from each directed model to its club ("" for the club itself).
CLUB_PATHS: dict[type[Model], str] = {
    Club: "",
    Player: "club",
    Event: "club",
    Session: "event__club",
    Section: "session__event__club",
    Table: _SECTION_CLUB,
    Board: _SECTION_CLUB,
    Pair: _SECTION_CLUB,
    Result: f"board__{_SECTION_CLUB}",
    WhizResult: f"board__{_SECTION_CLUB}",
    Penalty: f"pair__{_SECTION_CLUB}",
    MailJob: _SECTION_CLUB,
    Match: "session__event__club",
    Team: "event__club",
    ImportJob: "event__club",
}

# The object a URL names, by its first path segment (API and pages alike).
ROUTE_MODELS: dict[str, type[Model]] = {
    "clubs": Club,
    "events": Event,
    "sessions": Session,
    "sections": Section,
    "results": Result,
    "whiz-results": WhizResult,
    "pairs": Pair,
    "penalties": Penalty,
    "matches": Match,
    "imports": ImportJob,
    "import-jobs": ImportJob,
    "mail-jobs": MailJob,
}
# The URL keyword that holds the object's id, in the order looked for.
ROUTE_KEYS = ("id", "pk", "session_pk", "section_id")
_MEMO = "_donne_directs"


def is_site_admin(user: User | None) -> bool:
    """An active superuser: directs every club, manages clubs and directors."""
    return bool(user and user.is_authenticated and user.is_active and user.is_superuser)


def is_staff(user: User | None) -> bool:
    """An active staff user: a director of some club(s), or a site admin."""
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


def directed_clubs(user: User | None) -> QuerySet[Club]:
    """The clubs ``user`` directs (every club for a site administrator)."""
    if is_site_admin(user):
        return Club.objects.all()
    if not is_staff(user):
        return Club.objects.none()
    return Club.objects.filter(directors=user)


def directed(user: User | None, rows: QuerySet[M]) -> QuerySet[M]:
    """The ``rows`` that ``user`` directs (all for a site administrator).

    An import job that has not made its event yet belongs to whoever sent it.
    """
    if is_site_admin(user):
        return rows
    if not is_staff(user):
        return rows.none()
    path = CLUB_PATHS[rows.model]
    # One user on the club's directors: at most one joined row per object.
    query = Q(**{f"{path}__directors" if path else "directors": user})
    if rows.model is ImportJob:
        query |= Q(event__isnull=True, created_by=user)
    return rows.filter(query)


def directs(user: User | None, obj: Model) -> bool:
    """Whether ``user`` directs ``obj`` (an object of ``CLUB_PATHS``)."""
    if is_site_admin(user):
        return True
    if not is_staff(user) or obj.pk is None:
        return False
    return directed(user, type(obj).objects.filter(pk=obj.pk)).exists()


def directs_club(user: User | None, club_id: int | None) -> bool:
    """Whether ``user`` directs the club ``club_id`` (None: no club, which
    only a site administrator directs)."""
    if is_site_admin(user):
        return True
    if club_id is None or not is_staff(user):
        return False
    return directed_clubs(user).filter(pk=club_id).exists()


def request_target(request: HttpRequest) -> tuple[type[Model], int] | None:
    """The object the request's URL names: (model, id), or None for a URL
    that names none (a list, a creation form, the dashboard)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return None
    key = next((key for key in ROUTE_KEYS if key in match.kwargs), None)
    if key is None:
        return None
    segment = route_segment(match.route)
    model = ROUTE_MODELS.get(segment)
    if model is None:
        raise LookupError(f"no owner known for the route {match.route!r}")
    return model, int(match.kwargs[key])


def directs_request(request: HttpRequest) -> bool:
    """Whether the request comes from a director of the object its URL names
    (any director when it names none).  Decided once per request."""
    request = getattr(request, "_request", request)
    known = getattr(request, _MEMO, None)
    if known is not None:
        return known
    user = getattr(request, "user", None)
    answer = is_staff(user)
    if answer and not is_site_admin(user):
        target = request_target(request)
        if target is not None:
            model, pk = target
            rows = model.objects.filter(pk=pk)
            # An id that names nothing is the view's 404, not a refusal here.
            answer = not rows.exists() or directed(user, rows).exists()
    setattr(request, _MEMO, answer)
    return answer


def route_segment(route: str) -> str:
    """The route's first segment below its app prefix ("api/", "director/")."""
    parts = [part.lstrip("^") for part in route.split("/") if part.lstrip("^")]
    for prefix in ("api", "director", "table"):
        if parts and parts[0] == prefix:
            parts = parts[1:]
            break
    return parts[0] if parts else ""
