"""The event's table: one physical table across an event's rounds and sessions.

Each teams round (Swiss, round robin, knockout, patton, three-way) is a
session with its own section, and each session of a pairs event has its own
sections, so each holds its own ``Table`` rows, each with its own code.  The
players sit at the same numbered table all event long, so a tablet signs in
once: the event's table is every ``Table`` row of the event with the same
section letter and number, in session order; its code is the first row's
(``event_table_codes``, what the table cards print), and a token of any of its
rows plays at the row where the table plays now (``table_now``): from the
row it signed in at on, the first row of a session being played whose
table still has a round to play, else the last row being played (its last
round over, waiting for the next).

A token never leaves its event's table: not another number, letter, event
or club.  A session reopened after the tablet signed in is not one it plays
(the session's close signed it out of there, as before).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet

from tournaments.models import Match, Session, Table, TeamCompetition
from tournaments.services.table_rounds import current_round


def event_table_rows(table: Table) -> QuerySet[Table]:
    """Every row of ``table``'s event table, the first session's first."""
    return (
        Table.objects.filter(
            section__session__event_id=table.section.session.event_id,
            section__letter=table.section.letter,
            number=table.number,
        )
        .select_related("section__session__event")
        .order_by("section__session__number", "section_id")
    )


def rows_from(table: Table) -> QuerySet[Table]:
    """The event table's rows from ``table``'s session on: a tablet follows
    its event forward from where it signed in (a card printed with a later
    round's code starts there)."""
    return event_table_rows(table).filter(
        section__session__number__gte=table.section.session.number
    )


def event_table_codes(event_id: int, letter: str) -> dict[int, str]:
    """The codes the table cards print, by table number: each event table's
    first row's code (one query for a whole set of cards)."""
    rows = (
        Table.objects.filter(
            section__session__event_id=event_id, section__letter=letter
        )
        .order_by("section__session__number", "section_id")
        .values_list("number", "code")
    )
    codes: dict[int, str] = {}
    for number, code in rows:
        codes.setdefault(number, code)
    return codes


def _played_for(table: Table, signed_in_at: dt.datetime) -> bool:
    """Whether a tablet signed in at ``signed_in_at`` plays at this row now."""
    session = table.section.session
    if session.status != Session.Status.PLAYING:
        return False
    return session.reopened_at is None or signed_in_at >= session.reopened_at


def table_now(table: Table, signed_in_at: dt.datetime) -> Table | None:
    """Where the event table of ``table`` plays now for a tablet signed in at
    ``signed_in_at``, or None when none of its sessions is being played."""
    live = [row for row in rows_from(table) if _played_for(row, signed_in_at)]
    for row in live:
        if current_round(row) is not None:
            return row
    return live[-1] if live else None


def next_session_to_come(table: Table) -> bool:
    """Whether the event has a session still being set up after the
    sessions of ``table``'s event table that were played: its tablet waits
    for it, signed in."""
    played = rows_from(table).exclude(section__session__status=Session.Status.SETUP)
    last = played.values_list("section__session__number", flat=True).last()
    return Session.objects.filter(
        event_id=table.section.session.event_id,
        status=Session.Status.SETUP,
        number__gt=max(last or 0, table.section.session.number),
    ).exists()


def more_to_play(table: Table) -> bool:
    """Whether the event table plays again after this row: a later row laid
    out already (a round robin, a knockout's segments, a next session), a
    Swiss round still to pair, or a knockout stage still to pair."""
    session = table.section.session
    later = event_table_rows(table).filter(section__session__number__gt=session.number)
    if later.exists() or next_session_to_come(table):
        return True
    competition = TeamCompetition.objects.filter(event_id=session.event_id).first()
    if competition is None:
        return False
    stage = session.matches.values_list("stage", flat=True).first() or 0
    if competition.format == TeamCompetition.Format.SWISS:
        return stage < competition.rounds
    if competition.format == TeamCompetition.Format.KNOCKOUT:
        return _knockout_goes_on(session.event_id, stage)
    return False


def _knockout_goes_on(event_id: int, stage: int) -> bool:
    """Whether a knockout stage's table may play the next stage: a stage of
    several ties sends its winners on, to tables known only once it is
    paired; from then on a table not laid out there (its later rows, above)
    is done.  A final's extra boards show as later rows once laid out."""
    matches = Match.objects.filter(session__event_id=event_id)
    if matches.filter(stage__gt=stage).exists():
        return False
    return matches.filter(stage=stage, segment=1).count() > 1
