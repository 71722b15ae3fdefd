"""The event's publication state in templates (``services.publication``)."""

from __future__ import annotations

from django import template

from tournaments.models import Event
from tournaments.services.publication import publication_state as state_of

register = template.Library()


@register.simple_tag
def publication_state(event: Event) -> str:
    """``live``, ``closed``, ``correcting`` or ``final``."""
    return state_of(event)
