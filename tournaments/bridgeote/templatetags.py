"""Template filters for Bridgeote lines: readable contracts and each side's marks.

A Bridgeote contract is stored as the pure code writes it ("100H",
"CAPOTSX", "90TA"); players read "100 ♥", "Capot ♠ X", "90 TA". The marks
of a line (each side's points) are recomputed from the stored deal by the
rule book (``services.bridgeote_checks``), as travellers print them.
"""

from __future__ import annotations

from django import template
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.bridgeote import parse_contract
from games.errors import GameError
from tournaments.bridgeote.checks import BridgeoteMarks, stored_line_marks
from tournaments.models import Result

register = template.Library()

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
DOUBLINGS = {0: "", 1: " X", 2: " XX"}


@register.filter
def bridgeote_contract(contract: str) -> str:
    """ "CAPOTSX" -> "Capot ♠ X", "100H" -> "100 ♥" (red suits in red),
    "90TA" -> "90 TA"; a text that is no contract is shown as it is."""
    try:
        played = parse_contract(contract or "")
    except GameError:
        return contract
    level = _("Capot") if played.is_capot else str(played.bid)
    doubling = DOUBLINGS[played.doubled]
    if played.strain in SYMBOLS:
        colour = "red" if played.strain in "HD" else "black"
        return format_html(
            '{} <span class="suit {}">{}</span>{}',
            level,
            colour,
            SYMBOLS[played.strain],
            doubling,
        )
    return format_html("{} {}{}", level, played.strain, doubling)


@register.filter
def bridgeote_line_marks(result: Result) -> BridgeoteMarks | None:
    """Each side's points on a stored Bridgeote line; None for an adjusted
    score, a weighted one or a line that is no Bridgeote deal."""
    try:
        return stored_line_marks(result)
    except ValidationError:
        return None
