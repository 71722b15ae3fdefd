"""``{% table_sign_in section table as sign_in %}``: a table's code and its QR."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from tournaments.models import Section
from tournaments.public_url import public_url
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
    found = section.table_set.filter(number=table).first()
    if found is None:
        return None
    path = f"{reverse('terminal:sign-in')}?{urlencode({'code': found.code})}"
    url = public_url(context.get("request"), path)
    return {"code": found.code, "url": url, "svg": mark_safe(qr_svg(url))}
