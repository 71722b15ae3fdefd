"""Template filters for bridge text: suit symbols, results, signed scores."""

from __future__ import annotations

import re

from django import template
from django.utils.html import format_html

from games.bridge import result_text

register = template.Library()
CONTRACT_SUIT = re.compile(r"^(\d+)([CDHS])(.*)$")

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.filter
def suits(contract: str) -> str:
    """ "4HX" -> "4♥X", Whiz "10S" -> "10♠" (red suits in red); NT, Pass and
    marks unchanged."""
    found = CONTRACT_SUIT.match(contract)
    if found is None:
        return contract
    level, suit, rest = found.groups()
    colour = "red" if suit in "HD" else "black"
    return format_html(
        '{}<span class="suit {}">{}</span>{}', level, colour, SYMBOLS[suit], rest
    )


@register.filter
def lead_card(lead: str) -> str:
    """ "SQ" -> "♠Q"."""
    if len(lead) >= 2 and lead[0] in SYMBOLS:
        return SYMBOLS[lead[0]] + lead[1:]
    return lead


@register.filter
def made(result) -> str:
    """The result as travellers print it: "=", "+1", "-2" (empty for a pass)."""
    if not result.contract or result.tricks is None:
        return ""
    return result_text(result.contract, result.tricks)


@register.filter
def pct(value) -> str:
    """A percentage to 2 decimals, or a dash when there is none yet."""
    return "–" if value is None else f"{value:.2f}"


@register.filter
def mp(value) -> str:
    """Matchpoints to 2 decimals without trailing zeros (12, 36.71)."""
    if value is None:
        return "–"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"
