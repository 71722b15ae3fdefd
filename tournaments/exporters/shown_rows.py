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

from tournaments.models import (
    Board,
    Club,
    Event,
    Match,
    Pair,
    Section,
    Session,
    Team,
    TeamCompetition,
    TeamScore,
)

# What a file shows of a chosen player: name and licence.
PLAYER_PARTS = ("player", "player__first_name", "player__last_name",
                "player__licence")  # fmt: skip


def shown_rows(event: Event) -> list[list[tuple[object, ...]]]:
    """Every row of the event's settings, club, sessions, sections, boards,
    pairs and their chosen players (and, for teams, what ``teams_rows``
    reads), each table in one query, in a fixed order."""
    in_event = {"section__session__event": event}
    players = Pair.players.through.objects.filter(pair__section__session__event=event)
    rows = [
        _whole(Event.objects.filter(pk=event.pk)),
        _whole(Club.objects.filter(pk=event.club_id)),
        _whole(Session.objects.filter(event=event)),
        _whole(Section.objects.filter(session__event=event)),
        _whole(Board.objects.filter(**in_event)),
        _whole(Pair.objects.filter(**in_event)),
        list(players.order_by("pk").values_list("pair", *PLAYER_PARTS)),
    ]
    if event.kind == Event.Kind.TEAMS:
        rows += teams_rows(event)
    return rows


def teams_rows(event: Event) -> list[list[tuple[object, ...]]]:
    """A teams event's competition, teams, their chosen players, matches
    (teams met, IMPs, points) and standings, each in one query."""
    players = Team.players.through.objects.filter(team__event=event)
    return [
        _whole(TeamCompetition.objects.filter(event=event)),
        _whole(Team.objects.filter(event=event)),
        list(players.order_by("pk").values_list("team", *PLAYER_PARTS)),
        _whole(Match.objects.filter(session__event=event)),
        _whole(TeamScore.objects.filter(team__event=event)),
    ]


def _whole(rows: QuerySet) -> list[tuple[object, ...]]:
    return list(rows.order_by("pk").values_list())
