"""The table terminal for Chinese bridge: the round's match and its hands.

The tablet of table t shows, round by round, the two players it seats, who
deals each hand (player a the odd hands, b the even ones), and takes each
hand as the first player's tricks (the other's are the rest of the 26).  The
other player then agrees with the hand, or calls the director, as the
opponents do in pairs; until then the hand can be corrected from the same
form.  A match to a number of points offers the next hand until a player is
ahead at the target.  Every refusal names its field in words (a form's
errors, the write path's refusals), never a Python error text.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.chinese_bridge import TRICKS_PER_HAND
from tournaments.chinese.selectors import match_hand, match_hands, table_matches
from tournaments.chinese.services import (
    MAX_TARGET_HANDS,
    chinese_hand_answer,
    chinese_hand_submit,
    hand_dealer,
    match_finished,
)
from tournaments.models import ChineseHand, ChineseMatch, ChineseSettings, Source, Table
from tournaments.services.entry import refusal_messages, refusal_status


class ChineseHandForm(forms.Form):
    """A hand typed on the tablet: its number and the first player's tricks."""

    hand = forms.IntegerField(
        label=gettext_lazy("Hand"), min_value=1, max_value=MAX_TARGET_HANDS
    )
    tricks_a = forms.IntegerField(
        label=gettext_lazy("Tricks"), min_value=0, max_value=TRICKS_PER_HAND
    )


class ChineseAnswerForm(forms.Form):
    """The other player's answer to a hand: agree, or call the director."""

    hand = forms.IntegerField(
        label=gettext_lazy("Hand"), min_value=1, max_value=MAX_TARGET_HANDS
    )
    answer = forms.ChoiceField(
        label=gettext_lazy("Answer"),
        choices=[("agree", "agree"), ("dispute", "dispute")],
    )


def chinese_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The match at this table in the round asked for (or the first unfinished)."""
    section = table.section
    settings = section.chinese
    matches = table_matches(table)
    if not matches:
        raise Http404(_("Nobody plays at this table."))
    number = _round_asked(request, matches, settings)
    match = matches[number]
    errors: list[str] = []
    status = 200
    if request.method == "POST" and match.b_id is not None:
        errors, status = _post(request, match, table)
        if not errors:
            return redirect(f"{request.path}?round={number}")
    context = {
        "table": table,
        "event": section.session.event,
        "settings": settings,
        "round": number,
        "rounds": sorted(matches),
        "match": match,
        **_hands(match, settings),
        "errors": errors,
    }
    return render(request, "chinese/terminal_play.html", context, status=status)


def _round_asked(
    request: HttpRequest, matches: dict[int, ChineseMatch], settings: ChineseSettings
) -> int:
    """The round in the query (or the form), else the first match not over."""
    asked = request.GET.get("round") or request.POST.get("round") or ""
    number = int(asked) if asked.isdigit() else 0
    if number in matches:
        return number
    for round_number, match in sorted(matches.items()):
        played = [h.tricks_a for h in match_hands(match)]
        if match.b_id and not match_finished(settings, played):
            return round_number
    return max(matches)


def _post(
    request: HttpRequest, match: ChineseMatch, table: Table
) -> tuple[list[str], int]:
    """Store a hand or the answer to one; the errors and the status."""
    answering = "answer" in request.POST
    form = (ChineseAnswerForm if answering else ChineseHandForm)(request.POST)
    if not form.is_valid():
        return _form_errors(form), 400
    data = form.cleaned_data
    try:
        if answering:
            hand = match_hand(match, data["hand"])
            if hand is None:
                raise Http404(_("This table has no such result."))
            chinese_hand_answer(
                hand,
                agree=data["answer"] == "agree",
                source=Source.TABLE,
                table=table,
            )
        else:
            chinese_hand_submit(
                match=match,
                number=data["hand"],
                tricks_a=data["tricks_a"],
                source=Source.TABLE,
            )
    except (ValidationError, PermissionDenied) as error:
        return refusal_messages(error), refusal_status(error)
    return [], 200


def _form_errors(form: forms.Form) -> list[str]:
    """Each error with its field's name: "Tricks: Enter a whole number."."""
    return [
        f"{form.fields[name].label}: {message}" if name in form.fields else message
        for name, messages in form.errors.items()
        for message in messages
    ]


def _hands(match: ChineseMatch, settings: ChineseSettings) -> dict[str, object]:
    """The hands the tablet lists, each with its dealer and state, and the
    match's state: over or not, the leader."""
    stored = {hand.number: hand for hand in match_hands(match)}
    played = [stored[n].tricks_a for n in sorted(stored)]
    over = match.b_id is not None and match_finished(settings, played)
    if settings.target:
        shown = len(stored) if over else min(len(stored) + 1, MAX_TARGET_HANDS)
    else:
        shown = settings.hands
    rows = [
        (n, hand_dealer(match, n), stored.get(n), _locked(stored.get(n)))
        for n in range(1, shown + 1)
    ]
    return {"hands": rows, "over": over}


def _locked(hand: ChineseHand | None) -> bool:
    """Agreed, disputed or the director's: the tablet no longer changes it."""
    return hand is not None and (
        hand.confirmed is not None or hand.disputed or hand.source != Source.TABLE
    )
