"""Who is at the tablet: the signed table token, and the sign-in rate limit."""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.http import HttpRequest

from tournaments.models import Session, Table
from tournaments.tokens import issue_table_token, read_table_token

SESSION_KEY = "table_token"
MAX_FAILURES = 5
FAILURE_WINDOW = 5 * 60
logger = logging.getLogger("donne.terminal")


def normalise_code(text: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return "".join(text.split()).replace("-", "").upper()


def client_ip(request: HttpRequest) -> str:
    """The address the request came from (the proxy's, behind one)."""
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _failures_key(ip: str) -> str:
    return f"donne.terminal.failures:{ip}"


def is_locked_out(ip: str) -> bool:
    """Too many wrong codes from this address lately."""
    return cache.get(_failures_key(ip), 0) >= MAX_FAILURES


def record_failure(ip: str, code: str) -> None:
    """Count a wrong code against the address, and log it."""
    key = _failures_key(ip)
    cache.add(key, 0, FAILURE_WINDOW)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, FAILURE_WINDOW)
        count = 1
    logger.warning("Wrong table code %r from %s (%d in a row)", code[:12], ip, count)


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
