"""A real match: 16 boards of the 2015 Bermuda Bowl (Chennai), SWEDEN v POLAND.

BBO vugraph export, both rooms, from lucbellicaud/bridgetrainer
``Pbns/41284.pbn`` (tests/data/pbn/bbo_2015WBTC_bermuda_bowl_41284.pbn, see
tests/data/README.md).  SWEDEN (the file's [HomeTeam]) sits NS in the open
room (Upmark - F Nystrom) and EW in the closed room (Sylvan - Wrang);
POLAND is EW in the open room (Klukowski - Gawrys) and NS in the closed room
(Jassem - Mazurkiewicz).  The expected IMPs below were worked by hand from
the [Score] tags on the WBF scale, from Sweden's side.
"""

from __future__ import annotations

import pytest

from games.pbn import read_pbn
from scoring.rooms import pbn_match_rooms
from scoring.teams import match_imps, match_vp
from tests.games.conftest import PBN_DIR

MATCH_FILE = PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn"

SWEDEN_IMPS = [
    -2,  # board 1: open NS 50, closed NS 100: -50
    0,  # board 2: 620, 620
    1,  # board 3: -150, -170: 20
    6,  # board 4: 100, -140: 240
    -10,  # board 5: -420, 50: -470
    0,  # board 6: -100, -110: 10
    15,  # board 7: 650, -620: 1270
    -5,  # board 8: 100, 300: -200
    0,  # board 9: -500, -500
    0,  # board 10: 620, 620
    4,  # board 11: 110, -50: 160
    -11,  # board 12: -490, 50: -540
    0,  # board 13: -200, -200
    11,  # board 14: 980, 420: 560
    0,  # board 15: -420, -420
    -11,  # board 16: -100, 450: -550
]
OPEN_NS = [50, 620, -150, 100, -420, -100, 650, 100]
OPEN_NS += [-500, 620, 110, -490, -200, 980, -420, -100]
CLOSED_NS = [100, 620, -170, -140, 50, -110, -620, 300]
CLOSED_NS += [-500, 620, -50, 50, -200, 420, -420, 450]


@pytest.fixture(scope="module")
def games():
    return read_pbn(MATCH_FILE.read_bytes())


def test_sweden_sits_ns_in_the_open_room_and_ew_in_the_closed_room(games):
    assert games[0].tags["HomeTeam"] == "SWEDEN"
    assert games[0].tags["VisitTeam"] == "POLAND"
    seats = {
        (game.tags["Room"], game.tags[seat])
        for game in games
        for seat in ("North", "South", "East", "West")
    }
    assert seats == {
        ("Open", "UPMARK"),
        ("Open", "F NYSTROM"),
        ("Open", "KLUKOWSKI"),
        ("Open", "GAWRYS"),
        ("Closed", "JASSEM"),
        ("Closed", "MAZURKIEWI"),
        ("Closed", "SYLVAN"),
        ("Closed", "WRANG|"),
    }
    for game in games:
        north_south = {game.tags["North"], game.tags["South"]}
        if game.tags["Room"] == "Open":
            assert north_south == {"UPMARK", "F NYSTROM"}
        else:
            assert north_south == {"JASSEM", "MAZURKIEWI"}


def test_it_pairs_the_two_rooms_of_each_board(games):
    rooms = pbn_match_rooms(games)
    assert [r.board for r in rooms] == list(range(1, 17))
    assert [r.open_ns for r in rooms] == OPEN_NS
    assert [r.closed_ns for r in rooms] == CLOSED_NS


def test_it_imps_every_board_and_the_match(games):
    match = match_imps(pbn_match_rooms(games))
    assert [board.home for board in match.boards] == SWEDEN_IMPS
    assert [board.away for board in match.boards] == [-i for i in SWEDEN_IMPS]
    assert match.played == 16
    assert (match.home_imps, match.away_imps) == (37, 39)
    assert match.margin == -2
    # 2 IMPs over 16 boards: 10 + 10 (1 - t^0.1) / (1 - t^3) = 10.615 on the
    # formula, 10.61 (no concavity nudge at this margin).
    assert match_vp(match.home_imps, match.away_imps, 16) == (9.39, 10.61)


def test_the_scores_from_contract_and_result_agree_with_the_score_tags():
    """Without the [Score] tags the rooms are scored from Law 77."""
    games = read_pbn(MATCH_FILE.read_bytes())
    for game in games:
        del game.tags["Score"]
    rooms = pbn_match_rooms(games)
    assert [r.open_ns for r in rooms] == OPEN_NS
    assert [r.closed_ns for r in rooms] == CLOSED_NS
