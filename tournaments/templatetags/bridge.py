"""Template filters for bridge text: suit symbols, results, signed scores."""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.bridge import result_text
from tournaments.registry import CARD_GAMES

register = template.Library()
CONTRACT_SUIT = re.compile(r"^(\d+)([CDHS])(.*)$")
# A contract inside a longer text: "70% 4S N =; 30% 4HX N -1".
CONTRACT_IN_TEXT = re.compile(r"\b(1[0-3]|[1-9])([CDHS])(X{0,2})\b")  # Whiz: 7 to 13

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.filter
def suits(contract: str) -> str:
    """ "4HX" -> "4♥X", Whiz "10S" -> "10♠" (red suits in red); NT, Pass and
    marks unchanged; a contract only a card game reads as its card game shows
    it (``CardGame.contract_html``: a Bridgeote capot "CAPOTSX" -> "Capot ♠ X")."""
    for deals in CARD_GAMES.values():
        shown = deals.contract_html(contract)
        if shown is not None:
            return shown
    found = CONTRACT_SUIT.match(contract)
    if found is None:
        return contract
    level, suit, rest = found.groups()
    colour = "red" if suit in "HD" else "black"
    return format_html(
        '{}<span class="suit {}">{}</span>{}', level, colour, SYMBOLS[suit], rest
    )


@register.filter
def suits_in(text: str) -> SafeString:
    """Every contract in a text with its suit symbol: "70% 4S N =; 30% 4H N"
    -> "70% 4♠ N =; 30% 4♥ N" (red suits in red); the rest is escaped."""

    def symbol(found: re.Match[str]) -> str:
        level, suit, doubling = found.groups()
        colour = "red" if suit in "HD" else "black"
        return f'{level}<span class="suit {colour}">{SYMBOLS[suit]}</span>{doubling}'

    return mark_safe(CONTRACT_IN_TEXT.sub(symbol, str(conditional_escape(text))))


@register.filter
def lead_card(lead: str) -> str:
    """ "SQ" -> "♠Q", "HQ" -> "♥Q" (red suits in red)."""
    if len(lead) >= 2 and lead[0] in SYMBOLS:
        colour = "red" if lead[0] in "HD" else "black"
        return format_html(
            '<span class="suit {}">{}</span>{}', colour, SYMBOLS[lead[0]], lead[1:]
        )
    return lead


@register.filter
def made(result) -> str:
    """The result as travellers print it: "=", "+1", "-2" (empty for a pass);
    the takers' card points of a Bridgeote line."""
    if getattr(result, "card_points", None) is not None:
        return result.made
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
