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
from django.db.models import QuerySet
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
    """Refuse a deal whose contract differs from the other tables' same deal."""
    others = BarbuDeal.objects.filter(
        table__section=table.section, round=played_round
    ).exclude(table=table)
    same_deal = _clash(others.filter(order=order).exclude(contract=contract))
    if same_deal is not None:
        raise _refusal(
            "contract",
            _(
                "Deal %(order)d of round %(round)d is played as %(other)s at "
                "table %(table)d: in a duplicate Barbu every table plays the "
                "same deals in the same contracts."
            ),
            same_deal,
            played_round,
            order=order,
            other=Contract.parse(same_deal.contract).label,
        )
    elsewhere = _clash(others.filter(contract=contract).exclude(order=order))
    if elsewhere is not None:
        raise _refusal(
            "order",
            _(
                "%(contract)s is deal %(order)d of round %(round)d at table "
                "%(table)d: in a duplicate Barbu every table plays the same "
                "deals in the same contracts."
            ),
            elsewhere,
            played_round,
            contract=Contract.parse(contract).label,
            order=elsewhere.order,
        )


def _clash(deals: QuerySet[BarbuDeal]) -> BarbuDeal | None:
    """The first of another table's ``deals`` the new deal clashes with, its
    table read with it for the refusal."""
    return deals.select_related("table").first()


def _refusal(
    field: str,
    message: str,
    clash: BarbuDeal,
    played_round: Round,
    **values: object,
) -> ValidationError:
    """The refusal naming ``field``: ``message`` filled with the round, the
    table of the deal it clashes with, and ``values``."""
    filled = message % {
        "round": played_round.number,
        "table": clash.table.number,
        **values,
    }
    return ValidationError({field: filled})
