"""Authentication of table tablets: ``Authorization: Table <token>``."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from tournaments.models import Table
from tournaments.tokens import read_table_token

KEYWORD = "Table"


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
        token = read_table_token(words[1].decode("latin-1"))
        table = None
        if token is not None:
            table = (
                Table.objects.select_related("section")
                .filter(pk=token.table_id, section_id=token.section_id)
                .first()
            )
        if table is None:
            raise AuthenticationFailed(
                _("This table token is invalid or expired: sign in again.")
            )
        return AnonymousUser(), table

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD


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
