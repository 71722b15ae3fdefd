"""The director changes who played: a pair's players (a substitute), and a
traveller line's direction (the pairs sat the wrong way round).

Thin views over ``services.pairs`` and ``services.line_pairs``; a refusal
comes back as a message naming the field, on the page the director was on.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.return_to import section_or_console
from tournaments.selectors.director_lines import board_line
from tournaments.selectors.director_sections import pair_with_event
from tournaments.services.entry import refusal_messages
from tournaments.services.line_pairs import line_swap
from tournaments.services.pairs import (
    missing_players_text,
    pair_players_change,
    player_count,
)


@staff_member_required
@require_POST
def line_swap_view(
    request: HttpRequest, pk: int, number: int, result_pk: int
) -> HttpResponse:
    """Swap a stored line's NS and EW pairs (the result stays with the seats)."""
    result = board_line(pk, number, result_pk)
    seen = request.GET.get("ns", "")
    expected = int(seen) if seen.isdigit() and len(seen) < 12 else None
    try:
        line = line_swap(result, user=request.user, expected_ns=expected)
    except ValidationError as error:
        for message in refusal_messages(error):
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Board %(board)d: %(ns)s sat North-South, %(ew)s East-West.")
            % {"board": number, "ns": line.ns_pair.label, "ew": line.ew_pair.label},
        )
    return redirect("director:traveller", pk, number)


@staff_member_required
@require_POST
def pair_players(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    """Change a pair's players (a substitute), at any time; audited."""
    pair = pair_with_event(pk, pair_pk)
    names = [request.POST.get("a", ""), request.POST.get("b", "")]
    try:
        changed = pair_players_change(pair, names, user=request.user)
    except ValidationError as error:
        for message in refusal_messages(error):
            messages.error(request, _("players: %(error)s") % {"error": message})
        return redirect("director:section", pk)
    if changed:
        messages.success(
            request,
            _("Pair %(pair)s: %(names)s.")
            % {"pair": pair.label, "names": pair.names or "—"},
        )
    if player_count(pair) < 2:
        messages.warning(request, missing_players_text([pair]))
    return section_or_console(request, pk)
