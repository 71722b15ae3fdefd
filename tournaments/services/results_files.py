"""A results file a director brings in: PBN or USEBIO, stored as a new event.

The web pages and the API take one upload and tell the two formats apart by
their first character (an XML file opens with ``<``, a PBN file with a tag
``[``, a ``%`` comment or a ``{`` commentary), so a director never has to
say which program wrote it.  The size limit and the list of faults that every
upload (results, hand records, travellers) reports are here too.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.importers.pbn import parse_sessions
from tournaments.importers.usebio import ImportedTeams, read_usebio
from tournaments.models import Event
from tournaments.services.imports import event_import
from tournaments.services.teams_import import teams_event_import

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
MAX_FAULTS = 100  # faults listed when a file is refused


def upload_too_big(size: int) -> str | None:
    """Why an uploaded file is refused for its size, or None when it may go on."""
    if size <= MAX_UPLOAD_BYTES:
        return None
    return _("The file is over %(mb)d MB.") % {"mb": MAX_UPLOAD_BYTES // (1024 * 1024)}


def fault_messages(error: Exception) -> list[str]:
    """The faults a refused file names: a traveller file's lines, a
    validation error's messages, or the error itself; the first
    ``MAX_FAULTS`` and a count of the others (see ``capped``)."""
    return capped(every_fault(error))


def every_fault(error: Exception) -> list[str]:
    """Every fault a refused file names, however many."""
    faults = getattr(error, "errors", None) or getattr(error, "messages", None)
    return list(faults or [str(error)])


def capped(faults: list[str]) -> list[str]:
    """The first ``MAX_FAULTS`` faults, then "… and N more faults" when there
    are more: a 9 MB file of bad lines is refused with a page, not 30 MB."""
    if len(faults) <= MAX_FAULTS:
        return faults
    more = len(faults) - MAX_FAULTS
    return [
        *faults[:MAX_FAULTS],
        ngettext("… and %(count)d more fault", "… and %(count)d more faults", more)
        % {"count": more},
    ]


def is_xml(data: bytes) -> bool:
    """Whether the file is XML (USEBIO) rather than PBN text."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    return head == b"<"


def usebio_import(
    data: bytes | str,
    *,
    name: str | None = None,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
) -> Event:
    """A USEBIO file as a pairs event (scored as the file says) or a teams event."""
    imported = read_usebio(data, name=name)
    if isinstance(imported, ImportedTeams):
        return teams_event_import(imported, user=user, file_name=file_name)
    return event_import(imported, user=user, file_name=file_name)


def results_file_import(
    data: bytes,
    *,
    name: str | None = None,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
) -> Event:
    """Store a PBN or USEBIO results file as a new event; return it.

    Raises ``GameError`` (naming the line or element) or ``ValidationError``
    (naming the board and pairs); nothing is stored then.
    """
    if is_xml(data):
        return usebio_import(data, name=name, user=user, file_name=file_name)
    parts = parse_sessions(data, name=name)
    return event_import(parts, user=user, file_name=file_name)
