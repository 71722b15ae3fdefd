"""Tell the live pages what changed, once the write commits.

One line where a change happens: ``section_pushed(section_id, LINE,
table=3)``.  The changes of one transaction are gathered by section and
sent together when it commits (a rolled-back transaction sends nothing,
though its changes may ride along with the thread's next commit: a
needless refresh, never a lost one).  Each section gets one message on its
topic, and its event one on its own, saying what changed and at which
tables, with a version (the publishing time in milliseconds):

* ``LINE``: a line stored, agreed, disputed, corrected or resolved;
* ``ROUND``: the director moved a table on;
* ``MOVEMENT``: a late pair, a withdrawal, an absent pair, the arrow switch;
* ``SCORES``: the section was rescored;
* ``CLOCK``: the director started, paused or added time to the round clock.

The pages then fetch what they show through their own views: nothing
private is pushed.  A push that cannot be sent is logged; the pages' poll
catches up.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable
from functools import partial

from django.db import transaction

from tournaments.live import channel
from tournaments.live.topics import event_topic, section_topic

logger = logging.getLogger(__name__)

LINE = "line"
ROUND = "round"
MOVEMENT = "movement"
SCORES = "scores"
CLOCK = "clock"
EVENT = "event"

_pending = threading.local()


def section_pushed(
    section_id: int,
    change: str,
    table: int | None = None,
    *,
    event_id: int | None = None,
) -> None:
    """Push ``change`` (at ``table``, when it concerns one) to the pages
    watching the section and its event, once the transaction commits.

    ``event_id``: the section's event, when the caller has it read already
    (else the flush reads it, one query for the batch)."""
    changes, tables = _batch().setdefault(int(section_id), (set(), set()))
    changes.add(change)
    if table is not None:
        tables.add(int(table))
    if event_id is not None:
        _events()[int(section_id)] = int(event_id)
    transaction.on_commit(flush, robust=True)


def sections_pushed(
    section_ids: Iterable[int],
    change: str,
    events: dict[int, int] | None = None,
) -> None:
    """``section_pushed`` for several sections (a field scored together);
    ``events``: their events by section id, when the caller has them."""
    for section_id in section_ids:
        section_pushed(section_id, change, event_id=(events or {}).get(section_id))


def event_pushed(event_id: int, change: str = EVENT) -> None:
    """Push a change of the event itself (a new round's section) to its
    public pages, once the transaction commits."""
    message = {"topic": event_topic(event_id), "changes": [change], "tables": []}
    sent = {message["topic"]: _data(message)}
    transaction.on_commit(partial(channel.publish, sent), robust=True)


def _batch() -> dict[int, tuple[set[str], set[int]]]:
    batch = getattr(_pending, "sections", None)
    if batch is None:
        batch = _pending.sections = {}
    return batch


def _events() -> dict[int, int]:
    """The events of the batch's sections its callers named (by section id)."""
    events = getattr(_pending, "events", None)
    if events is None:
        events = _pending.events = {}
    return events


def flush() -> None:
    """Send what this thread's committed writes changed (never raises)."""
    batch = _batch()
    if not batch:
        return
    known = _events()
    _pending.sections = {}
    _pending.events = {}
    try:
        channel.publish(_messages(batch, known))
    except Exception:
        logger.exception("Could not push the changes of sections %s", list(batch))


def _messages(
    batch: dict[int, tuple[set[str], set[int]]], known: dict[int, int] | None = None
) -> dict[str, str]:
    """One message a section on its topic, and the same on its event's (the
    events not ``known`` read in one query)."""
    from tournaments.models import Section

    events = {pk: event for pk, event in (known or {}).items() if pk in batch}
    unknown = [pk for pk in batch if pk not in events]
    if unknown:
        events.update(
            Section.objects.filter(pk__in=unknown).values_list(
                "pk", "session__event_id"
            )
        )
    version = int(time.time() * 1000)
    messages: dict[str, str] = {}
    by_event: dict[int, tuple[set[str], set[int]]] = {}
    for section_id, (changes, tables) in batch.items():
        topic = section_topic(section_id)
        messages[topic] = _data(
            {"topic": topic, "changes": sorted(changes), "tables": sorted(tables),
             "version": version}
        )  # fmt: skip
        if section_id in events:
            merged = by_event.setdefault(events[section_id], (set(), set()))
            merged[0].update(changes)
    for event_id, (changes, _tables) in by_event.items():
        topic = event_topic(event_id)
        messages[topic] = _data(
            {"topic": topic, "changes": sorted(changes), "tables": [],
             "version": version}
        )  # fmt: skip
    return messages


def _data(message: dict[str, object]) -> str:
    message.setdefault("version", int(time.time() * 1000))
    return json.dumps(message, separators=(",", ":"))
