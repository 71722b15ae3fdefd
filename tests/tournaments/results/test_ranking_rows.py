"""The ranking table's rows, rendered in Python: escaped, and the same
columns as the header, by matchpoints and by IMPs."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.support.field_play import played_field
from tournaments.models import Pair, PairScore

pytestmark = pytest.mark.django_db


def ranking_rows(client, event) -> list[list[str]]:
    page = client.get(reverse("results:event", args=[event.pk]))
    assert page.status_code == 200
    rows = re.findall(r"<tr><td>.*?</tr>", page.content.decode())
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]


def test_a_name_is_escaped_and_the_row_has_the_header_columns(client):
    event = played_field(1, 3)
    pair = Pair.objects.filter(section__session__event=event).order_by("pk").first()
    Pair.objects.filter(pk=pair.pk).update(names='<img src=x onerror="alert(1)"> & Co')
    page = client.get(reverse("results:event", args=[event.pk])).content.decode()
    assert "<img src=x" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co" in page
    score = PairScore.objects.get(pair=pair)
    row = next(r for r in ranking_rows(client, event) if "&amp; Co" in r[2])
    assert row[0] == score.rank
    assert row[1] == str(pair.number)
    # MP, top, %, boards: 4 figures after the names.
    assert len(row) == 7
    assert row[5] == f"{score.pct:.2f}"
    assert row[6] == str(score.boards)


def test_by_imps_the_row_shows_imps_boards_and_imps_a_board(client):
    event = played_field(1, 3, method="butler")
    rows = ranking_rows(client, event)
    score = PairScore.objects.filter(pair__section__session__event=event).first()
    row = next(r for r in rows if r[1] == str(score.pair.number) and r[0] == score.rank)
    assert len(row) == 6
    assert row[4] == str(score.boards)
