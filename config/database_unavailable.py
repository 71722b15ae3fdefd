"""A database that cannot be reached answers 503, never 500.

While PostgreSQL restarts (a second or two) or is stopped, a request that
needs it fails with ``OperationalError`` (connection refused, "the database
system is shutting down", "terminating connection due to administrator
command").  That is no bug of the request: this middleware answers 503 with
``Retry-After``, which the tablets and any client take as "send it again",
and logs one warning instead of a traceback.  A kept connection that died
meanwhile is replaced before the next request reuses it
(``CONN_HEALTH_CHECKS`` in ``config.settings``).
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 2


class DatabaseUnavailableMiddleware(MiddlewareMixin):
    """Turn the database's connection failures into 503 with Retry-After.

    Django's ``MiddlewareMixin`` holds ``get_response`` and passes each
    request on: this middleware only answers the exceptions of the views.
    """

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        """503 for a database that could not be reached; else Django's way."""
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning(
            "%s %s: the database is unavailable (%s): 503",
            request.method,
            request.path,
            str(exception).strip().splitlines()[0] if str(exception) else exception,
        )
        message = _("The database is unavailable for a moment: try again.")
        if request.path.startswith("/api/"):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            response = HttpResponse(
                message, status=503, content_type="text/plain; charset=utf-8"
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
