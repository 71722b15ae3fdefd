"""Deleting an event with everything under it, once its name is typed back.

A director deletes an event created by mistake or no longer wanted: its
sessions, sections, pairs, boards, lines, audit rows, teams, matches and
scores all go, in one transaction, so a failure leaves the event whole.  The
director types the event's name to confirm (a slip of the mouse cannot
delete a night's results), and an event with a session being played is
refused: tablets are writing to it.  The deletion is logged (who, which
event, how many rows), since the event's own audit trail goes with it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import (
    BarbuDeal,
    ChineseHand,
    ChineseMatch,
    Event,
    Match,
    Pair,
    Result,
    Section,
    Session,
    WhizResult,
)

logger = logging.getLogger(__name__)


class EventInPlay(Exception):
    """The event has a session being played: it cannot be deleted now."""

    def __init__(self, sessions: list[int]) -> None:
        self.sessions = sessions
        numbers = ", ".join(str(number) for number in sessions)
        super().__init__(
            _(
                "Session %(numbers)s of this event is being played: close it "
                "before deleting the event."
            )
            % {"numbers": numbers}
        )


@dataclass(frozen=True)
class EventContents:
    """What deleting an event removes, shown before the director confirms."""

    sessions: int
    sections: int
    pairs: int
    lines: int


def event_contents(event: Event) -> EventContents:
    """How many sessions, sections, pairs and lines (of every game) it holds."""
    within = {"section__session__event": event}
    lines = (
        Result.objects.filter(board__section__session__event=event).count()
        + WhizResult.objects.filter(board__section__session__event=event).count()
        + BarbuDeal.objects.filter(table__section__session__event=event).count()
        + ChineseHand.objects.filter(match__section__session__event=event).count()
    )
    return EventContents(
        sessions=event.sessions.count(),
        sections=Section.objects.filter(session__event=event).count(),
        pairs=Pair.objects.filter(**within).count(),
        lines=lines,
    )


def playing_sessions(event: Event) -> list[int]:
    """The numbers of the event's sessions being played."""
    playing = event.sessions.filter(status=Session.Status.PLAYING)
    return list(playing.order_by("number").values_list("number", flat=True))


def check_confirmation(event: Event, confirm: object) -> None:
    """Refuse (``confirm``) unless the event's name was typed back exactly.

    Spaces around the typed name are forgiven; case is not: the name is
    typed to prove the director means this event.
    """
    typed = confirm.strip() if isinstance(confirm, str) else ""
    if not typed:
        raise ValidationError(
            {"confirm": _("Type the event's name to confirm its deletion.")}
        )
    if typed != event.name.strip():
        raise ValidationError(
            {
                "confirm": _(
                    "The name typed is not the event's name (“%(name)s”): "
                    "nothing was deleted."
                )
                % {"name": event.name}
            }
        )


def event_delete(
    event_id: int,
    *,
    confirm: object,
    user: AbstractBaseUser | AnonymousUser | None,
) -> str:
    """Delete the event and everything under it; the deleted event's name.

    Raises ``Event.DoesNotExist``, ``ValidationError`` (``confirm``: the
    name typed is not the event's) or ``EventInPlay``.  The event row is
    locked first, then its sessions, so a session opened meanwhile is
    seen (or waits for the deletion, and finds nothing).
    """
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        check_confirmation(event, confirm)
        # Its sessions too: one being opened meanwhile waits, then finds no event.
        list(Session.objects.select_for_update().filter(event=event))
        playing = playing_sessions(event)
        if playing:
            raise EventInPlay(playing)
        name, date = event.name, event.date
        lines = _delete_lines(event)
        total, by_model = event.delete()
    logger.info(
        "Event %s “%s” of %s deleted by %s: %d rows (%d lines; %s)",
        event_id,
        name,
        date,
        getattr(user, "username", "") or "anonymous",
        total + lines,
        lines,
        ", ".join(f"{label} {count}" for label, count in sorted(by_model.items())),
    )
    return name


def _delete_lines(event: Event) -> int:
    """Delete the event's lines and matches first: each protects (PROTECT)
    the pairs, players or teams it names from the event's cascade."""
    in_event = {"section__session__event": event}
    deleted = 0
    for rows in (
        Result.objects.filter(board__section__session__event=event),
        WhizResult.objects.filter(board__section__session__event=event),
        BarbuDeal.objects.filter(table__section__session__event=event),
        ChineseMatch.objects.filter(**in_event),
        Match.objects.filter(session__event=event),
    ):
        deleted += rows.delete()[0]
    return deleted
