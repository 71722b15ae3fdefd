"""The director settles a dispute by taking the other entry: the line the
second tablet entry said (kept by the audit's ``REFUSE`` row) replaces the
stored one through the one write path, which clears the dispute and audits
the correction (``services.disputes``)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Result, ResultChange
from tournaments.services.results import result_submit


def refused_entry(result: Result) -> dict | None:
    """What the latest refused second entry of ``result`` said, if any."""
    change = (
        ResultChange.objects.filter(result=result, action=ResultChange.Action.REFUSE)
        .order_by("-at", "-id")
        .first()
    )
    return change.after if change is not None else None


def result_take_other(result: Result, *, user: AbstractBaseUser) -> Result:
    """Replace a disputed line by the entry it refused.  Refused (a
    ``ValidationError`` naming why) when the line is no longer disputed (a
    second click, or another director settled it), when no other entry was
    made (the opponents' "not agreed"), or when that entry is not a played
    contract by the same pairs (the traveller is the place for those)."""
    with transaction.atomic():
        line = (
            Result.objects.select_for_update(no_key=True, of=("self",))
            .select_related("board__section", "ns_pair", "ew_pair", "round", "table")
            .filter(pk=result.pk)
            .first()
        )
        if line is None:
            raise ValidationError(_("This result was deleted meanwhile."))
        if not line.disputed:
            raise ValidationError(_("This result is no longer disputed."))
        other = refused_entry(line)
        if not other:
            raise ValidationError(
                _("There is no other entry for this result: keep it or edit it.")
            )
        pairs = (other.get("ns_pair_id"), other.get("ew_pair_id"))
        if pairs != (line.ns_pair_id, line.ew_pair_id) or not other.get("contract"):
            raise ValidationError(
                _(
                    "The other entry is not a played contract by the same "
                    "pairs: edit the traveller."
                )
            )
        return result_submit(
            board=line.board,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            contract=other["contract"],
            declarer=other.get("declarer") or "",
            tricks=other.get("tricks"),
            lead=other.get("lead") or "",
            round=line.round,
            table=line.table,
            user=user,
            result=line,
        )
