"""The teams game's Celery tasks: the next round, and the standings on demand.

They keep the names they were registered under in ``tournaments.tasks``
(``scoring.next_team_round``, ``scoring.team_standings``), so messages
already queued, schedules and logs still name them.  Celery's autodiscovery
imports only ``tournaments.tasks``: the teams game (``tournaments.teams.game``,
loaded when the app is ready, in the web process and in the worker alike)
imports this module so both tasks are registered.  The teams scorer queues
the next round by name (``NEXT_ROUND``) rather than importing this module,
which imports it.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Event
from tournaments.teams.rescore import NEXT_ROUND, standings_store
from tournaments.teams.rounds import next_round_create


@shared_task(name=NEXT_ROUND, acks_late=True)
def next_team_round(event_id: int) -> dict[str, int | None]:
    """Lay out a teams event's next Swiss round or knockout stage when one is due."""
    # Laying the round out pushes it to the event's pages and tablets.
    section = next_round_create(event_id)
    return {"event": event_id, "section": section.pk if section else None}


@shared_task(name="scoring.team_standings", acks_late=True)
def team_standings(event_id: int) -> dict[str, int]:
    """Recompute a teams event's standings from its stored matches."""
    return {"event": event_id, "teams": standings_store(Event.objects.get(pk=event_id))}
