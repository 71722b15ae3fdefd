"""A Barbu deal's place in its manche, checked on the write path
(``tournaments.barbu.services.barbu_deal_submit``): the declarer's choices
(the Trump deal's suit, the Réussite's height), the deal's number in the
manche, and the compulsory doubles of the declarer, each refusal naming its
field and, for the doubles, the player (rules in ``games.barbu.manche``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import ngettext

from games.barbu import COMPULSORY_DOUBLES
from games.barbu.manche import (
    check_height,
    check_order,
    check_trump,
    doubles_owed,
    next_order,
)
from games.errors import GameError
from tournaments.barbu.movement import SEATS
from tournaments.models import BarbuDeal, BarbuEntrant


def deal_choices(
    contract: str, trump: str | None, height: str | None, *, required: bool = True
) -> tuple[str, str]:
    """The Trump deal's suit and the Réussite's height, each refused by its
    field; with ``required`` false (a manche entered before they were
    recorded) either may stay blank."""
    if not required and not (trump or "").strip() and not (height or "").strip():
        return "", ""
    try:
        trump = check_trump(contract, trump)
    except GameError as error:
        raise ValidationError({"trump": str(error)}) from None
    try:
        height = check_height(contract, height)
    except GameError as error:
        raise ValidationError({"height": str(error)}) from None
    return trump, height


def deal_order(
    contract: str,
    order: int | None,
    stored: BarbuDeal | None,
    others: list[tuple[int | None, str, object]],
) -> int:
    """The deal's number in the manche: as given, as stored, or the first free."""
    taken = {number: other for number, other, _d in others if number is not None}
    if order is None:
        if stored is not None and stored.order is not None:
            order = stored.order
        else:
            try:
                return next_order(taken)
            except GameError as error:
                raise ValidationError({"order": str(error)}) from None
    try:
        return check_order(contract, order, taken)
    except GameError as error:
        raise ValidationError({"order": str(error)}) from None


def check_compulsory_doubles(
    declarer: str,
    players: Mapping[str, BarbuEntrant],
    manche_doubles: list[Sequence[Sequence[object]]],
    required: int = COMPULSORY_DOUBLES,
) -> None:
    """Refuse a deal after which a player can no longer double the declarer
    ``required`` times (the event's setting) in the manche."""
    short = doubles_owed(declarer, SEATS, manche_doubles, required)
    if short:
        raise ValidationError(
            {
                "doubles": [
                    ngettext(
                        "%(seat)s (%(name)s) has doubled the declarer %(declarer)s "
                        "in %(count)d deal(s) of this manche and %(left)d deal(s) "
                        "remain: each player must double the declarer at least "
                        "%(required)d time a manche.",
                        "%(seat)s (%(name)s) has doubled the declarer %(declarer)s "
                        "in %(count)d deal(s) of this manche and %(left)d deal(s) "
                        "remain: each player must double the declarer at least "
                        "%(required)d times a manche.",
                        required,
                    )
                    % {
                        "seat": seat,
                        "name": players[seat].display_name,
                        "declarer": declarer,
                        "count": count,
                        "left": left,
                        "required": required,
                    }
                    for seat, (count, left) in short.items()
                ]
            }
        )
