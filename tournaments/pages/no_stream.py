"""``/push/`` when the request reached Django: no push stream on this server.

The push streams are served by the ASGI entry point (``config.asgi``) before
Django sees the request.  A server that runs Django alone (``runserver``, a
WSGI-only deployment, the tests' live server) lands here: 204 tells the
browser's ``EventSource`` to stop reconnecting without a network error in the
console, and the pages go on polling (``static/live.js``, ``static/push.js``).
"""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def no_stream(request: HttpRequest) -> HttpResponse:
    """Say "no stream here" so the page falls back to polling."""
    return HttpResponse(status=204)
