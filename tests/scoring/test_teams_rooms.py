"""Reading a teams match's rooms from PBN games (``scoring.rooms``).

PBN 2.1 section 4.2: [Score "NS 620"], [Score "EW -620"], or a bare number
from the declaring side (the verifier's correct_10.pbn has [Score "-300"]
for 5HX by South two down).
"""

from __future__ import annotations

import pytest

from games.pbn import PbnGame
from scoring.rooms import pbn_match_rooms, pbn_ns_score
from scoring.teams import BoardRooms


def game(line=1, **tags):
    return PbnGame(tags=tags, line=line)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        ({"Score": "NS 620"}, 620),
        ({"Score": "NS -100"}, -100),
        ({"Score": "EW 620"}, -620),
        ({"Score": "EW -50"}, 50),
        ({"Score": "-300", "Declarer": "S"}, -300),
        ({"Score": "620", "Declarer": "E"}, -620),
        ({"Score": "0"}, 0),
        ({"Score": "?"}, None),
        ({}, None),
        # No Score tag: Law 77 from the contract (board 2: NS vulnerable).
        ({"Board": "2", "Contract": "4S", "Declarer": "N", "Result": "10"}, 620),
        ({"Board": "2", "Contract": "4S", "Declarer": "E", "Result": "9"}, 50),
        ({"Board": "2", "Contract": "Pass"}, 0),
        ({"Board": "2", "Contract": "4S", "Declarer": "N", "Result": "?"}, None),
        (
            {"Contract": "3NT", "Declarer": "S", "Result": "9", "Vulnerable": "All"},
            600,
        ),
    ],
)
def test_it_reads_the_ns_score_of_a_game(tags, expected):
    assert pbn_ns_score(game(**tags)) == expected


@pytest.mark.parametrize(
    ("tags", "fragment"),
    [
        ({"Score": "NS 620 EW"}, r'^game: Score tag "NS 620 EW" of the game at line 7'),
        ({"Score": "XY 620"}, r"must be"),
        ({"Score": "NS six"}, r"does not end with a whole number"),
        ({"Score": "620"}, r"the game has no declarer"),
        ({"Contract": "4S", "Declarer": "N", "Result": "10"}, r"neither a board"),
    ],
)
def test_it_rejects_a_score_it_cannot_read(tags, fragment):
    with pytest.raises(ValueError, match=fragment):
        pbn_ns_score(game(line=7, **tags))


def test_it_pairs_rooms_in_board_order():
    games = [
        game(Board="2", Room="Closed", Score="NS -100"),
        game(Board="1", Room="open", Score="NS 420"),
        game(Board="2", Room="Open", Score="EW -620"),
        game(Board="1", Room="Closed", Score="NS 450"),
        game(Board="3", Room="Open", Score="NS 110"),
    ]
    assert pbn_match_rooms(games) == [
        BoardRooms(1, 420, 450),
        BoardRooms(2, 620, -100),
        BoardRooms(3, 110, None),
    ]


def test_it_refuses_games_it_cannot_place():
    with pytest.raises(ValueError, match=r"^games: the game at line 4 needs"):
        pbn_match_rooms([game(line=4, Board="1", Score="NS 420")])
    with pytest.raises(ValueError, match=r"^games: board 1 appears twice"):
        pbn_match_rooms(
            [game(Board="1", Room="Open"), game(line=9, Board="1", Room="Open")]
        )
