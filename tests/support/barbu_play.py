"""Barbu events created through the API, for tests.

The Barbu API tests each start an event from a list of player names; the
request is the same but for the names and a field or two.
"""

from __future__ import annotations

from django.urls import reverse


def barbu_event_post(api, names: list[str], url: str = "api-barbu-event-new", **fields):
    """POST a new Barbu event of the players ``names`` (``fields`` added or
    overriding the name and date) to ``url``; the response, unchecked."""
    body = {
        "name": "Barbu night",
        "date": "2026-11-20",
        "players": [{"name": name} for name in names],
    } | fields
    return api.post(reverse(url), body, "application/json")
