"""Reading rendered pages in tests: visible text, and one guide card.

The movement pages (table and pair cards) and the team match pages print
the same guide cards; their tests read a card's rows as visible text.
"""

from __future__ import annotations

import html
import re


def text(fragment: str) -> str:
    """The visible text of an HTML fragment, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def guide_card(content: str, kind: str, key: str) -> str:
    """The inside of the one ``kind`` guide card (``table``, ``pair``...) keyed
    ``key`` in a page; asserts there is exactly one."""
    found = re.findall(
        rf'<article class="guide-card {kind}-card" data-{kind}="{key}">(.*?)</article>',
        content,
        re.S,
    )
    assert len(found) == 1, key
    return found[0]
