"""``{% export_links event %}``: the PBN and USEBIO downloads an event offers."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.exporters import export_formats
from tournaments.models import Event
from tournaments.results.hand_records import deals_visible

register = template.Library()


@register.inclusion_tag("results/_exports.html", takes_context=True)
def export_links(context: dict[str, Any], event: Event) -> dict[str, Any]:
    """The links to the event's interchange files, when this visitor may have them."""
    request = context.get("request")
    shown = request is not None and deals_visible(request, event)
    return {"event": event, "formats": export_formats(event) if shown else ()}
