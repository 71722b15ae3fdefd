"""The checks a Bridgeote deal goes through before it is stored or shown.

The rule book's marks come from the pure ``games.bridgeote``; here they are
refused or accepted with a ``ValidationError`` naming the form's or the
API's field, for the write path (``services.results``) and the tablet's
preview of the marks before saving; ``stored_line_marks`` marks a line
already stored, for the travellers and the workbook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NotRequired, TypedDict, Unpack

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.bridgeote import announcement_totals, check_announcements
from games.bridgeote import deal_score as bridgeote_score
from games.bridgeote import parse_contract as bridgeote_contract
from games.cards import Seat
from games.errors import GameError

if TYPE_CHECKING:
    from tournaments.models import Result

BRIDGEOTE_ANNOUNCEMENT_FIELDS = ("taker_announcements", "defence_announcements")


def check_bridgeote_announcements(
    strain: str,
    taker: object,
    defence: object,
    fields: tuple[str, str] = BRIDGEOTE_ANNOUNCEMENT_FIELDS,
) -> None:
    """Refuse announcements the rule book cannot give, naming the side's field.

    Each side's total must be one ``games.bridgeote.announcement_totals``
    lists for the strain (0, 20 or 30 in a suit, up to 120 at TA, none at SA),
    and both sides together may not announce in more suits than there are
    (one trump suit, four at TA): the second side's field is named then.
    ``fields`` are the (takers', defence's) names of the form or API asking.
    """
    totals = announcement_totals(strain)
    for field, points in zip(fields, (taker, defence), strict=True):
        if type(points) is not int or points not in totals:
            message = _(
                "At %(strain)s one side announces %(totals)s, not %(points)s."
            ) % {
                "strain": strain,
                "totals": ", ".join(map(str, totals)),
                "points": points,
            }
            raise ValidationError({field: message})
    try:
        check_announcements(strain, taker, defence)
    except GameError:
        raise ValidationError(
            {fields[1]: _("At %(strain)s the two sides cannot both announce in the "
                          "same suit: %(taker)s and %(defence)s is too many.")
             % {"strain": strain, "taker": taker, "defence": defence}}
        ) from None  # fmt: skip


@dataclass(frozen=True)
class BridgeoteMarks:
    """A Bridgeote deal marked by the rule book: each side's points.

    ``contract`` is the contract as stored ("100H", "CAPOTSX"); ``declarer``
    the taker's seat letter; ``ns`` and ``ew`` each side's mark on the deal.
    """

    contract: str
    declarer: str
    ns: int
    ew: int

    @property
    def net_ns(self) -> int:
        """North-South's points minus East-West's, the figure matchpointed."""
        return self.ns - self.ew


def bridgeote_marks(
    contract: str,
    declarer: str,
    card_points: int | None,
    taker_announced: int = 0,
    defence_announced: int = 0,
    capot: bool = False,
) -> BridgeoteMarks:
    """Check a Bridgeote deal and mark it (``games.bridgeote.deal_score``).

    The tablet shows these marks before the players save, the write path
    stores their difference. Raises ``ValidationError`` naming the field at
    fault.
    """
    try:
        parsed = bridgeote_contract(contract)
    except GameError as error:
        raise ValidationError({"contract": str(error)}) from None
    try:
        seat = Seat.parse(declarer)
    except GameError as error:
        raise ValidationError({"declarer": str(error)}) from None
    if card_points is None:
        raise ValidationError({"points": _("Give the taking side's card points.")})
    check_bridgeote_announcements(parsed.strain, taker_announced, defence_announced)
    try:
        takers, defence = bridgeote_score(
            parsed, card_points, taker_announced, defence_announced, capot
        )
    except GameError as error:
        raise ValidationError({"points": str(error)}) from None
    ns, ew = (takers, defence) if seat.name in "NS" else (defence, takers)
    return BridgeoteMarks(str(parsed), seat.name, ns, ew)


def stored_line_marks(result: Result) -> BridgeoteMarks | None:
    """Each side's points on a stored Bridgeote line (``bridgeote_marks``);
    None for an adjusted score, a weighted one or a line that is no Bridgeote
    deal. Raises ``ValidationError`` as ``bridgeote_marks`` does."""
    if result.is_adjusted or result.card_points is None or not result.contract:
        return None
    return bridgeote_marks(
        result.contract,
        result.declarer,
        result.card_points,
        result.taker_announced,
        result.defence_announced,
        result.capot,
    )


class BridgeoteDeal(TypedDict):
    """A Bridgeote deal as a table or the director enters it."""

    contract: str
    declarer: str
    card_points: int | None
    taker_announced: NotRequired[int]
    defence_announced: NotRequired[int]
    capot: NotRequired[bool]


def bridgeote_fields(**deal: Unpack[BridgeoteDeal]) -> dict[str, object]:
    """Check a Bridgeote deal and give its fields, the NS score the net mark.

    The deal is marked by the rule book (``bridgeote_marks``); the
    duplicate comparison is on North-South's net mark, their side's points
    minus the other side's, as in duplicate belote (the FFB's "belote en
    duplicate" compares the difference).  Raises ``ValidationError`` naming
    the field at fault.
    """
    marks = bridgeote_marks(**deal)
    return {
        "contract": marks.contract,
        "declarer": marks.declarer,
        "tricks": None,
        "score_ns": marks.net_ns,
        "card_points": deal["card_points"],
        "taker_announced": deal.get("taker_announced", 0),
        "defence_announced": deal.get("defence_announced", 0),
        "capot": deal.get("capot", False),
        "adjusted_ns": "",
        "adjusted_ew": "",
        "absent": "",
        "weighted": None,
    }
