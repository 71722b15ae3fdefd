"""The table terminal for Chinese bridge: the round's match and its hands.

The tablet of table t shows, round by round, the two players it seats and
takes each hand as the first player's tricks (the other's are the rest of
the 26); a hand already entered can be corrected from the same form.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.models import ChineseMatch, Source, Table
from tournaments.services.chinese import chinese_hand_submit
from tournaments.services.entry import refusal_messages


def chinese_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The match at this table in the round asked for (or the first unfinished)."""
    section = table.section
    settings = section.chinese
    matches = {
        match.round: match
        for match in ChineseMatch.objects.filter(
            section=section, table=table.number
        ).select_related("a__player", "b__player")
    }
    if not matches:
        raise Http404(_("Nobody plays at this table."))
    asked = request.GET.get("round") or request.POST.get("round")
    try:
        number = int(asked) if asked else 0
    except ValueError:
        number = 0
    if number not in matches:
        number = next(
            (r for r, m in sorted(matches.items())
             if m.b_id and m.hands_played < settings.hands),
            max(matches),
        )  # fmt: skip
    match = matches[number]
    errors: list[str] = []
    if request.method == "POST" and match.b_id is not None:
        try:
            chinese_hand_submit(
                match=match,
                number=int(request.POST.get("hand", "0") or 0),
                tricks_a=int(request.POST.get("tricks_a", "-1") or -1),
                source=Source.TABLE,
            )
        except (ValidationError, PermissionDenied, ValueError) as error:
            errors = refusal_messages(error)
        else:
            return redirect(f"{request.path}?round={number}")
    hands = {hand.number: hand for hand in match.hands.all()}
    context = {
        "table": table,
        "event": section.session.event,
        "settings": settings,
        "round": number,
        "rounds": sorted(matches),
        "match": match,
        "hands": [(n, hands.get(n)) for n in range(1, settings.hands + 1)],
        "errors": errors,
    }
    return render(
        request, "terminal/chinese_play.html", context, status=400 if errors else 200
    )
