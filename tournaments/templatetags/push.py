"""Template tags naming a page's push stream (``tournaments.live``).

``{% push_section section.pk %}`` and ``{% push_event event.pk %}`` give the
address of a stream on that section's or event's changes, with its signed
token; ``{% push_table table %}`` the attributes of a tablet page's
``<main>``: its section's and event's stream and its table number.  Render them only in
a page its reader may see: the token is what opens the stream.
"""

from __future__ import annotations

from urllib.parse import quote

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments.live.stream import PATH
from tournaments.live.topics import event_topic, section_topic, topic_token

register = template.Library()


def stream_url(topics: list[str]) -> str:
    """The address of a push stream on ``topics`` (the token's own ``:``
    kept: it is allowed in a query, and a page has no needless ``%``)."""
    return f"{PATH}?t={quote(topic_token(topics), safe=':')}"


@register.simple_tag
def push_section(section_id: int) -> str:
    """The push stream of a section (the console, its tablets)."""
    return stream_url([section_topic(section_id)])


@register.simple_tag
def push_event(event_id: int) -> str:
    """The push stream of an event (its public results)."""
    return stream_url([event_topic(event_id)])


@register.simple_tag
def push_table(table: object) -> SafeString | str:
    """`` data-push=… data-push-table=… data-push-event=…`` for a tablet
    page's table, or '': its section's stream and its event's, where a new
    round or session is told (the tablet follows its event's table)."""
    if not getattr(table, "section_id", None):
        return ""
    event_id = table.section.session.event_id
    return format_html(
        ' data-push="{}" data-push-table="{}" data-push-event="{}"',
        stream_url([section_topic(table.section_id), event_topic(event_id)]),
        table.number,
        event_topic(event_id),
    )


@register.simple_tag
def push_waiting(event_id: int) -> SafeString:
    """`` data-push=… data-push-event=…`` for a tablet waiting for its
    event's next session: the event's stream only."""
    return format_html(
        ' data-push="{}" data-push-table="0" data-push-event="{}"',
        stream_url([event_topic(event_id)]),
        event_topic(event_id),
    )
