"""The console's locked tablets: the director lifts a sign-in lock.

The rules and the store are in ``tournaments.services.sign_in_locks``; this
view only checks who asks (a logged-in director, a POST) and that the lock
is one the section's console shows: a device locked at one of the section's
tables, a device no table can be put to, or an address flood.  A lock of
another section's table is not found (404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.selectors.director_sections import section_for_director
from tournaments.services import sign_in_locks as locks


@staff_member_required
@require_POST
def lift_lock(request: HttpRequest, pk: int) -> HttpResponse:
    """Lift the lock named by ``scope`` ("device" or "address") and ``key``."""
    section = section_for_director(pk)
    scope = request.POST.get("scope", "")
    key = request.POST.get("key", "")[:80]
    if scope not in (locks.DEVICE, locks.ADDRESS) or not key:
        return HttpResponse(_("Name the lock to lift (scope and key)."), status=400)
    try:
        lifted = locks.lift(section, scope, key, request.user)
    except LookupError as error:
        raise Http404(_("This section shows no such lock.")) from error
    if lifted.table is not None:
        text = _("Table %(table)d's tablet may sign in again.") % {
            "table": lifted.table.number
        }
    else:
        text = _("Tablet %(device)s may sign in again.") % {"device": lifted.short_key}
    messages.success(request, text)
    return redirect("director:console", pk=pk)
