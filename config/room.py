"""The room's public address: the URL tablets on the club's network open.

``scripts/serve.sh`` exports ``DONNE_PUBLIC_URL`` (e.g.
``http://192.168.1.20:8000``).  The settings derive from it the host Django
must accept and the origin its CSRF check must trust, on top of whatever
``DJANGO_ALLOWED_HOSTS`` and ``DJANGO_CSRF_TRUSTED_ORIGINS`` already say,
and the table cards print it instead of the address the director's own
browser happens to use.  Pure functions, so the settings stay readable and
the derivation is tested without starting Django.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured


def public_url(text: str) -> str:
    """``text`` as a clean base URL ("http://host:port", no trailing slash),
    or "" when unset; a URL that is not a plain http(s) origin is refused."""
    text = text.strip()
    if not text:
        return ""
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError as error:
        message = f"DONNE_PUBLIC_URL has a bad port: {text}"
        raise ImproperlyConfigured(message) from error
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ImproperlyConfigured(
            f"DONNE_PUBLIC_URL must look like http://192.168.1.20:8000, not {text!r}"
        )
    if parts.path.strip("/") or parts.query or parts.fragment or parts.username:
        raise ImproperlyConfigured(
            f"DONNE_PUBLIC_URL is an origin only (no path, query or login): {text}"
        )
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def allowed_hosts(base: list[str], url: str) -> list[str]:
    """``base`` plus the public URL's host name (once)."""
    hosts = [host for host in base if host]
    if url:
        host = urlsplit(url).hostname or ""
        if host and host not in hosts:
            hosts.append(host)
    return hosts


def trusted_origins(base: list[str], url: str) -> list[str]:
    """``base`` plus the public URL itself, the origin the tablets post from."""
    origins = [origin for origin in base if origin]
    if url and url not in origins:
        origins.append(url)
    return origins


def secure_cookies_default(url: str) -> bool:
    """Cookies are HTTPS-only unless the room is served over plain HTTP: a
    secure cookie is never sent back over http://, which would leave every
    tablet without a session or a CSRF cookie."""
    return not url.startswith("http://")
