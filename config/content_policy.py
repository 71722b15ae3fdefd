"""The Content-Security-Policy every response carries (django-csp).

Donne's own pages (the results, the tablets' terminal, the director's
console and forms) load scripts and styles from this site only: no inline
script, no inline event handler, no inline style (``static/donne.js`` holds
the pages' few behaviours, ``static/donne.css`` their notices).  So a name
or a note a director types that slipped through escaping still runs nothing.

Two families of pages Donne does not write keep inline *styles* (never
inline scripts): the Django admin (a ``<style>`` block on its change lists)
and the API's HTML pages (the browsable API's ``style`` attributes, the
Swagger and Redoc pages' ``<style>`` blocks and the styles their scripts
inject; Redoc also runs its search in a worker made from a ``blob:``).
``RELAXED`` names them by path; the Swagger page is drf-spectacular's
"split" view, whose start-up script is a file of its own, not inline.
"""

from __future__ import annotations

from csp.constants import NONE, SELF, UNSAFE_INLINE
from csp.middleware import CSPMiddleware, PolicyParts
from django.http import HttpRequest, HttpResponseBase

INLINE_STYLES = {"style-src": [SELF, UNSAFE_INLINE]}
# Path prefix: the directives it replaces (the first prefix that matches).
RELAXED: dict[str, dict[str, list[str]]] = {
    "/api/redoc/": {**INLINE_STYLES, "worker-src": [SELF, "blob:"]},
    "/api/": INLINE_STYLES,
    "/admin/": INLINE_STYLES,
}


def policy(connect: str = "") -> dict[str, object]:
    """The ``CONTENT_SECURITY_POLICY`` setting: this site only, plus the
    comma-separated ``connect`` origins the pages may also call (a push
    server on another address, ``DONNE_CSP_CONNECT_SRC``)."""
    extra = [origin.strip() for origin in connect.split(",") if origin.strip()]
    return {
        "DIRECTIVES": {
            "default-src": [SELF],
            "script-src": [SELF],
            "style-src": [SELF],
            "img-src": [SELF, "data:"],
            "font-src": [SELF],
            "connect-src": [SELF, *extra],
            "object-src": [NONE],
            "base-uri": [SELF],
            "form-action": [SELF],
            "frame-ancestors": [NONE],
        }
    }


class ContentPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with the ``RELAXED`` paths' directives."""

    def get_policy_parts(
        self,
        request: HttpRequest,
        response: HttpResponseBase,
        report_only: bool = False,
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if report_only:
            return parts
        relaxed = next(
            (rules for prefix, rules in RELAXED.items()
             if request.path_info.startswith(prefix)),
            None,
        )  # fmt: skip
        if relaxed is not None:
            parts.replace = {**relaxed, **(parts.replace or {})}
        return parts
