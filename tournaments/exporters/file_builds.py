"""A pairs or teams event's PBN and USEBIO files, built once per results fingerprint.

A 2,000-table event's files take seconds to build (52,000 lines) and are the
same for every reader until a figure, a deal or a name changes; so, like the
big workbook (``workbook_builds``), a file is built once for the event's
current results and served again while they stay so.  It is kept in the
shared cache (the database cache in the embedded default, Redis else),
compressed, under a key holding ``export_stamp``: any change makes a new key,
and the old file is never served again (it expires with the cache's own
timeout).  Pairs and teams events are kept (the fingerprint covers what
their files read); an individual game's file is built each time.
"""

from __future__ import annotations

import hashlib
import logging
import zlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from tournaments.exporters.workbook_builds import workbook_stamp
from tournaments.models import Event
from tournaments.registry import event_game

logger = logging.getLogger(__name__)

# A kept file lives a day at most; a busy event's readers rebuild it at once.
KEPT_SECONDS = 24 * 3600


def export_bytes(event: Event, kind: str, build: Callable[[Event], str]) -> bytes:
    """The event's ``kind`` file ("pbn", "usebio") as UTF-8: the kept one
    when built from the current results, else built by ``build`` and kept.

    ``build``'s ValueError (nothing to export) is raised as is, nothing kept;
    a cache that does not answer only costs the build.
    """
    if not event_game(event).kept_files:
        return build(event).encode("utf-8")
    key = f"export:{kind}:{event.pk}:{translation.get_language()}:{export_stamp(event)}"
    try:
        kept = cache.get(key)
    except Exception:
        logger.warning("export cache not read for event %s", event.pk, exc_info=True)
        kept = None
    if kept is not None:
        return zlib.decompress(kept)
    data = build(event).encode("utf-8")
    try:
        cache.set(key, zlib.compress(data, 1), KEPT_SECONDS)
    except Exception:
        logger.warning("export cache not written for event %s", event.pk, exc_info=True)
    return data


def export_stamp(event: Event) -> str:
    """The fingerprint of what a pairs or teams event's PBN and USEBIO files
    show: ``workbook_stamp`` (every line, score, rescore and audited change,
    and ``shown_rows``: the event's and club's settings, the sessions,
    sections, boards, pairs, players, and a teams event's teams and matches)
    and the program's version, so that no change of them serves an old file."""
    parts = [workbook_stamp(event), settings.SPECTACULAR_SETTINGS["VERSION"]]
    return hashlib.sha256(repr(parts).encode()).hexdigest()
