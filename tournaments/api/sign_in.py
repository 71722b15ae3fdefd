"""POST /api/table-sign-in/: a tablet app trades its table's code for a token;
POST /api/table-sign-out/: it gives the token up.

The same checks as the terminal's sign-in page: the code names a table whose
session is being played; wrong codes count against the calling device (its
signed device cookie, else its session) and lock that device out for a
while, never the other tablets of the room (``services.sign_in_locks``); an
app keeps the device cookie, so that a flood of wrong codes from its address
never holds it back once it has signed in.
Each token is a grant the server can revoke (``tournaments.services.tokens``).
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import get_authorization_header
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.decorators import permission_classes as permissions
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.authentication import TableTokenAuthentication
from tournaments.models import Table, TabletGrant
from tournaments.selectors.api_sections import table_by_id
from tournaments.services import sign_in_locks as locks
from tournaments.services import tablet_access as access
from tournaments.services.event_tables import table_now
from tournaments.services.tablet_grants import revoke_grant
from tournaments.services.tokens import (
    TOKEN_MAX_AGE,
    TokenRefused,
    issue_table_token,
    read_table_token,
)


class SignInSerializer(serializers.Serializer):
    """The code printed on the table card."""

    code = serializers.CharField(max_length=32)


@extend_schema(
    request=SignInSerializer,
    responses=inline_serializer(
        "TableSignIn",
        {
            "token": serializers.CharField(),
            "expires_in": serializers.IntegerField(),
            "event": serializers.IntegerField(),
            "section": serializers.IntegerField(),
            "table": serializers.IntegerField(),
        },
    ),
    operation_id="table_sign_in",
)
@api_view(["POST"])
@authentication_classes([])
@permissions([])
def table_sign_in(request: Request) -> Response:
    """Answer a right code with the table's signed token (``Table <token>``).

    400 names the field for a wrong or idle code; 429 after too many wrong
    codes from the same device, or, for a device that never signed in while
    its address is flooded, until its turn to be read comes: how long to
    wait, in the message and in ``Retry-After`` (seconds), after which the
    same code sent again is read.
    """
    caller = access.caller(request)
    lock = locks.admit(caller)
    if lock is not None:
        headers = {"Retry-After": str(lock.seconds_left())}
        refused = Response({"code": [lock.message()]}, status=429, headers=headers)
        return access.remember_device(request, refused)
    data = SignInSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    code = data.validated_data["code"]
    table = access.find_table(code)
    if table is None:
        lock = locks.record_failure(caller, access.normalise_code(code))
        messages = [_("There is no table with this code: check the table card.")]
        if lock is not None:
            messages.append(lock.message())
        return access.remember_device(request, Response({"code": messages}, status=400))
    if not access.is_playing(table):
        message = _("This table's session is not being played now.")
        return Response({"code": [message]}, status=400)
    try:
        token = issue_table_token(
            table, via=TabletGrant.Via.API, device=caller.device, address=caller.address
        )
    except TokenRefused as refused:
        return Response({"code": [str(refused)]}, status=400)
    request.session[access.LAST_TABLE_KEY] = table.pk
    table = table_now(table, timezone.now()) or table
    return access.remember_device(
        request,
        Response(
            {
                "token": token,
                "expires_in": TOKEN_MAX_AGE,
                "event": table.section.session.event_id,
                "section": table.section_id,
                "table": table.number,
            }
        ),
    )


class SignedInTable(BasePermission):
    """A live table token (anything else was refused with 401 already)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return isinstance(request.auth, Table)


@extend_schema(request=None, responses={204: None}, operation_id="table_sign_out")
@api_view(["POST"])
@authentication_classes([TableTokenAuthentication])
@permissions([SignedInTable])
def table_sign_out(request: Request) -> Response:
    """Revoke the token this request is signed with (``Table <token>``): 204.

    Only that one sign-in ends; the table's other tablets stay signed in.
    The token is refused from then on (401, "signed out: sign in again").
    """
    _keyword, token = get_authorization_header(request).split()
    read = read_table_token(token.decode("latin-1"))
    signed_at = table_by_id(read.table_id) if read else None
    if read is not None and signed_at is not None:
        revoke_grant(read.grant_id, signed_at)
    return Response(status=204)
