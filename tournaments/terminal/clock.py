"""``/table/clock/``: the round clock as the signed-in tablet reads it.

The tablet's pages hold its token in the session, not in a header, so the
clock bar (``static/clock.js``) asks here: the same answer as
``GET /api/sections/{id}/clock/`` gives the table's token (the clock, the
general move, the table's own ``table_moves``).  No table signed in: 403.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments.api.clock import clock_body
from tournaments.selectors.round_clock import section_clock_state
from tournaments.services import tablet_access as access


@require_GET
def table_clock(request: HttpRequest) -> JsonResponse:
    """The clock of the signed-in table's section."""
    table = access.signed_in_table(request)
    if table is None:
        return JsonResponse({"detail": "No table is signed in."}, status=403)
    state = section_clock_state(table.section, timezone.now())
    body = clock_body(table.section, state, table=table)
    response = JsonResponse(dict(body))
    response["Cache-Control"] = "no-store"
    return response
