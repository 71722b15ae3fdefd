"""Public results pages: traveller, scorecard, ranking, Excel download."""

from __future__ import annotations

import datetime as dt
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from section_play import club_night, enter_board

from tournaments.models import Club, Pair, Player, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.pairs import stored_report
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    """A 3-table Mitchell with board 1 played: 4H= by N, 4H+1 by N, 3NTX-2 by E.

    Board 1 is love all: +420, +450 and +300; NS MP 2, 4, 0 of a top of 4.
    Board 2 holds two played lines and an A+/A- (60 % / 40 % of the top).
    """
    section = club_night()
    enter_board(section, 1, [("4H", "N", 10), ("4H", "N", 11), ("3NTX", "E", 7)])
    enter_board(section, 2, [("2S", "S", 8), ("2S", "S", 9), None])
    rescore_section(section.pk)
    return section


def test_the_traveller_shows_each_line_with_mp_and_percentages(client, section):
    response = client.get(reverse("results:board", args=[section.pk, 1]))
    assert response.status_code == 200
    rows = sorted(
        (line.result.score_ns, line.mp_ns, line.mp_ew, line.pct_ns)
        for line in response.context["lines"]
    )
    assert rows == [(300, 0, 4, 0), (420, 2, 2, 50), (450, 4, 0, 100)]
    html = response.content.decode()
    assert '4<span class="suit red">♥</span>' in html
    assert "+1" in html and "-2" in html
    assert response.context["next"] == 2 and response.context["previous"] is None


def test_an_adjusted_line_shows_its_marks(client, section):
    response = client.get(reverse("results:board", args=[section.pk, 2]))
    adjusted = [line for line in response.context["lines"] if line.adjusted]
    assert [(a.adjusted, a.pct_ns, a.pct_ew, a.mp_ns) for a in adjusted] == [
        ("A+/A-", 60, 40, 2.4)
    ]
    assert "Adjusted score A+/A-" in response.content.decode()


def test_a_pairs_scorecard_is_from_its_own_side(client, section):
    pair = Pair.objects.get(section=section, number=1, direction="EW")
    response = client.get(reverse("results:pair", args=[section.pk, pair.pk]))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert all(row["direction"] == "EW" for row in rows)
    for row in rows:
        line = row["line"]
        assert row["pct"] == line.pct_ew
        if line.result.score_ns is not None:
            assert row["score"] == -line.result.score_ns
    standing = response.context["standing"]
    assert standing.mp == pytest.approx(sum(row["mp"] for row in rows))


def test_the_event_ranks_ns_and_ew_apart(client, section):
    response = client.get(reverse("results:event", args=[section.session.event_id]))
    assert list(response.context["rankings"]) == ["NS", "EW"]
    assert response.status_code == 200


def test_unknown_results_are_404(client, section):
    assert client.get(reverse("results:event", args=[999])).status_code == 404
    assert (
        client.get(reverse("results:board", args=[section.pk, 99])).status_code == 404
    )
    assert (
        client.get(reverse("results:pair", args=[section.pk, 999])).status_code == 404
    )


def test_the_excel_download_matches_the_pages(client, section):
    event_id = section.session.event_id
    response = client.get(reverse("results:excel", args=[event_id]))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert 'filename="club-night.xlsx"' in response["Content-Disposition"]
    workbook = load_workbook(BytesIO(response.content))
    travellers = workbook["Travellers"]
    header = [cell.value for cell in travellers[1]]
    rows = [dict(zip(header, r, strict=True))
            for r in travellers.iter_rows(min_row=2, values_only=True)]  # fmt: skip
    board_one = sorted((r["NS score"], r["MP NS"], r["% NS"]) for r in rows
                       if r["Board"] == 1)  # fmt: skip
    assert board_one == [(300, 0, 0), (420, 2, 0.5), (450, 4, 1)]
    adjusted = next(r for r in rows if r["Adjusted"])
    assert (adjusted["Adjusted"], adjusted["MP NS"], adjusted["% EW"]) == (
        "A+/A-",
        2.4,
        0.4,
    )
    page = client.get(reverse("results:event", args=[event_id])).context["rankings"]
    ranking = workbook["Ranking"]
    assert ranking.max_row == 1 + sum(len(rows) for rows in page.values())
    first = page["NS"][0]
    excel_first = [c.value for c in ranking[2]]
    assert excel_first[:4] == ["NS", int(first.rank), None, first.pair.number]
    assert excel_first[7] == pytest.approx(round(first.pct / 100, 6))
    assert ranking["H2"].number_format == "0.00%"
    assert isinstance(ranking["F2"].value, float | int)


def test_an_event_without_sections_has_no_workbook(client):
    event = event_create(name="Empty", date=dt.date(2026, 11, 20))
    assert client.get(reverse("results:excel", args=[event.pk])).status_code == 404
    assert client.get(reverse("results:event", args=[event.pk])).status_code == 200


def test_the_event_ranking_adds_up_the_sessions_of_each_partnership(client, section):
    """A second session with the same partnerships: totals are MP and tops
    added across both sessions, so the percentages are over 2 x the boards."""
    event = section.session.event
    second = Session.objects.create(event=event, number=2)
    copy = section_create(session=second, choice=MovementChoice("mitchell", 3, 2))
    for pair in section.pairs.all():
        twin = copy.pairs.get(number=pair.number, direction=pair.direction)
        player = Player.objects.create(
            club=Club.objects.get_or_create(name="C")[0],
            first_name="P",
            last_name=pair.label,
        )
        pair.players.set([player])
        twin.players.set([player])
    enter_board(copy, 1, [("4S", "N", tricks) for tricks in (10, 11, 9)])
    rescore_section(copy.pk)
    response = client.get(reverse("results:event", args=[event.pk]))
    rankings = response.context["rankings"]
    first = {row.pair.label: row for row in stored_report(section).rankings["NS"]}
    second_ = {row.pair.label: row for row in stored_report(copy).rankings["NS"]}
    for row in rankings["NS"]:
        label = row.pair.label
        assert row.mp == pytest.approx(first[label].mp + second_[label].mp)
        assert row.top == first[label].top + second_[label].top
        assert row.pct == pytest.approx(100 * row.mp / row.top)
    assert len(rankings["NS"]) == 3
