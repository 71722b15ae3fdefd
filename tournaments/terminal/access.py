"""Who is at the tablet: the signed table token, and the device typing codes.

The lock-out rules themselves are in ``tournaments.services.sign_in_locks``;
this module tells them which device and address a request comes from.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from tournaments.models import Session, Table
from tournaments.services import sign_in_locks as locks
from tournaments.tokens import issue_table_token, read_table_token

SESSION_KEY = "table_token"
LAST_TABLE_KEY = "donne_last_table"
DEVICE_KEY = "donne_device"
DEVICE_COOKIE = "donne_device"
DEVICE_SALT = "donne.terminal.device"
DEVICE_MAX_AGE = 365 * 24 * 60 * 60
_DEVICE_ID = re.compile(r"[0-9a-f]{32}")


def normalise_code(text: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return "".join(text.split()).replace("-", "").upper()


def client_ip(request: HttpRequest) -> str:
    """The address the request came from (the proxy's, behind one)."""
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def device_id(request: HttpRequest) -> str:
    """The tablet's lasting random id: from its signed device cookie, else
    from its session (a device refusing the cookie), else a new one, kept in
    the session too so that either one finds it again."""
    known = getattr(request, "_donne_device", None)
    if known:
        return known
    found = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT)
    if not _DEVICE_ID.fullmatch(found or ""):
        found = str(request.session.get(DEVICE_KEY, ""))
    if not _DEVICE_ID.fullmatch(found):
        found = secrets.token_hex(16)
    if request.session.get(DEVICE_KEY) != found:
        request.session[DEVICE_KEY] = found
    request._donne_device = found
    return found


def remember_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give the tablet its signed device cookie (again: it lasts a year)."""
    response.set_signed_cookie(
        DEVICE_COOKIE,
        device_id(request),
        salt=DEVICE_SALT,
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def caller(request: HttpRequest) -> locks.Caller:
    """Who is typing a code: the device, its address and its last table."""
    last = request.session.get(LAST_TABLE_KEY)
    return locks.Caller(
        device=device_id(request),
        address=client_ip(request),
        table_id=last if isinstance(last, int) else None,
    )


def find_table(code: str) -> Table | None:
    """The table with this code, whatever its session's state."""
    return (
        Table.objects.select_related("section__session")
        .filter(code=normalise_code(code))
        .first()
    )


def is_playing(table: Table) -> bool:
    """Tablets may sign in only while the table's session is being played."""
    return table.section.session.status == Session.Status.PLAYING


def sign_in(request: HttpRequest, table: Table) -> None:
    """Hold the table's signed token in a fresh session."""
    request.session.cycle_key()
    request.session[SESSION_KEY] = issue_table_token(table)
    request.session[LAST_TABLE_KEY] = table.pk


def sign_out(request: HttpRequest) -> None:
    """Forget the table."""
    request.session.pop(SESSION_KEY, None)


def signed_in_table(request: HttpRequest) -> Table | None:
    """The table the session's token names, or None (forged, expired, gone)."""
    token = read_table_token(request.session.get(SESSION_KEY, ""))
    if token is None:
        return None
    return (
        Table.objects.select_related("section__session__event")
        .filter(pk=token.table_id, section_id=token.section_id)
        .first()
    )
