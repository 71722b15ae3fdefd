"""The individual's pages render with their figures: results, a player's
scorecard, a board's traveller (the four players by seat), the director's
page, the workbook and the tablet (each player's seat).

8 players (2 tables, 2 boards a round shared by both tables, 7 rounds):
each board is played at both tables, top 2.  Every line is 3NT by North,
10 tricks at table 1 and 8 at table 2, so on every board table 1's NS
scores 2 MP and its EW 0, table 2's NS 0 and its EW 2.
"""

from __future__ import annotations

import datetime as dt
import html
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.individual.rescore import rescore_individual_section
from tournaments.individual.services import individual_event_create, section_schedule
from tournaments.models import IndividualScore, Result, Section, Session
from tournaments.services.results import result_submit
from tournaments.services.single_section import PlayerEntry

pytestmark = pytest.mark.django_db

NAMES = ["Ada", "Bea", "Cyd", "Dot", "Eve", "Flo", "Gus", "Hal"]


@pytest.fixture
def played(director):
    event = individual_event_create(
        name="Individual evening",
        date=dt.date(2026, 11, 25),
        entries=[PlayerEntry(name=name) for name in NAMES],
        boards_per_round=2,
    )
    section = Section.objects.get(session__event=event)
    schedule = section_schedule(section)
    pairs = {pair.number: pair for pair in section.pairs.all()}
    for s in schedule.seatings:
        for number in s.boards:
            result_submit(
                board=section.boards.get(number=number),
                ns_pair=pairs[schedule.partnership_id(s.round, s.table, "NS")],
                ew_pair=pairs[schedule.partnership_id(s.round, s.table, "EW")],
                contract="3NT",
                declarer="N",
                tricks=10 if s.table == 1 else 8,
            )
    rescore_individual_section(section.pk)
    Session.objects.filter(event=event).update(status=Session.Status.CLOSED)
    return event, section, schedule


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def test_the_scores_are_each_sides_matchpoints(played):
    """A player at table 1 NS (2 MP a board) or table 2 EW (2 MP) scores the
    top; table 1 EW or table 2 NS scores 0.  Over 7 rounds x 2 boards, top 2
    a board: top 28, and each player's MP is 2 x 2 x (rounds on the winning
    sides)."""
    _event, _section, schedule = played
    assert Result.objects.count() == 28
    winning = {}
    for s in schedule.seatings:
        good = s.ns if s.table == 1 else s.ew
        for player in good:
            winning[player] = winning.get(player, 0) + 1
    for score in IndividualScore.objects.select_related("entrant"):
        rounds_won = winning.get(score.entrant.number, 0)
        assert (score.boards, score.top) == (14, 28)
        assert score.mp == 4 * rounds_won
        assert score.pct == round(100 * 4 * rounds_won / 28, 2)


def test_the_pages_show_the_figures(client, played):
    event, _section, schedule = played
    best = IndividualScore.objects.select_related("entrant").first()
    results = page(client, reverse("results:event", args=[event.pk]))
    assert best.entrant.display_name in results
    assert f"{best.pct:.2f}" in results
    card = page(
        client, reverse("results:individual-player", args=[event.pk, best.entrant.pk])
    )
    assert f"{best.pct:.2f}" in card and "3NT" in card
    traveller = page(client, reverse("results:individual-board", args=[event.pk, 1]))
    first = schedule.seating(1, 1)
    for seat, player in zip("NESW", first.players, strict=True):
        assert f"{seat} {player} {NAMES[player - 1]}" in traveller
    director = page(client, reverse("director:event", args=[event.pk]))
    assert f"{first.players[0]} {NAMES[first.players[0] - 1]}" in director


def test_the_workbook_has_the_ranking_and_every_line(client, played):
    event, _section, _schedule = played
    response = client.get(reverse("results:excel", args=[event.pk]))
    assert response.status_code == 200
    book = load_workbook(BytesIO(response.content))
    ranking = book.worksheets[0]
    assert [cell.value for cell in ranking[1]][:3] == ["Rank", "Tied", "Player"]
    rows = list(ranking.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 8
    best = IndividualScore.objects.select_related("entrant").first()
    assert rows[0][2] == best.entrant.number and rows[0][6] == best.pct
    # The place is a number, the tie mark beside it (issue 22, item 7).
    scores = IndividualScore.objects.order_by("position")
    assert [row[:2] for row in rows] == [
        (int(s.rank.rstrip("=")), "=" if s.rank.endswith("=") else None) for s in scores
    ]
    boards = list(book.worksheets[1].iter_rows(min_row=2, values_only=True))
    assert len(boards) == 28


def test_the_tablet_shows_each_player_by_seat(client, played):
    event, section, schedule = played
    Session.objects.filter(event=event).update(status=Session.Status.PLAYING)
    table = section.table_set.get(number=1)
    client.post(reverse("terminal:sign-in"), {"code": table.code})
    shown = page(client, reverse("terminal:play") + "?round=1")
    first = schedule.seating(1, 1)
    for seat, player in zip("NESW", first.players, strict=True):
        assert f"{seat} {player} {NAMES[player - 1]}" in shown
    # Round 1 is all in: the tablet says where each of the four goes next.
    seats = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for player in first.players:
        there = schedule.position(player, 2)
        where = f"table {there.table}, {seats[there.seat_of(player)]}"
        assert f"{player} {NAMES[player - 1]}: {where}" in shown


def test_the_pbn_file_ranks_the_players(client, played):
    event, _section, _schedule = played
    response = client.get(reverse("results:pbn", args=[event.pk]))
    assert response.status_code == 200
    body = b"".join(response) if response.streaming else response.content
    text = body.decode()
    assert '[TotalScoreTable "Rank\\3R;PlayerId\\3R;' in text
    best = IndividualScore.objects.select_related("entrant").first()
    assert (
        f'{best.entrant.number} {best.mp:.2f} {best.pct:.2f} "{best.entrant.name}"'
        in text
    )
    assert text.count("[Board ") == 14


def test_the_usebio_file_is_an_individual_event(client, played):
    import xml.etree.ElementTree as ET

    event, _section, schedule = played
    response = client.get(reverse("results:usebio", args=[event.pk]))
    assert response.status_code == 200
    body = b"".join(response) if response.streaming else response.content
    root = ET.fromstring(body.split(b"\n", 2)[2])
    element = root.find("EVENT")
    assert element.get("EVENT_TYPE") == "INDIVIDUAL"
    players = element.findall("PARTICIPANTS/PLAYER")
    assert len(players) == 8
    best = IndividualScore.objects.select_related("entrant").first()
    first = next(
        p for p in players if p.findtext("PLAYER_NUMBER") == str(best.entrant.number)
    )
    assert first.findtext("PERCENTAGE") == f"{best.pct:.2f}"
    line = element.find("BOARD/TRAVELLER_LINE")
    seating = schedule.seating(1, int(line.findtext("NS_PAIR_NUMBER")) // 2 + 1)
    assert [line.findtext(seat) for seat in ("NORTH", "EAST", "SOUTH", "WEST")] == [
        str(p) for p in seating.players
    ]
    assert len(element.findall("BOARD")) == 14


def test_a_board_still_in_play_is_hidden_from_the_public(client):
    """Table 1 has played board 1, tables 2 and 3 not yet: its traveller is
    refused (403) to the public, as a pairs traveller would be."""
    event = individual_event_create(
        name="Live individual",
        date=dt.date(2026, 11, 25),
        entries=[PlayerEntry(name=f"P{n}") for n in range(12)],
        boards_per_round=3,
    )
    section = Section.objects.get(session__event=event)
    Session.objects.filter(event=event).update(status=Session.Status.PLAYING)
    schedule = section_schedule(section)
    pairs = {pair.number: pair for pair in section.pairs.all()}
    result_submit(
        board=section.boards.get(number=1),
        ns_pair=pairs[schedule.partnership_id(1, 1, "NS")],
        ew_pair=pairs[schedule.partnership_id(1, 1, "EW")],
        contract="3NT",
        declarer="N",
        tricks=9,
    )
    url = reverse("results:individual-board", args=[event.pk, 1])
    assert client.get(url).status_code == 403


def _pages_queries(client, players: int) -> list[int]:
    """Queries of the results page, board 1's traveller and a scorecard of
    an individual of ``players`` whose round 1 is all in."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = individual_event_create(
        name=f"Individual of {players}",
        date=dt.date(2026, 11, 25),
        entries=[PlayerEntry(name=f"P{n}") for n in range(players)],
        boards_per_round=players // 4,
    )
    section = Section.objects.get(session__event=event)
    schedule = section_schedule(section)
    pairs = {pair.number: pair for pair in section.pairs.all()}
    for s in schedule.seatings:
        if s.round == 1:
            for number in s.boards:
                result_submit(
                    board=section.boards.get(number=number),
                    ns_pair=pairs[schedule.partnership_id(1, s.table, "NS")],
                    ew_pair=pairs[schedule.partnership_id(1, s.table, "EW")],
                    contract="3NT", declarer="N", tricks=9 + s.table % 3,
                )  # fmt: skip
    rescore_individual_section(section.pk)
    entrant = section.individual_entrants.first()
    urls = [
        reverse("results:event", args=[event.pk]),
        reverse("results:individual-board", args=[event.pk, 1]),
        reverse("results:individual-player", args=[event.pk, entrant.pk]),
    ]
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    return counts


def test_the_pages_cost_the_same_queries_at_8_and_28_players(client):
    """Fixed queries a page whatever the field: 8 players (2 tables) and 28
    (7 tables, seven lines a board)."""
    assert _pages_queries(client, 8) == _pages_queries(client, 28)
