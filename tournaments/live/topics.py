"""Push topics and the signed tokens that open a stream on them.

A topic names what a page watches: ``section:12`` (the director's console,
the tablets of that section) or ``event:4`` (the public results of the
event, whatever its sections).  The page that may watch a topic renders a
token signed with the site's secret key (``django.core.signing``); the push
stream checks the signature and its age only, with no database work, so a
stream costs the event loop nothing but the check.  A message names only
what changed (and the tables it concerns), never a result.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core import signing

SALT = "donne.push"
# A page left open longer reloads or falls back to polling (a refused stream).
MAX_AGE = 24 * 3600


def section_topic(section_id: int) -> str:
    """The topic of one section: its lines, rounds, movement and scores."""
    return f"section:{int(section_id)}"


def event_topic(event_id: int) -> str:
    """The topic of one event: any of its sections, or a new one."""
    return f"event:{int(event_id)}"


def topic_token(topics: Iterable[str]) -> str:
    """A token that opens a push stream on ``topics``."""
    return signing.dumps(sorted(set(topics)), salt=SALT, compress=True)


def token_topics(token: str) -> list[str]:
    """The topics a token opens; ``signing.BadSignature`` (or its subclass
    ``SignatureExpired``) when it is forged, damaged or too old."""
    topics = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    if not isinstance(topics, list) or not all(isinstance(t, str) for t in topics):
        raise signing.BadSignature("not a list of topics")
    return topics
