"""A Bridgeote board's row in the director's traveller form: the bid, the
taker, the takers' card points in the result box, the announcements as
"takers/defence" in the lead box and the capot box (``BridgeoteCardGame``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from tournaments.director.forms import TravellerRow
    from tournaments.models import Result


def row_parsed(row: TravellerRow) -> dict[str, object]:
    """Read a Bridgeote row: the bid, the taker, the takers' card points
    in the result box, announcements as "takers/defence" in the lead box.

    Returns {"kind": "played", contract, declarer, card_points,
    taker_announced, defence_announced, capot}, an adjusted score or
    {"kind": "blank"}; the deal itself is checked by the write path.
    """
    if row.blank:
        return {"kind": "blank"}
    adjusted = row.adjusted()
    if adjusted is not None:
        return adjusted
    if not row.result.isdigit():
        raise forms.ValidationError(
            _("Points: the takers' card points, a whole number.")
        )
    taker, _slash, defence = row.lead.partition("/")
    if not (taker or "0").strip().isdigit() or not (defence or "0").strip().isdigit():
        raise forms.ValidationError(
            _("Announcements: the takers' points, then /, the defence's (20/30).")
        )
    return {
        "kind": "played",
        "contract": row.contract,
        "declarer": row.declarer.strip().upper(),
        "card_points": int(row.result),
        "taker_announced": int(taker.strip() or 0),
        "defence_announced": int(defence.strip() or 0),
        "capot": row.capot,
    }


def row_marks_fill(row: TravellerRow, result: Result) -> None:
    """Show a stored line's announcements and capot in its row (bridge's
    boxes hold the rest)."""
    if result.card_points is not None:
        row.lead = _announcements(result)
        row.capot = result.capot


def _announcements(result: Result) -> str:
    """A Bridgeote line's announcements as typed: "20/30", "20", or ""."""
    taker, defence = result.taker_announced, result.defence_announced
    if defence:
        return f"{taker}/{defence}"
    return str(taker) if taker else ""
