"""Links for the tablets: absolute URLs on the room's public address.

The director prepares the table cards on the server itself, often through
http://127.0.0.1:8000, but the tablets reach the server through its address
on the club's network.  With ``DONNE_PUBLIC_URL`` set (``scripts/serve.sh``
sets it) every link printed for a tablet starts with that address, whatever
address the director's browser used; without it, links follow the request
as before.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def public_url(request: HttpRequest | None, path: str) -> str:
    """``path`` (starting with "/") as an absolute URL a tablet can open."""
    base = getattr(settings, "DONNE_PUBLIC_URL", "")
    if base:
        return f"{base}{path}"
    if request is not None:
        return request.build_absolute_uri(path)
    return path
