"""The API's throttles: per table token, per director, per address otherwise.

Counted in the shared cache (``CACHES``: Redis, or the database cache), so
every worker process counts the same requests.  A refused request answers
429 with ``Retry-After``.  The rates are ``settings.DONNE_THROTTLE_RATES``,
read at each request (the environment sets them, a test lowers them), and
their reasons are given beside that setting.

A table token counts against its table, not its address: a room's tablets
all come from the club's one address (its Wi-Fi, its NAT), and one table's
runaway tablet must not stop the others.

(The views' type is not imported: ``rest_framework.views`` imports this
module, one of the default throttles, while it loads.)
"""

from __future__ import annotations

import logging

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Table
from tournaments.terminal.access import client_ip

logger = logging.getLogger("donne.api")


class DonneThrottle(SimpleRateThrottle):
    """A rate from ``settings.DONNE_THROTTLE_RATES[scope]``, read per request.

    A cache that cannot be reached (Redis stopped) lets the request through,
    logged: throttling protects the room's service, it must not stop it.
    """

    def get_rate(self) -> str | None:
        return settings.DONNE_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: object) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:
            logger.warning(
                "API throttle %s: the cache failed", self.scope, exc_info=True
            )
            return True


class TableThrottle(DonneThrottle):
    """Requests signed with a table token, counted per table."""

    scope = "table"

    def get_cache_key(self, request: Request, view: object) -> str | None:
        if not isinstance(request.auth, Table):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


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
        if isinstance(request.auth, Table) or (
            request.user and request.user.is_authenticated
        ):
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}
