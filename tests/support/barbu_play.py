"""Barbu events created through the API, and a whole manche, for tests.

The Barbu API tests each start an event from a list of player names; the
request is the same but for the names and a field or two.  :data:`SHEET` is
round 1's score sheet as the director's page and the tablet post it.
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


# Round 1, table 1: Ann N declares, Ben E, Cat S, Dan W. The deals in the
# book's advised order; each other player doubles N at least twice (E on
# Queens and Trump, S and W on Tricks and Trump).
SHEET = {
    "o-barbu": "1",
    "r-barbu": "E",
    "o-last-two": "2",
    "r-last-two": "S W",
    "o-hearts": "3",
    "r-hearts": "N3 E6 S2 W2 ace E",
    "o-queens": "4",
    "r-queens": "N2 S2",
    "d-queens": "E>N",
    "o-tricks": "5",
    "r-tricks": "N5 E4 S3 W1",
    "d-tricks": "S>N, W>N, W>E, W>S",
    "o-trump": "6",
    "c-trump": "S",
    "r-trump": "N4 E3 S3 W3",
    "d-trump": "E>N, S>N, W>N",
    "o-reussite": "7",
    "c-reussite": "9",
    "r-reussite": "E N W S",
}

# The manche of SHEET as stored: contract → (order, trump, Réussite height).
SHEET_STORED = {
    "barbu": (1, "", ""),
    "last-two": (2, "", ""),
    "hearts": (3, "", ""),
    "queens": (4, "", ""),
    "tricks": (5, "", ""),
    "trump": (6, "S", ""),
    "reussite": (7, "", "9"),
}
