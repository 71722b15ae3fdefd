"""Authentication of table tablets (``Authorization: Table <token>``) and of
directors through HTTP Basic, with the sign-in page's lock-out."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import (
    BaseAuthentication,
    BasicAuthentication,
    get_authorization_header,
)
from rest_framework.exceptions import APIException, AuthenticationFailed, Throttled
from rest_framework.request import Request

from tournaments.models import Table
from tournaments.services import director_locks
from tournaments.services.tablet_access import client_ip
from tournaments.services.tokens import TableWaiting, TokenRefused, table_for_token

KEYWORD = "Table"


class SessionToCome(APIException):
    """409: the token is live, but its event's next session has not started
    (the tablet keeps the token: it plays there once the session starts)."""

    status_code = 409
    default_code = "session_to_come"


class TableTokenAuthentication(BaseAuthentication):
    """A tablet's signed table token; ``request.auth`` becomes its ``Table``.

    The request stays anonymous (no user): what a token may do is decided by
    the permission classes from the table it names.
    """

    def authenticate(self, request: Request) -> tuple[AnonymousUser, Table] | None:
        words = get_authorization_header(request).split()
        if not words or words[0].decode("latin-1").lower() != KEYWORD.lower():
            return None
        if len(words) != 2:
            raise AuthenticationFailed(_("Write the header as: Table <token>."))
        try:
            table, _grant = table_for_token(words[1].decode("latin-1"))
        except TableWaiting as waiting:
            raise SessionToCome(str(waiting)) from None
        except TokenRefused as refused:
            raise AuthenticationFailed(str(refused)) from None
        return AnonymousUser(), table

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD


class DirectorBasicAuthentication(BasicAuthentication):
    """HTTP Basic for directors' scripts, locked out as the sign-in page is
    (``services.director_locks``): after five wrong passwords the username
    is refused, right password or not, with 429 and how long to wait."""

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[object, None]:
        address = client_ip(request) if request is not None else "unknown"
        lock = director_locks.lock_for(userid, address)
        if lock is not None:
            raise Throttled(wait=lock.seconds_left(), detail=lock.message())
        try:
            found = super().authenticate_credentials(userid, password, request)
        except AuthenticationFailed:
            director_locks.record_failure(userid, address)
            raise
        director_locks.record_success(userid, address)
        return found


class TableTokenScheme(OpenApiAuthenticationExtension):
    """Describe the table token in the OpenAPI schema."""

    target_class = TableTokenAuthentication
    name = "tableToken"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A table tablet's signed token: `Table <token>`.",
        }


class DirectorBasicScheme(OpenApiAuthenticationExtension):
    """Describe the directors' HTTP Basic as drf-spectacular's own does."""

    target_class = DirectorBasicAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {"type": "http", "scheme": "basic"}
