"""``{% table_sign_in section table as sign_in %}``: a table's code and its QR."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from tournaments.models import Section
from tournaments.public_url import public_url
from tournaments.services.event_tables import event_table_codes
from tournaments.terminal.qr import qr_svg

register = template.Library()


@register.simple_tag(takes_context=True)
def table_sign_in(
    context: dict[str, Any], section: Section, table: int
) -> dict[str, str] | None:
    """The table's sign-in code, its sign-in URL and that URL as an inline SVG.

    The URL is on the room's public address when one is set (see
    ``tournaments.public_url``), so the QR code works on the tablets.
    """
    code = table_codes(section).get(table)
    if code is None:
        return None
    path = f"{reverse('terminal:sign-in')}?{urlencode({'code': code})}"
    url = public_url(context.get("request"), path)
    return {"code": code, "url": url, "svg": mark_safe(qr_svg(url))}


CODES = "_donne_table_codes"


def table_codes(section: Section) -> dict[int, str]:
    """The section's table codes by table number, read once per instance: a
    page of 50 table cards makes one query, not one a card.  Each is its
    event table's code (``services.event_tables``): a card printed for the
    first round or session serves the whole event."""
    codes = section.__dict__.get(CODES)
    if codes is None:
        codes = event_table_codes(section.session.event_id, section.letter)
        section.__dict__[CODES] = codes
    return codes
