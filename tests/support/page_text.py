"""Reading rendered pages in tests: visible text, table rows, and one guide
card.

The movement pages (table and pair cards) and the team match pages print
the same guide cards; their tests read a card's rows as visible text.  The
results pages' tests read their tables row by row (``table_rows``).
"""

from __future__ import annotations

import html
import re

ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)


def text(fragment: str) -> str:
    """The visible text of an HTML fragment, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def cell_text(fragment: str) -> str:
    """The visible text of a table cell's HTML, tags dropped without a space
    ("4<small>S</small>" reads "4S"), spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def table_rows(page: str, css: str | None = None) -> list[list[str]]:
    """Every table row of ``page`` as its cells' text (:func:`cell_text`);
    with ``css``, only the rows of its tables of that class."""
    tables = [page]
    if css is not None:
        tables = re.findall(rf'<table class="{css}">(.*?)</table>', page, re.S)
    rows = [row for table in tables for row in ROW.findall(table)]
    return [[cell_text(cell) for cell in CELL.findall(row)] for row in rows]


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
