"""The rows of a pairs ranking table, rendered in Python.

A national simultaneous lists thousands of pairs: Django's template language
took about half a millisecond a row (one second at 2,000 pairs), while the
same escaped HTML built here takes a few microseconds.  The columns are
those of ``results/event.html``'s header: rank, [section place,] pair,
names, then MP (before a penalty), penalty, total, top, %, boards; or by
IMPs: IMPs before, penalty, IMPs, boards, IMPs a board.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from django import template
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tournaments.selectors.pairs import StandingRow
from tournaments.templatetags.bridge import mp, pct

register = template.Library()


@register.simple_tag
def ranking_rows(
    rows: Iterable[StandingRow],
    *,
    lettered: bool = False,
    linked: bool = False,
    by_imps: bool = False,
    penalised: bool = False,
    section_places: bool = False,
) -> SafeString:
    """Every ``<tr>`` of the ranking, escaped (see the module docstring)."""
    # Every part of a row is escaped (``_td``, ``format_html``) or a constant.
    return mark_safe(
        "\n".join(
            _row(row, lettered, linked, by_imps, penalised, section_places)
            for row in rows
        )
    )


def _row(
    row: StandingRow,
    lettered: bool,
    linked: bool,
    by_imps: bool,
    penalised: bool,
    section_places: bool,
) -> str:
    pair = row.pair
    cells = [_td(row.rank)]
    if section_places:
        cells.append(_td(row.section_rank))
    label = f"{pair.section.letter if lettered else ''}{pair.number}"
    cells.append(_td(label))
    names = pair.names or pair.label
    if linked:
        url = reverse("results:pair", args=[pair.section_id, pair.pk])
        names = format_html('<a href="{}">{}</a>', url, names)
    cells.append(format_html('<td class="text names">{}</td>', names))
    if by_imps:
        if penalised:
            cells.append(_td(_imps(row.scored)))
            cells.append(_penalty(row.penalty, _imps))
        cells += [_td(_imps(row.imps)), _td(row.boards), _td(_imps(row.imps_per_board))]
    else:
        if penalised:
            cells.append(_td(mp(row.scored), "mp"))
            cells.append(_penalty(row.penalty, mp))
        cells += [
            _td(mp(row.mp), "mp"),
            _td(mp(row.top), "wide-only"),
            _td(pct(row.pct), "pct"),
            _td(row.boards, "wide-only"),
        ]
    return "<tr>" + "".join(cells) + "</tr>"


def _td(value: object, css: str = "") -> str:
    text = _escaped(value)
    return f'<td class="{css}">{text}</td>' if css else f"<td>{text}</td>"


def _imps(value: float | None) -> str:
    return floatformat(value, "-2u") if value is not None else "–"


def _penalty(value: float, shown: object) -> str:
    text = f"−{shown(value)}" if value else ""
    return f'<td class="penalty">{_escaped(text)}</td>'


def _escaped(value: object) -> str:
    """``conditional_escape`` without its lazy-string wrapper (a tenth of
    the rows' time): what is already safe as it is, the rest escaped."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))
