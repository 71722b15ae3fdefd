"""The director gives or withdraws a procedural penalty (Law 90) on a pair.

Every input is checked here, each refusal a ``ValidationError`` naming its
field (``pair``, ``unit``, ``amount``, ``reason``), so the section page's form
and the API say the same.  A penalty changes what the section scores, so each
write marks the section for rescoring in its own transaction; the penalty row
is its own audit record (who gave it and when; who withdrew it and when).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Pair, Penalty, Section, Session
from tournaments.models.penalty import MAX_AMOUNT
from tournaments.registry import section_game
from tournaments.services.rescoring import section_changed

MATCHPOINT_UNITS = (Penalty.Unit.MP, Penalty.Unit.TOP_PCT)
REASON_MAX = 200

User = AbstractBaseUser | AnonymousUser


def section_penalties(section: Section) -> QuerySet[Penalty]:
    """Every penalty of the section, in force or withdrawn, oldest first."""
    return (
        Penalty.objects.filter(pair__section=section)
        .select_related("pair", "given_by", "withdrawn_by")
        .order_by("given_at", "id")
    )


def applies(unit: str, method: str) -> bool:
    """Whether a penalty in ``unit`` counts under the event's scoring ``method``."""
    if method == Event.Method.MATCHPOINTS:
        return unit in MATCHPOINT_UNITS
    return unit == Penalty.Unit.IMPS


def _amount(value: object, unit: str) -> Decimal:
    """The amount as a decimal of two places, refused unless 0 < amount <= max."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValidationError({"amount": _("Give the amount as a number.")})
    try:
        amount = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        raise ValidationError({"amount": _("Give the amount as a number.")}) from None
    limit = MAX_AMOUNT[unit]
    if not amount.is_finite() or not Decimal(0) < amount <= limit:
        raise ValidationError(
            {"amount": _("Give an amount above 0 and at most %(limit)s.")
             % {"limit": limit.normalize()}}
        )  # fmt: skip
    if amount != amount.quantize(Decimal("0.01")):
        raise ValidationError({"amount": _("Give the amount to two decimals.")})
    return amount.quantize(Decimal("0.01"))


def _check(section: Section, pair: Pair, unit: object, reason: object) -> str:
    """Refuse a penalty that cannot be given here; return the stripped reason."""
    if not section_game(section).ranks_pairs:
        raise ValidationError(
            {"pair": _("Penalties are given in pairs sections (Mitchell, Howell).")}
        )
    if pair.section_id != section.pk:
        raise ValidationError({"pair": _("This pair does not play in this section.")})
    if pair.phantom:
        raise ValidationError({"pair": _("The phantom pair cannot be penalised.")})
    if unit not in Penalty.Unit.values:
        raise ValidationError(
            {"unit": _("Give the unit: mp, top_pct (% of a top) or imps.")}
        )
    method = section.session.event.method
    if not applies(str(unit), method):
        if method == Event.Method.MATCHPOINTS:
            message = _("This event is matchpointed: give the penalty in "
                        "matchpoints or in % of a top.")  # fmt: skip
        else:
            message = _("This event is scored by IMPs: give the penalty in IMPs.")
        raise ValidationError({"unit": message})
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise ValidationError({"reason": _("Say why the pair is penalised.")})
    if len(text) > REASON_MAX:
        raise ValidationError(
            {"reason": _("At most %(max)d characters.") % {"max": REASON_MAX}}
        )
    if section.session.status == Session.Status.CLOSED:
        raise ValidationError(
            {"pair": _("The session is closed: reopen it to change its scores.")}
        )
    return text


@transaction.atomic
def penalty_give(
    section: Section,
    *,
    pair: Pair,
    unit: object,
    amount: object,
    reason: object,
    user: User | None,
) -> Penalty:
    """Give ``pair`` a penalty of ``amount`` ``unit`` for ``reason``.

    The section is locked so the check against its session and method and
    the write are one step; the section is marked for rescoring.
    """
    section = (
        Section.objects.select_for_update(of=("self",), no_key=True)
        .select_related("session__event")
        .get(pk=section.pk)
    )
    text = _check(section, pair, unit, reason)
    value = _amount(amount, str(unit))
    same = Penalty.objects.in_force().filter(
        pair=pair, unit=str(unit), amount=value, reason=text
    )
    if same.exists():
        # A double submit (two taps, a retried request) must not fine twice;
        # a second fine for the same breach names what differs.
        raise ValidationError(
            {"reason": _("This pair already has this penalty for this reason: "
                         "say what differs (e.g. the round) to give another.")}
        )  # fmt: skip
    penalty = Penalty.objects.create(
        pair=pair,
        unit=str(unit),
        amount=value,
        reason=text,
        given_by=user if user is not None and user.is_authenticated else None,
    )
    section_changed(section.pk)
    return penalty


@transaction.atomic
def penalty_withdraw(penalty: Penalty, *, user: User | None) -> Penalty:
    """Withdraw a penalty in force: it stays on record, no longer applied."""
    locked = (
        Penalty.objects.select_for_update()
        .select_related("pair__section__session")
        .get(pk=penalty.pk)
    )
    if not locked.in_force:
        raise ValidationError({"penalty": _("This penalty is already withdrawn.")})
    if locked.pair.section.session.status == Session.Status.CLOSED:
        raise ValidationError(
            {"penalty": _("The session is closed: reopen it to change its scores.")}
        )
    locked.withdrawn_at = timezone.now()
    locked.withdrawn_by = user if user is not None and user.is_authenticated else None
    locked.save(update_fields=["withdrawn_at", "withdrawn_by"])
    section_changed(locked.pair.section_id)
    return locked
