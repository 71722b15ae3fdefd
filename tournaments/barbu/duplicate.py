"""Duplicate Barbu: every table of a round plays the same seven deals.

The hands of deal k of a round are the same at every table, so, for the
scores to compare seat against seat (``scoring.barbu_duplicate``), deal k
must be played in the same contract everywhere: the first table to enter a
deal fixes its contract, and another table entering that deal in another
contract, or that contract on another deal, is refused naming the field.
In a duplicate event the contracts (and their order) are therefore the
director's, announced before the round, as usual in duplicate card games;
the rule book, written for one table, is silent.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.barbu import Contract
from tournaments.models import BarbuDeal, Event, Round, Section, Table

BARBU_KINDS = (Event.Kind.BARBU, Event.Kind.BARBU_DUPLICATE)
MIN_DUPLICATE_TABLES = 2


def is_duplicate(section: Section) -> bool:
    """Whether the section's tables play the same deals each round."""
    return section.session.event.kind == Event.Kind.BARBU_DUPLICATE


def check_same_deals(
    table: Table, played_round: Round, contract: str, order: int
) -> None:
    """Refuse a deal whose contract differs from the other tables' same deal,
    or whose contract another table plays on another deal: the same rule
    read both ways, each refusal naming its field."""
    others = BarbuDeal.objects.filter(
        table__section=table.section, round=played_round
    ).exclude(table=table)
    rules = (
        (
            "contract",
            others.filter(order=order).exclude(contract=contract),
            _(
                "Deal %(order)d of round %(round)d is played as %(other)s at "
                "table %(table)d: in a duplicate Barbu every table plays the "
                "same deals in the same contracts."
            ),
        ),
        (
            "order",
            others.filter(contract=contract).exclude(order=order),
            _(
                "%(contract)s is deal %(order)d of round %(round)d at table "
                "%(table)d: in a duplicate Barbu every table plays the same "
                "deals in the same contracts."
            ),
        ),
    )
    for field, clashing, message in rules:
        clash = clashing.select_related("table").first()
        if clash is not None:
            # The clashing deal has the same order (field "contract") or the
            # same contract (field "order"): its own fill both messages.
            label = Contract.parse(clash.contract).label
            values = {
                "order": clash.order,
                "round": played_round.number,
                "table": clash.table.number,
                "contract": label,
                "other": label,
            }
            raise ValidationError({field: message % values})
