"""The rows an event's files show besides its lines, for their fingerprints.

A kept file (the Excel workbook, ``workbook_builds``; the PBN and USEBIO
files, ``file_builds``) is served while its fingerprint is the event's: the
lines' latest change says nothing of a pair's names, a chosen player, a deal
or the club's name, so each of these tables is read whole (``values_list()``,
one query each) into the fingerprint, and any change of them builds the file
again.  A teams event adds its competition, teams and their players, matches
and standings, which its files read.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Board, Club, Event, Pair, Section, Session
from tournaments.registry import event_game

# What a file shows of a chosen player: name and licence.
PLAYER_PARTS = ("player", "player__first_name", "player__last_name",
                "player__licence")  # fmt: skip


def shown_rows(event: Event) -> list[list[tuple[object, ...]]]:
    """Every row of the event's settings, club, sessions, sections, boards,
    pairs and their chosen players, and the game's own rows (a teams
    event's matches, ``Game.shown_rows``), each table in one query, in a
    fixed order."""
    in_event = {"section__session__event": event}
    players = Pair.players.through.objects.filter(pair__section__session__event=event)
    rows = [
        whole_rows(Event.objects.filter(pk=event.pk)),
        whole_rows(Club.objects.filter(pk=event.club_id)),
        whole_rows(Session.objects.filter(event=event)),
        whole_rows(Section.objects.filter(session__event=event)),
        whole_rows(Board.objects.filter(**in_event)),
        whole_rows(Pair.objects.filter(**in_event)),
        list(players.order_by("pk").values_list("pair", *PLAYER_PARTS)),
    ]
    return rows + event_game(event).shown_rows(event)


def whole_rows(rows: QuerySet) -> list[tuple[object, ...]]:
    """Every column of ``rows``, in key order."""
    return list(rows.order_by("pk").values_list())
