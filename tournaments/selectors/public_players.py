"""Which of a club's players a reader may see named.

A club's roster is personal data: the public (anybody not directing the
club: an anonymous reader, a player's login, a table token, another club's
director) reads only the players entered in a *published* event
(``Event.published``, set by ``services.publication.event_publish``), whose
names the published rankings print anyway.  A player only on the roster,
or only in events not yet published, stays unnamed.  The club's directors
(and a site administrator) see every player of their clubs.

A player is entered in an event through a pair, a team, or an entrant of
the individual games; ``ENTRIES`` names each way and the path from it to
its event (``tests`` check that every relation to ``Player`` is there).
"""

from __future__ import annotations

from django.db.models import Model, Q, QuerySet

from tournaments import access
from tournaments.access import User
from tournaments.models import (
    BarbuEntrant,
    BridgeoteEntrant,
    ChinesePlayer,
    IndividualEntrant,
    Pair,
    Player,
    Team,
    WhizEntrant,
)

_SECTION_EVENT = "section__session__event"
# Each model entering players in events: (its field naming the player(s),
# the path from it to the event).
ENTRIES: dict[type[Model], tuple[str, str]] = {
    Pair: ("players", _SECTION_EVENT),
    Team: ("players", "event"),
    WhizEntrant: ("player", _SECTION_EVENT),
    BarbuEntrant: ("player", _SECTION_EVENT),
    BridgeoteEntrant: ("player", _SECTION_EVENT),
    ChinesePlayer: ("player", _SECTION_EVENT),
    IndividualEntrant: ("player", _SECTION_EVENT),
}


def published_players() -> Q:
    """The players entered in at least one published event."""
    query = Q(pk__in=[])
    for model, (player, event) in ENTRIES.items():
        entered = model.objects.filter(**{f"{event}__published": True})
        query |= Q(pk__in=entered.values(player))
    return query


def visible_players(user: User | None) -> QuerySet[Player]:
    """The players ``user`` may see named: every player of the clubs they
    direct, and those of a published event."""
    players = Player.objects.all()
    if access.is_site_admin(user):
        return players
    return players.filter(published_players() | Q(club__in=access.directed_clubs(user)))
