"""The links to a section's travellers, rendered in Python.

A national simultaneous of 80 sections of 26 boards links 2,080 travellers
from its results page; Django's ``{% url %}`` tag reversed each one (about a
tenth of a millisecond apiece, a fifth of the page).  Here the section's URL
is reversed once and each board's number put in its place.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

# A board number no section has, reversed then replaced by each board's.
PLACEHOLDER = 987654321


@register.simple_tag
def traveller_links(section_id: int, links: Iterable[tuple[int, bool]]) -> SafeString:
    """An ``<a>`` to each board's traveller of the section; a board still in
    play (``links``: number, in play) is marked and says why it is hidden."""
    url = escape(reverse("results:board", args=[section_id, PLACEHOLDER]))
    title = escape(gettext("In play: shown once every table has played this board"))
    marked = f' class="in-play" title="{title}"'
    # Every part is escaped above or an int.
    return mark_safe(
        "".join(
            f'<a href="{url.replace(str(PLACEHOLDER), str(int(number)))}"'
            f"{marked if in_play else ''}>{int(number)}</a>"
            for number, in_play in links
        )
    )
