"""Who is at the tablet: the signed table token, and the device typing codes.

The lock-out rules themselves are in ``tournaments.services.sign_in_locks``;
this module tells them which device and address a request comes from.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tournaments.models import Table, TabletGrant
from tournaments.services import sign_in_locks as locks
from tournaments.services.event_tables import table_now
from tournaments.services.tablet_grants import revoke_grant
from tournaments.services.tokens import (
    TableWaiting,
    TokenRefused,
    issue_table_token,
    read_table_token,
    table_for_token,
)

SESSION_KEY = "table_token"
SIGNED_OUT_KEY = "donne_signed_out"
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
    """The address the request came from.

    Behind ``DONNE_PROXY_COUNT`` reverse proxies (default 0: none), each
    appending the address it saw to ``X-Forwarded-For``, it is the one the
    outermost proxy saw, counted from the right: what a client writes in the
    header itself stays on the left and is never believed.
    """
    proxies = getattr(settings, "DONNE_PROXY_COUNT", 0)
    if proxies > 0:
        seen = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(seen) >= proxies:
            return seen[-proxies][:45]
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
    """Tablets may sign in only while the table plays: in its session, or
    in a later one of its event (a card's code serves the whole event,
    ``services.event_tables``)."""
    return table_now(table, timezone.now()) is not None


def sign_in(request: HttpRequest, table: Table) -> None:
    """Hold the table's signed token (a new grant) in a fresh session.

    ``TokenRefused`` when the table's code changed meanwhile."""
    who = caller(request)
    token = issue_table_token(
        table, via=TabletGrant.Via.TERMINAL, device=who.device, address=who.address
    )
    request.session.cycle_key()
    request.session[SESSION_KEY] = token
    request.session[LAST_TABLE_KEY] = table.pk
    request.session.pop(SIGNED_OUT_KEY, None)


def sign_out(request: HttpRequest) -> None:
    """Forget the table, and revoke the token's grant: a copy of the
    session's token is dead too."""
    token = request.session.pop(SESSION_KEY, None)
    read = read_table_token(token) if isinstance(token, str) else None
    if read is not None:
        table = Table.objects.filter(pk=read.table_id).first()
        if table is not None:
            revoke_grant(read.grant_id, table)


def signed_in_table(request: HttpRequest) -> Table | None:
    """The table the session's live token signs in, or None (none, forged,
    expired, revoked, its table gone, its session not being played).

    A token refused is dropped from the session, and why is kept for the
    sign-in page (``signed_out_reason``).  A token waiting for its event's
    next session is kept (``waiting``).
    """
    token = request.session.get(SESSION_KEY)
    if not token:
        return None
    try:
        table, _grant = table_for_token(str(token))
    except TableWaiting as waiting:
        request._donne_waiting = waiting
        return None
    except TokenRefused as refused:
        request.session.pop(SESSION_KEY, None)
        request.session[SIGNED_OUT_KEY] = str(refused)
        return None
    return table


def waiting(request: HttpRequest) -> TableWaiting | None:
    """Why the tablet's live token plays nowhere now (its event's next
    session is still to start), after ``signed_in_table`` said None."""
    return getattr(request, "_donne_waiting", None)


def signed_out_reason(request: HttpRequest) -> str:
    """Why this tablet was signed out, said once on the sign-in page."""
    return str(request.session.pop(SIGNED_OUT_KEY, "") or "")
