"""A results file a director brings in: PBN or USEBIO, stored as a new event.

The web pages and the API take one upload and tell the two formats apart by
their first character (an XML file opens with ``<``, a PBN file with a tag
``[``, a ``%`` comment or a ``{`` commentary), so a director never has to
say which program wrote it.  The size limit and the list of faults that every
upload (results, hand records, travellers) reports are here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, Unpack

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.errors import GameError
from tournaments.importers.completeness import cut_off_faults
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import ImportedSession, parse_sessions
from tournaments.importers.usebio import ImportedTeams, read_usebio
from tournaments.models import Event
from tournaments.registry import GAMES
from tournaments.services.file_digests import AlreadyImported, claim_file, file_digest

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


class IncompleteFile(GameError):
    """A results file that seems to end mid-table (``importers.completeness``):
    refused, naming the place, unless the director confirms it is complete."""

    def __init__(self, faults: list[str]) -> None:
        self.errors = [*faults, str(CONFIRM_INCOMPLETE)]
        super().__init__("; ".join(self.errors))


CONFIRM_INCOMPLETE = gettext_lazy(
    "If the file is complete as it is, send it again with confirm_incomplete=true "
    "(on the upload page: tick “Import it even if it looks cut off”)."
)


def checked_complete(parts: Sequence[ImportedSession], confirmed: bool) -> None:
    """Refuse (``IncompleteFile``) a file that ends mid-table, unless
    ``confirmed``: an event with fewer boards than were played is never made
    silently."""
    if confirmed:
        return
    faults = cut_off_faults(parts)
    if faults:
        raise IncompleteFile(faults)


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
    digest: str = "",
    confirm_incomplete: bool = False,
) -> Event:
    """A USEBIO file as a pairs event (scored as the file says) or a teams
    event; with ``digest``, claimed as ``event_import`` does.  A pairs file
    that ends mid-table is refused unless ``confirm_incomplete``."""
    imported = read_usebio(data, name=name)
    if not isinstance(imported, ImportedTeams):
        checked_complete(imported, confirm_incomplete)
    if isinstance(imported, ImportedTeams):
        with transaction.atomic():
            game = GAMES[imported.kind]
            event = game.imported_event_store(imported, user=user, file_name=file_name)
            claim_file(event, digest)
        return event
    return event_import(imported, user=user, file_name=file_name, digest=digest)


class ResultsFileOptions(TypedDict, total=False):
    """The keywords ``results_file_once`` takes besides the file's bytes, and
    that ``results_file_import`` passes on as they are."""

    name: str | None
    user: AbstractBaseUser | None
    file_name: str
    confirm_incomplete: bool


def results_file_import(data: bytes, **options: Unpack[ResultsFileOptions]) -> Event:
    """Store a PBN or USEBIO results file as a new event; return it (the
    club's earlier event when it sent the same file: see ``results_file_once``).

    Raises ``GameError`` (naming the line or element, or where the file
    seems cut off) or ``ValidationError`` (naming the board and pairs);
    nothing is stored then.
    """
    event, _new = results_file_once(data, **options)
    return event


def results_file_once(
    data: bytes,
    *,
    name: str | None = None,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
    confirm_incomplete: bool = False,
) -> tuple[Event, bool]:
    """The event a results file makes, and whether it is new: the same bytes
    sent again by the same club answer with the event they made the first
    time (its SHA-256 is kept on it; once that event is deleted the file
    imports again), even when both uploads arrive at once.  A file that ends
    mid-table is refused (``IncompleteFile``) unless ``confirm_incomplete``."""
    digest = file_digest(data)
    try:
        if is_xml(data):
            event = usebio_import(
                data,
                name=name,
                user=user,
                file_name=file_name,
                digest=digest,
                confirm_incomplete=confirm_incomplete,
            )
        else:
            parts = parse_sessions(data, name=name)
            checked_complete(parts, confirm_incomplete)
            event = event_import(parts, user=user, file_name=file_name, digest=digest)
    except AlreadyImported as found:
        return found.event, False
    return event, True
