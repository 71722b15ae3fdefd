"""The director's round clock: the console's controls and the room screen.

The console's form posts here (start the round for a length in minutes,
pause, resume, one more minute) and ``services.round_clock`` writes.  The
room screen (``sections/<pk>/clock/``) is a full-screen page for the
projector: big digits counting down, then the move.  It is the director's
(signed in, this club's): a projector is plugged into the director's
computer, and a public address would let anyone in the room, or outside
it, watch the club's round clock and the console's section by its number.
Both pages count down by themselves (``static/clock.js``) from what
``GET /api/sections/{id}/clock/`` answers, fetched again when the push says
the clock changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Section
from tournaments.selectors.director_sections import (
    section_for_director,
)
from tournaments.selectors.lookups import section_with_event
from tournaments.selectors.movement import section_movement
from tournaments.selectors.round_clock import ClockState, section_clock_state
from tournaments.selectors.round_moves import round_move
from tournaments.services.clock_tables import late_tables
from tournaments.services.round_clock import (
    ADD,
    PAUSE,
    START,
    ClockChange,
    clock_change,
)

# The console's buttons: what each asks of the clock.
ONE_MINUTE = 60


def console_clock(section: Section) -> dict[str, object]:
    """What the console's clock panel shows before its script runs."""
    state = section_clock_state(section, timezone.now())
    return {
        "clock": state,
        "clock_minutes": f"{state.length / 60:.2f}".rstrip("0").rstrip("."),
        "clock_late": late_tables(section, state),
        "clock_move": round_move(section_movement(section), state.round),
    }


def clock_text(seconds: int) -> str:
    """Minutes and seconds as the clock shows them: "12:05"."""
    return f"{seconds // 60}:{seconds % 60:02d}"


@staff_member_required
@require_POST
def clock_control(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the round for the minutes typed, pause, resume, add a minute."""
    section = section_for_director(pk)
    button = request.POST.get("action", "")
    try:
        change = _asked(button, request.POST.get("minutes", ""))
        clock_change(section, change, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _said(button))
    return redirect("director:console", pk=pk)


def _asked(button: str, minutes: str) -> ClockChange:
    if button == START:
        try:
            seconds = round(float(minutes.replace(",", ".")) * 60)
        except ValueError:
            raise ValidationError(
                {"minutes": _("Type the round's length in minutes.")}
            ) from None
        return ClockChange(START, seconds=seconds)
    if button == "resume":
        return ClockChange(START)
    if button == PAUSE:
        return ClockChange(PAUSE)
    if button == ADD:
        return ClockChange(ADD, seconds=ONE_MINUTE)
    return ClockChange(button)


def _said(button: str) -> str:
    return {
        START: _("The round clock started."),
        "resume": _("The round clock runs again."),
        PAUSE: _("The round clock is paused."),
        ADD: _("One minute added to the round."),
    }.get(button, "")


@staff_member_required
def clock_room(request: HttpRequest, pk: int) -> HttpResponse:
    """The room's screen: the round, the time left in big digits, the move."""
    section = section_with_event(pk)
    state = section_clock_state(section, timezone.now())
    context = {
        "section": section,
        "clock": state,
        "clock_time": clock_text(state.seconds_left),
        "clock_move": round_move(section_movement(section), state.round),
        "running": ClockState.RUNNING,
    }
    return render(request, "director/clock_room.html", context)
