"""The director's round clock: start, pause, add time (every change pushed).

What the clock is and how it reads is in ``selectors/round_clock``; this
module is its one write path.  Each change locks the section's clock row
(``FOR UPDATE``) in a transaction of its own, writes it, keeps an entry in
the section's log (``SectionChange``, action "clock": the round, the state
and the seconds left before and after, who) and pushes ``clock`` to the
section's pages once it commits.

* ``start``: a paused clock resumes with the seconds it had left; a clock
  not running (never started, or its round's time ran out) starts the next
  round (the first time: the round most tables write now) for the set
  length.  ``seconds`` sets the length and starts the round afresh, and
  ``round`` names the round; a running clock refuses a plain start (409):
  pause it, add time, or give ``seconds`` to start again.
* ``pause``: freezes the seconds left (a paused clock stays paused); a clock
  not running cannot be paused (409).
* ``add``: adds (or, negative, takes away) seconds: a running clock ends no
  sooner than now (the round is then over), a paused one keeps at least 0;
  added to a round whose time ran out, it runs again for those seconds
  ("one more minute"); a clock never started has nothing to add to (409).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import RoundClock, Section, SectionChange
from tournaments.selectors.round_clock import ClockState, clock_state, default_length
from tournaments.services.clock_tables import opening_round
from tournaments.services.entry import StateConflict, retrying
from tournaments.services.push import CLOCK, section_pushed

START, PAUSE, ADD = "start", "pause", "add"
ACTIONS = (START, PAUSE, ADD)
# A round of two hours at most; time added or taken an hour at a time.
MAX_LENGTH = 2 * 3600
MAX_ADD = 3600


@dataclass(frozen=True)
class ClockChange:
    """What the director asks: an action, its seconds, maybe a round."""

    action: str
    seconds: int | None = None
    round: int | None = None


def clock_change(
    section: Section, change: ClockChange, user: AbstractBaseUser | None = None
) -> ClockState:
    """Check ``change`` against the section, then write it; the clock as it
    now reads.  ``ValidationError`` naming the faulty field (a 400), or
    ``StateConflict`` when the clock's state refuses it (a 409)."""
    _check(section, change)
    RoundClock.objects.get_or_create(
        section=section,
        defaults={"length": default_length(section), "round": 1},
    )
    return _write(section, change, user)


def _check(section: Section, change: ClockChange) -> None:
    if change.action not in ACTIONS:
        raise _refused("action", _("Choose start, pause or add."))
    seconds = change.seconds
    if change.action == ADD:
        if seconds is None or seconds == 0 or abs(seconds) > MAX_ADD:
            raise _refused(
                "seconds",
                _("Give the seconds to add: -%(most)d to %(most)d, not 0.")
                % {"most": MAX_ADD},
            )
    elif (
        change.action == START
        and seconds is not None
        and (not 1 <= seconds <= MAX_LENGTH)
    ):
        raise _refused(
            "seconds",
            _("A round lasts 1 to %(most)d seconds.") % {"most": MAX_LENGTH},
        )
    if change.round is not None and not 1 <= change.round <= section.rounds:
        raise _refused(
            "round",
            _("Round %(round)d is not in this section's movement.")
            % {"round": change.round},
        )


def _refused(field: str, message: str) -> ValidationError:
    return ValidationError({field: message})


@retrying
def _write(
    section: Section, change: ClockChange, user: AbstractBaseUser | None
) -> ClockState:
    clock = RoundClock.objects.select_for_update().get(section=section)
    now = timezone.now()
    before = clock_state(clock, now)
    write = _ClockWrite(clock, change, before, section, now)
    {START: _start, PAUSE: _pause, ADD: _add}[change.action](write)
    clock.changed_by = user
    clock.save()
    after = clock_state(clock, now)
    SectionChange.objects.create(
        section=section,
        action=SectionChange.Action.CLOCK,
        round=clock.round,
        before=_logged(before),
        after={**_logged(after), "action": change.action},
        user=user,
    )
    section_pushed(section.pk, CLOCK)
    return after


@dataclass(frozen=True)
class _ClockWrite:
    """One change being written: the locked clock row, what is asked, the
    clock as it read before, its section and the time of the change."""

    clock: RoundClock
    change: ClockChange
    before: ClockState
    section: Section
    now: dt.datetime


def _logged(state: ClockState) -> dict[str, object]:
    return {
        "round": state.round,
        "state": state.state,
        "seconds_left": state.seconds_left,
    }


def _start(write: _ClockWrite) -> None:
    clock, change, before = write.clock, write.change, write.before
    if change.seconds is not None:
        clock.length = change.seconds
    if change.round is not None:
        clock.round = change.round
    elif before.state == ClockState.PAUSED and change.seconds is None:
        pass  # resume the paused round
    elif before.state == ClockState.RUNNING:
        if change.seconds is None:
            raise StateConflict(
                _("The clock is already running: pause it or add time.")
            )
    elif before.ended:
        clock.round = min(clock.round + 1, write.section.rounds)
    elif clock.ends_at is None and clock.paused_left is None:
        clock.round = opening_round(write.section)
    if (
        before.state == ClockState.PAUSED
        and change.seconds is None
        and (change.round is None)
    ):
        left = clock.paused_left or 0
    else:
        left = clock.length
    clock.ends_at = write.now + dt.timedelta(seconds=left)
    clock.paused_left = None


def _pause(write: _ClockWrite) -> None:
    state = write.before.state
    if state == ClockState.PAUSED:
        return
    if state != ClockState.RUNNING:
        raise StateConflict(_("The clock is not running."))
    write.clock.paused_left = write.before.seconds_left
    write.clock.ends_at = None


def _add(write: _ClockWrite) -> None:
    clock, before, now = write.clock, write.before, write.now
    seconds = write.change.seconds or 0
    if before.state == ClockState.PAUSED:
        clock.paused_left = max(0, (clock.paused_left or 0) + seconds)
    elif before.state == ClockState.RUNNING:
        clock.ends_at = max(now, clock.ends_at + dt.timedelta(seconds=seconds))
    elif before.ended and seconds > 0:
        clock.ends_at = now + dt.timedelta(seconds=seconds)
    else:
        raise StateConflict(_("Start the clock first."))
