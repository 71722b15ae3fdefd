"""Creating an event over the API: the input, output and view the games share.

Whiz, Barbu and Chinese bridge events are one section of players entered
one by one; a teams event is created the same way from its teams.  Each
game keeps only what differs: its input fields (the base input serializer
holds the name, date, club and players, checked the same way), its output
fields, and the service that creates it.  :func:`event_create_view` makes
the director-only ``POST`` that validates, creates and answers 201 (a
refusal of the service is a 400 naming the field).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.decorators import permission_classes as permissions
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import access
from tournaments.api.entries import service_refusals, validated
from tournaments.api.events import ApiAccess
from tournaments.api.permissions import DirectorOnly
from tournaments.models import Club, Event, Section
from tournaments.selectors.api_clubs import all_clubs, all_players, directed_players
from tournaments.selectors.api_events import single_section
from tournaments.selectors.api_sections import section_entrants
from tournaments.services.single_section import PlayerEntry


class DirectedPlayerField(serializers.PrimaryKeyRelatedField):
    """A club member by id, among the players of the clubs the requesting
    director directs: another club's player id is "does not exist" (400)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(queryset=all_players(), **options)

    def get_queryset(self) -> Any:
        request = self.context.get("request")
        user = request.user if request is not None else None
        return directed_players(user)


class PlayerInputSerializer(serializers.Serializer):
    """A player: a club member by id, or a name."""

    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    player = DirectedPlayerField(required=False, allow_null=True)


class EventInputSerializer(serializers.Serializer):
    """What a director gives for any new event: its name, date and club."""

    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    club = serializers.PrimaryKeyRelatedField(
        queryset=all_clubs(), required=False, allow_null=True, default=None
    )

    def validate_club(self, club: Club | None) -> Club | None:
        """One of the director's clubs: a club's director may leave it out
        when they direct one club, and may not name another club (400 on
        ``club``); a site administrator may give any club or none."""
        user = self.context["request"].user
        if access.is_site_admin(user):
            return club
        if club is None:
            clubs = list(access.directed_clubs(user)[:2])
            if len(clubs) != 1:
                raise serializers.ValidationError(_("Give the event's club."))
            return clubs[0]
        if not access.directs_club(user, club.pk):
            raise serializers.ValidationError(_("You do not direct this club."))
        return club


class PlayersEventInputSerializer(EventInputSerializer):
    """A new event of players: they reach the service as ``entries``."""

    players = PlayerInputSerializer(many=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs["entries"] = [
            PlayerEntry(name=item.get("name", ""), player=item.get("player"))
            for item in attrs.pop("players")
        ]
        return attrs


class SingleSectionEventSerializer(serializers.Serializer):
    """An event of one section as created: its id, name, kind, section, rounds."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    section = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()

    def _section(self, event: Event) -> Section:
        """The event's one section, read once for all the fields."""
        read: dict[int, Section] = self.__dict__.setdefault("_sections", {})
        if event.pk not in read:
            read[event.pk] = single_section(event)
        return read[event.pk]

    def get_section(self, event: Event) -> int:
        return self._section(event).pk

    def get_rounds(self, event: Event) -> int:
        return self._section(event).rounds


class NumberedPlayerSerializer(serializers.Serializer):
    """A player of a seated event as numbered: entrant id, number and name."""

    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField(source="display_name")


class SeatedEventSerializer(SingleSectionEventSerializer):
    """An event of players seated at tables: its date, tables and players too.

    A game names its section's entrants (``entrant_set``, the related name:
    "barbu_entrants"), listed by number with their players, or lists them in
    its own order (``entrants``); each as ``player_serializer`` gives it (by
    default id, number and name).
    """

    player_serializer: type[serializers.Serializer] = NumberedPlayerSerializer
    entrant_set: str

    date = serializers.DateField()
    tables = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    def entrants(self, section: Section) -> Any:
        return section_entrants(section, self.entrant_set)

    def get_tables(self, event: Event) -> int:
        return self._section(event).tables

    def get_players(self, event: Event) -> list[dict[str, Any]]:
        entrants = self.entrants(self._section(event))
        return self.player_serializer(entrants, many=True).data


def event_create_view(
    *,
    input: type[serializers.Serializer],
    output: type[serializers.Serializer],
    create: Callable[..., Event],
    summary: str,
) -> Callable[..., Response]:
    """The director-only ``POST`` creating an event with ``create``.

    ``input``'s validated data are ``create``'s keyword arguments (the user
    added); the answer is ``output`` of the event, 201.  The operation is
    named after the service ("whiz_event_create"), the view after the event
    ("whiz_event_new").
    """
    operation_id = create.__name__

    def view(request: Request) -> Response:
        values = validated(input, request)
        with service_refusals():
            event = create(user=request.user, **values)
        return Response(output(event).data, status=status.HTTP_201_CREATED)

    view.__name__ = view.__qualname__ = operation_id.removesuffix("_create") + "_new"
    view.__doc__ = summary
    view = permissions([DirectorOnly])(view)
    view = authentication_classes(ApiAccess.authentication_classes)(view)
    view = api_view(["POST"])(view)
    return extend_schema(
        request=input, responses={201: output}, operation_id=operation_id
    )(view)
