"""Keep each director to their own clubs on the director's pages.

Every director page (every URL under ``director/``, the printed movement
documents included) that names an object in its URL (an event, a session, a
section, a line, a job…) is answered 404 to a staff user who does not direct
that object's club, before the view runs: the pages cannot leak or change
another club's event, whatever the view itself checks.  The decision is
``tournaments.access.directs_request``, the same as the API's.  Visitors
who are not staff are left to the views' own sign-in redirect.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse

from tournaments import access

DIRECTOR_PREFIX = "director/"


class DirectorScopeMiddleware:
    """404 for a director page about another club's object."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[object, ...],
        kwargs: dict[str, object],
    ) -> None:
        match = request.resolver_match
        if match is None or not match.route.startswith(DIRECTOR_PREFIX):
            return None
        if access.is_staff(request.user) and not access.directs_request(request):
            raise Http404
        return None
