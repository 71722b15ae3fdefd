"""The director signs tablets out: all of a section's, or a table's by a new code.

Both are POSTs from the section page.  "Sign out all tablets" revokes every
live grant of the section's tables (nobody else's); "New code" gives one
table a new sign-in code, which signs out every tablet of that table, the
old code then matching nothing.  The grants keep who revoked them and when
(``services.tablet_grants``), and the message says how many tablets.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.selectors.director_sections import section_for_director, table_at
from tournaments.services.tablet_grants import give_new_code, revoke_section


@staff_member_required
@require_POST
def sign_out_all(request: HttpRequest, pk: int) -> HttpResponse:
    """Sign out every tablet of the section; they sign in again with their code."""
    section = section_for_director(pk)
    count = revoke_section(section, request.user)
    messages.success(
        request,
        ngettext(
            "%(count)d tablet signed out of section %(letter)s.",
            "%(count)d tablets signed out of section %(letter)s.",
            count,
        )
        % {"count": count, "letter": section.letter},
    )
    return redirect("director:section", pk=pk)


@staff_member_required
@require_POST
def table_new_code(request: HttpRequest, pk: int) -> HttpResponse:
    """Give the section's table numbered ``table`` (POST) a new code, signing
    its tablets out."""
    section = section_for_director(pk)
    number = request.POST.get("table", "")
    if not number.isdigit():
        return HttpResponse(_("Name the table (its number)."), status=400)
    table = table_at(section.pk, int(number))
    code, count = give_new_code(table, request.user)
    messages.success(
        request,
        ngettext(
            "Table %(table)d's new code is %(code)s (print its card again); "
            "%(count)d tablet signed out.",
            "Table %(table)d's new code is %(code)s (print its card again); "
            "%(count)d tablets signed out.",
            count,
        )
        % {"table": table.number, "code": code, "count": count},
    )
    return redirect("director:section", pk=pk)
