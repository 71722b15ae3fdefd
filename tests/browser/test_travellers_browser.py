"""One traveller (or its game's page of a deal) per game, in real headless
Chromium, as a player reads it once the demo's events are played: what the
page shows is what the database holds, and a screenshot of each goes to
``artifacts/traveller-<game>.png``.

The demo (``tournaments.demo``) loads one finished event of each game; each
case names the page a player opens for one deal of it and the figures that
page must show, read from the stored rows.
"""

from __future__ import annotations

import pytest
from browser import ARTIFACTS, manual_screenshot
from demo_world import DemoCopy
from django.db import transaction

from games.double_dummy import available, solve
from tournaments.models import (
    BarbuScore,
    Board,
    ChinesePlayer,
    Event,
    Result,
    WhizResult,
)
from tournaments.services.analysis import ANALYSIS_FIELDS, board_analysis_set

pytestmark = pytest.mark.django_db(transaction=True)


def _board_one(event: Event) -> tuple[str, list[str]]:
    """A pairs (or Bridgeote, or teams) section's board 1 traveller, and each
    of its lines' score (in the NS column, or the EW one when negative)."""
    section = event.sessions.order_by("number").first().sections.order_by("letter")[0]
    lines = Result.objects.filter(board__section=section, board__number=1)
    scores = [str(abs(line.score_ns)) for line in lines if line.score_ns]
    assert scores, f"{event.name}: board 1 has no scored line"
    return f"/sections/{section.pk}/boards/1/", scores


def _teams_board_one(event: Event) -> tuple[str, list[str]]:
    """A teams round's board 1: both rooms of each match and the IMPs."""
    url, scores = _board_one(event)
    return url, [*scores, "Net to home", "Home IMPs", "Away IMPs"]


def _individual_board_one(event: Event) -> tuple[str, list[str]]:
    """An individual's board 1: its lines' scores, the players by seat."""
    lines = Result.objects.filter(board__section__session__event=event)
    scores = [str(abs(r.score_ns)) for r in lines.filter(board__number=1) if r.score_ns]
    assert scores, "the individual's board 1 has no scored line"
    return f"/events/{event.pk}/individual/boards/1/", scores


def _whiz_board_one(event: Event) -> tuple[str, list[str]]:
    """A Whiz event's board 1 comparisons, and each contract played on it."""
    results = WhizResult.objects.filter(
        board__section__session__event=event, board__number=1
    )
    points = [str(r.points_n) for r in results if r.points_n is not None]
    assert points, "the Whiz board 1 has no result"
    return f"/events/{event.pk}/whiz/boards/1/", points


def _barbu_first_player(event: Event) -> tuple[str, list[str]]:
    """A Barbu player's page (each table deals its own cards), and his points."""
    scores = BarbuScore.objects.filter(entrant__section__session__event=event)
    score = scores.order_by("entrant__number").first()
    return f"/events/{event.pk}/barbu/players/{score.entrant_id}/", [str(score.points)]


def _chinese_first_player(event: Event) -> tuple[str, list[str]]:
    """A Chinese bridge player's page of his matches, and his name."""
    player = ChinesePlayer.objects.filter(section__session__event=event).first()
    return f"/events/{event.pk}/chinese/players/{player.pk}/", [player.name]


GAMES = {
    "bridge": ("Tuesday Mitchell", _board_one),
    "bridgeote": ("Bridgeote evening", _board_one),
    "teams": ("Saturday Swiss teams", _teams_board_one),
    "individual": ("Individual evening", _individual_board_one),
    "whiz": ("Sunday Whiz", _whiz_board_one),
    "barbu": ("Barbu evening", _barbu_first_player),
    "chinese": ("Chinese bridge round robin", _chinese_first_player),
}
# The manual's travellers (docs/directors/hand-records.md, teams.md, whiz.md).
MANUAL = {
    "bridge": "traveller-bridge.png",
    "teams": "traveller-teams.png",
    "whiz": "traveller-whiz.png",
}


@pytest.fixture
def demo_events(transactional_db, demo_copy: DemoCopy) -> dict[str, Event]:
    """The demo's events (the rows ``load_demo()`` makes, laid and committed
    for the live server), published, by name."""
    with transaction.atomic():  # the foreign keys checked once, at the commit
        demo_copy.lay()
    Event.objects.update(published=True)
    # The demo's double-dummy run starts as load_demo() commits, which the
    # copy (built in a transaction rolled back) never does: the bridge
    # traveller's deal (the manual's traveller-bridge.png) is solved here,
    # so that it shows the table and the par as the manual says.
    if available():
        name, _ = GAMES["bridge"]
        boards = Board.objects.filter(section__session__event__name=name, number=1)
        for board in boards:
            board_analysis_set(board, solve(board.deal))
            board.save(update_fields=list(ANALYSIS_FIELDS))
    return {event.name: event for event in Event.objects.all()}


def test_each_game_shows_a_deal_as_stored(live_server, browser, demo_events):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    ARTIFACTS.mkdir(exist_ok=True)
    for game, (name, case) in GAMES.items():
        url, figures = case(demo_events[name])
        reply = page.goto(f"{live_server.url}{url}")
        assert reply is not None and reply.status == 200, (game, url)
        text = page.locator("main").inner_text()
        for figure in figures:
            assert figure in text, (game, figure)
        if game in MANUAL:
            manual_screenshot(page, MANUAL[game], full_page=True)
        else:
            page.screenshot(
                path=str(ARTIFACTS / f"traveller-{game}.png"), full_page=True
            )
