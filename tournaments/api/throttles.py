"""The API's throttles: per table token, per director, per address otherwise.

Counted in the shared cache (``CACHES``: Redis, or the database cache), so
every worker process counts the same requests.  A refused request answers
429 with ``Retry-After``.  The rates are ``settings.DONNE_THROTTLE_RATES``,
read at each request (the environment sets them, a test lowers them), and
their reasons are given beside that setting.

A table token counts against its table, not its address: a room's tablets
all come from the club's one address (its Wi-Fi, its NAT), and one table's
runaway tablet must not stop the others.  So do the terminal page's own
calls (the score preview) from a tablet signed in on it.

(The views' type is not imported: ``rest_framework.views`` imports this
module, one of the default throttles, while it loads.)
"""

from __future__ import annotations

import logging

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Table
from tournaments.services.tablet_access import SESSION_KEY, client_ip
from tournaments.services.tokens import TokenRefused, table_for_token

logger = logging.getLogger("donne.api")


class DonneThrottle(SimpleRateThrottle):
    """A rate from ``settings.DONNE_THROTTLE_RATES[scope]``, read per request.

    A cache that cannot be reached (Redis stopped) lets the request through,
    logged: throttling protects the room's service, it must not stop it.
    """

    def get_rate(self) -> str | None:
        return settings.DONNE_THROTTLE_RATES.get(self.scope)

    def wait(self) -> float:
        """Seconds until the oldest counted request leaves the window, at
        least 1: never None (DRF's own answer when a lowered rate leaves more
        requests counted than allowed), since a 429 always says how long to
        wait in ``Retry-After``."""
        allowed = max(self.num_requests, 1)
        if len(self.history) < allowed:
            return float(max(self.duration, 1))
        return max(1.0, self.duration - (self.now - self.history[allowed - 1]))

    def allow_request(self, request: Request, view: object) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:
            logger.warning(
                "API throttle %s: the cache failed", self.scope, exc_info=True
            )
            return True


def table_of(request: Request) -> int | None:
    """The table a request comes from: its table token's, or the terminal
    page's (the score preview, ``/api/score/``, is called by the tablet's
    page with its session, whose token must be live); None otherwise."""
    if isinstance(request.auth, Table):
        return request.auth.pk
    known = getattr(request, "_donne_throttled_table", False)
    if known is not False:
        return known
    table = None
    token = getattr(request, "session", {}).get(SESSION_KEY)
    if token:
        try:
            table = table_for_token(str(token))[0].pk
        except TokenRefused:
            table = None
    request._donne_throttled_table = table
    return table


class TableThrottle(DonneThrottle):
    """Requests of a table's tablets (token or terminal page), per table."""

    scope = "table"

    def get_cache_key(self, request: Request, view: object) -> str | None:
        table = table_of(request)
        if table is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": table}


class DirectorThrottle(DonneThrottle):
    """Requests of a signed-in user (a director), counted per user."""

    scope = "director"

    def get_cache_key(self, request: Request, view: object) -> str | None:
        if not request.user or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class AnonymousThrottle(DonneThrottle):
    """Everything else (no user, no table token), counted per address."""

    scope = "anon"

    def get_cache_key(self, request: Request, view: object) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        if table_of(request) is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}
