"""Second entries and disputes of a line, and the director's resolution.

A line stored by one tablet may be entered again (another device at the
table, or the same device after a lost answer):

* the same result again is a confirmation of what is stored: it is
  answered with the stored line and audited as ``SAME`` (it is not the
  opponents' agreement, which only they give);
* a different result is refused, the stored line flagged ``disputed``, and
  the audit row keeps the stored line as *before* and what the second
  entry said as *after*, so the director sees both.

A dispute (or the opponents' "not agreed") stays open until the director
resolves it: by correcting the line (the write path clears the flag) or by
keeping it as entered (:func:`resolve_line`); both are audited ``RESOLVE``.
Keeping a line as entered is the director's agreement: the line is then
agreed (``confirmed``) like one the opponents agreed, so the table's round
is done and its tablet goes on (``services.table_rounds``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import ResultChange
from tournaments.services.audit import audit, plain, snapshot

if TYPE_CHECKING:
    from tournaments.services.entry import Entry, Writer


class SecondEntryRefused(ValidationError):
    """A different second entry for a stored line: a conflict (HTTP 409)."""


def attempted_values(entry: Entry, stored: models.Model) -> dict[str, object]:
    """What a second entry says, as the audit trail keeps a line: the
    stored line's audited values overwritten by the entry's own (its pairs
    or players too, so that other opponents are no "same result")."""
    attempted = dict(snapshot(stored, entry.audited) or {})
    for name, value in entry.values.items():
        if name in entry.audited:
            attempted[name] = plain(value)
        elif f"{name}_id" in entry.audited:  # a pair or a player, by its id
            attempted[f"{name}_id"] = getattr(value, "pk", value)
    return attempted


def same_result(entry: Entry, stored: dict, attempted: dict) -> bool:
    """Whether a second entry says what is stored.

    The values are compared as the game normalised them (contract, declarer,
    tricks, the scores they give); a field of ``entry.optional`` (the
    opening lead) left blank on either side is no difference.
    """
    for name in entry.audited:
        here, there = stored.get(name), attempted.get(name)
        if name in entry.optional and (here in ("", None) or there in ("", None)):
            continue
        if here != there:
            return False
    return True


def second_entry(
    writer: Writer, entry: Entry, stored: models.Model
) -> tuple[models.Model, bool] | str:
    """A line is already stored here: a tablet's same result confirms it, a
    different one is flagged and audited, and the refusal returned (a str);
    a director corrects the stored line instead."""
    if not writer.is_tablet:
        raise ValidationError(
            _("%(where)s already has a result: correct that line instead.")
            % {"where": entry.where}
        )
    before = snapshot(stored, entry.audited) or {}
    attempted = attempted_values(entry, stored)
    if same_result(entry, before, attempted):
        audit(
            entry=entry, action=ResultChange.Action.SAME, writer=writer,
            line=stored, before=before, after=attempted,
        )  # fmt: skip
        return stored, False
    if hasattr(stored, "disputed"):
        entry.model.objects.filter(pk=stored.pk).update(disputed=True)
        stored.disputed = True
    audit(
        entry=entry, action=ResultChange.Action.REFUSE, writer=writer,
        line=stored, before=before, after=attempted,
    )  # fmt: skip
    return str(
        _(
            "%(where)s already has a result: only the director can change it "
            "now. The director has been told."
        )
        % {"where": entry.where}
    )


def settle_dispute(writer: Writer, entry: Entry, line: models.Model) -> bool:
    """A director's change of a disputed line settles the dispute: clear the
    flag before the line is saved; True when there was one to clear."""
    if writer.is_tablet or not getattr(line, "disputed", False):
        return False
    line.disputed = False
    return True


def audit_resolution(
    writer: Writer, entry: Entry, line: models.Model, before: dict | None
) -> None:
    """Keep the director's resolution of a dispute in the audit trail."""
    audit(
        entry=entry, action=ResultChange.Action.RESOLVE, writer=writer,
        line=line, before=before, after=snapshot(line, entry.audited),
    )  # fmt: skip


def resolve_line(writer: Writer, entry: Entry) -> models.Model:
    """The director keeps a disputed line as entered: the flag is cleared, the
    line agreed in the opponents' place (its table plays on) and the
    resolution audited.  A line not (or no longer) disputed is answered as
    it is, unaudited, so a repeated click changes nothing."""
    if writer.is_tablet:
        raise PermissionDenied(_("Only the director resolves a dispute."))
    with transaction.atomic():
        lines = entry.model.objects.select_for_update(no_key=True)
        line = lines.filter(pk=entry.line.pk).first()
        if line is None:
            raise ValidationError(_("This result was deleted meanwhile."))
        if not line.disputed:
            return line
        line.disputed = False
        fields = ["disputed"]
        if hasattr(line, "confirmed") and line.confirmed is None:
            line.confirmed = timezone.now()
            fields.append("confirmed")
        line.save(update_fields=fields)
        state = snapshot(line, entry.audited)
        audit_resolution(writer, entry, line, state)
    return line
