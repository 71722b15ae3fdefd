"""The event's results as files for other programs: PBN 2.1 and USEBIO 1.2.

They carry the deals, so they are public once the results are published,
like the hand records; a director downloads them at any time.  A pairs
event's file is built once for its current results (``file_builds``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.exporters import export_formats
from tournaments.exporters.file_builds import export_bytes
from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.models import Event
from tournaments.results.hand_records import deals_visible
from tournaments.selectors.results_pages import public_event

FORMATS: dict[str, tuple[Callable[[Event], str], str, str]] = {
    "pbn": (event_pbn, "application/x-pbn; charset=utf-8", "pbn"),
    "usebio": (event_usebio, "application/xml; charset=utf-8", "xml"),
}


def event_file(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Download the event as ``kind`` ("pbn" or "usebio")."""
    event = public_event(pk)
    if not deals_visible(request, event):
        raise Http404(_("The results will be published at the end."))
    if kind not in export_formats(event):
        raise Http404(_("This event cannot be written in that format."))
    export, content_type, extension = FORMATS[kind]
    try:
        data = export_bytes(event, kind, export)
    except ValueError:
        raise Http404(_("This event has no results yet.")) from None
    response = HttpResponse(data, content_type=content_type)
    name = slugify(event.name) or "event"
    response["Content-Disposition"] = f'attachment; filename="{name}.{extension}"'
    return response


def event_pbn_file(request: HttpRequest, pk: int) -> HttpResponse:
    """The event as a PBN file: deals, every traveller line, the ranking."""
    return event_file(request, pk, "pbn")


def event_usebio_file(request: HttpRequest, pk: int) -> HttpResponse:
    """The event as a USEBIO 1.2 XML file, for federations and results sites."""
    return event_file(request, pk, "usebio")
