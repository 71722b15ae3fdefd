"""``DELETE /api/events/{id}/``: a director deletes an event, its name typed back.

The same rules as the director's page (``services.event_deletion``): the
event's name in ``confirm`` (the JSON body, or the query string), refused
with 409 while a session of it is being played, everything under it deleted
in one transaction.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.permissions import is_director
from tournaments.models import Event
from tournaments.services.event_deletion import EventInPlay, event_delete


class EventDeleteSerializer(serializers.Serializer):
    confirm = serializers.CharField(help_text="the event's name, typed back")


def typed_confirmation(request: Request) -> object:
    """The ``confirm`` of the JSON body, else of the query string."""
    data = request.data
    if hasattr(data, "get") and data.get("confirm") is not None:
        return data.get("confirm")
    return request.query_params.get("confirm")


class EventDestroyMixin:
    """Adds ``destroy`` (DELETE) to the events' read-only viewset."""

    @extend_schema(
        request=EventDeleteSerializer,
        parameters=[
            OpenApiParameter(
                "confirm",
                str,
                OpenApiParameter.QUERY,
                required=False,
                description="the event's name, if not in the body",
            )
        ],
        responses={
            204: OpenApiResponse(description="deleted, with everything under it"),
            400: OpenApiResponse(description="confirm: not the event's name"),
            403: OpenApiResponse(description="not a director"),
            404: OpenApiResponse(description="no such event"),
            409: OpenApiResponse(description="a session of it is being played"),
        },
    )
    def destroy(self, request: Request, pk: str | None = None) -> Response:
        """Delete the event and everything under it (a director only)."""
        if not is_director(request):
            raise PermissionDenied("Only a director deletes an event.")
        try:
            event_delete(
                int(pk or 0), confirm=typed_confirmation(request), user=request.user
            )
        except Event.DoesNotExist:
            raise NotFound("No such event.") from None
        except ValidationError as error:
            return Response(error.message_dict, status=status.HTTP_400_BAD_REQUEST)
        except EventInPlay as refusal:
            body = {"detail": str(refusal), "sessions": refusal.sessions}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return Response(status=status.HTTP_204_NO_CONTENT)
