"""The director's live score preview, GET /api/score/: the manual's own
weighted example answers with the weighted score, and no query string, however
nasty, is a 500 (each bad one is a 400 naming the field)."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.conftest import mitchell_section
from tournaments.models import Board, Club
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

URL = reverse("api-score-preview")


def preview(client, **params):
    return client.get(URL, params)


def test_the_readme_weighted_example_is_previewed(director, section):
    """70 % of 4S= (420 None vul) and 30 % of 4S+1 (450): 0.7 x 420 + 0.3 x 450
    = 429, the score the traveller stores for that line."""
    board = Board.objects.get(section=section, number=1)
    response = director.get(
        f"{URL}?board={board.pk}&contract=70%25+4S+N+%3D%3B+30%25+4S+N+%2B1"
    )
    assert response.status_code == 200, response.content
    assert response.json() == {
        "score_ns": 429,
        "weighted": "70% 4S N =; 30% 4S N +1",
    }


def test_the_readme_weighted_example_is_previewed_anonymously_too(client, section):
    """The tablets preview without a director's login (GET is read-only)."""
    board = Board.objects.get(section=section, number=4)  # all vulnerable
    body = preview(client, board=board.pk, contract="70% 4S N =; 30% 4S N +1").json()
    assert body == {
        "score_ns": 629,
        "weighted": "70% 4S N =; 30% 4S N +1",
    }  # .7x620+.3x650


@pytest.mark.parametrize(
    ("contract", "declarer", "result", "field"),
    [
        ("70% 4S N =", "", "", "contract"),  # one part with a contract
        ("70% 4S N =; 20% 4S N +1", "", "", "contract"),  # 90 %
        ("70% 4S N =; 40% 4S N +1", "", "", "contract"),  # 110 %
        ("0% 4S N =; 100% 4S N +1", "", "", "contract"),  # a part of nothing
        ("70% 4S N =; 30% 4Z N =", "", "", "contract"),
        ("70% 4S Q =; 30% 4S N =", "", "", "contract"),
        ("70% 8S N =; 30% 4S N =", "", "", "contract"),
        ("70% 4S N +9; 30% 4S N =", "", "", "contract"),
        ("; ".join(["10% 4S N ="] * 11), "", "", "contract"),
        ("; ".join(["0.1% 4S N ="] * 1000), "", "", "contract"),  # 1000 parts
        ("4S", "N", "+4", "result"),
        ("4S", "N", "-11", "result"),
        ("4S", "N", "x", "result"),
        ("4S", "N", "99999999999999999999", "result"),
        ("4S", "Q", "=", "declarer"),
        ("4S", "", "=", "declarer"),
        ("4S", "NN", "=", "declarer"),
        ("8S", "N", "=", "contract"),
        ("0S", "N", "=", "contract"),
        ("-4S", "N", "=", "contract"),
        ("4Q", "N", "=", "contract"),
        ("", "N", "=", "contract"),
        ("101%", "", "", "contract"),
        ("-5%", "", "", "contract"),
        ("A+/Z", "", "", "contract"),
        ("♠♥♦♣", "N", "=", "contract"),
        ("４S", "N", "=", "contract"),  # a full-width digit
        ("4S\x00", "N", "=", "contract"),
        ("x" * 5000, "", "", "contract"),
        ("70% 4S" + " " * 150 + "Q; 30% 4S N =", "", "", "contract"),
        ("4S", "N" * 5000, "=", "declarer"),
        ("4S", "N", "=" * 5000, "result"),
        ("4S", "N", "=\x00", "result"),
    ],
)
def test_a_bad_line_is_a_400_naming_its_box(
    client, section, contract, declarer, result, field
):
    board = Board.objects.get(section=section, number=1)
    response = preview(
        client, board=board.pk, contract=contract, declarer=declarer, result=result
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["field"] == field, body
    assert body["error"]


@pytest.mark.parametrize(
    ("contract", "declarer", "result", "body"),
    [
        ("", "", "", {"score_ns": None}),
        ("   ", " ", "", {"score_ns": None}),
        ("70%", "", "", {"adjusted": "70/70"}),  # a percentage is an adjusted score
        ("60/40", "", "", {"adjusted": "60/40"}),
        ("A+/A-", "", "", {"adjusted": "A+/A-"}),
        ("pass", "", "", {"score_ns": 0, "tricks": None}),
        ("4s", "n", "=", {"score_ns": 420, "tricks": 10}),
        ("  4S ", " N ", " -1 ", {"score_ns": -50, "tricks": 9}),
        ("4S", "N", "10", {"score_ns": 420, "tricks": 10}),
        ("4♠", "N", "=", {"score_ns": 420, "tricks": 10}),  # a suit symbol reads
        ("7NTXX", "S", "-13", {"score_ns": -7000, "tricks": 0}),
    ],
)  # fmt: skip
def test_good_lines_are_scored(client, section, contract, declarer, result, body):
    """Board 1, none vulnerable: 4S= 420, 4S-1 -50; 7NTXX down 13 is
    -(200 + 2 x 400 + 10 x 600) = -7000."""
    board = Board.objects.get(section=section, number=1)
    response = preview(
        client, board=board.pk, contract=contract, declarer=declarer, result=result
    )
    assert response.status_code == 200, response.content
    assert response.json() == body


@pytest.mark.parametrize(
    ("weighted", "score"),
    [
        ("70% 4S N =; 30% Pass", 294),  # 0.7 x 420
        ("50% +450; 50% -100", 175),
        ("; ".join(["10% 4S N ="] * 10), 420),  # ten parts, the most
        ("33.3% 4S N =; 33.3% 4S N +1; 33.4% 4S N -1", 273),  # 139.86+149.85-16.7
    ],
)
def test_weighted_lines_are_scored_and_echoed(client, section, weighted, score):
    board = Board.objects.get(section=section, number=1)  # none vulnerable
    response = preview(client, board=board.pk, contract=weighted)
    assert response.status_code == 200, response.content
    assert response.json() == {"score_ns": score, "weighted": weighted}


@pytest.mark.parametrize(
    "board",
    ["", "x", "-1", "0", "1.5", "1e3", "9" * 19, "9" * 5000, "１", "1; DROP", "\x00",
     "99999999", "٣"],
)  # fmt: skip
def test_an_unknown_board_is_a_400_naming_the_board(client, section, board):
    response = preview(client, board=board, contract="4S", declarer="N", result="=")
    assert response.status_code == 400
    assert response.json()["field"] == "board"


def test_a_missing_board_is_a_400_naming_the_board(client, section):
    response = client.get(URL, {"contract": "4S"})
    assert response.status_code == 400
    assert response.json()["field"] == "board"


def test_another_clubs_board_only_scores_the_contract(director, section):
    """The preview reads no result of the board (nothing private leaks, even
    while its travellers are hidden): the score of a contract on a board
    number is the same for anyone who asks, whichever club runs it."""
    other = Club.objects.create(name="Other club")
    event = event_create(name="Their night", date=dt.date(2026, 11, 24), club=other)
    theirs = mitchell_section(event.sessions.get())
    board = Board.objects.get(section=theirs, number=2)  # NS vulnerable
    body = preview(director, board=board.pk, contract="3NT", declarer="S", result="=")
    assert body.json() == {"score_ns": 600, "tricks": 9}


def test_repeated_params_and_a_post_are_answered(client, director, section):
    board = Board.objects.get(section=section, number=1)
    response = client.get(
        f"{URL}?board={board.pk}&board=x&contract=4S&contract=&declarer=N&result=%3D"
    )
    assert response.status_code in (200, 400)
    assert client.post(URL, {"board": board.pk}).status_code in (403, 405)
    assert director.post(URL, {"board": board.pk}).status_code == 405


# Pieces a line is made of, so that random lines are often nearly right.
PIECES = st.sampled_from(
    ["4S", "3NT", "7NTXX", "Pass", "N", "E", "S", "W", "=", "+1", "-2", "%", ";",
     "70", "30", "100", "0", ".", ",", "/", "A+", "A-", "+450", "-", " ", "\t",
     "♠", "é", "\x00", "99999999999", "SA", "X", "*", "\u202e", "🂡"]
)  # fmt: skip
LINES = st.one_of(st.text(max_size=40), st.lists(PIECES, max_size=25).map("".join))


# Deterministic by default, as the import fuzz tests; DONNE_FUZZ_EXAMPLES=2000
# searches longer with fresh random examples.
@settings(
    max_examples=int(os.environ.get("DONNE_FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    derandomize="DONNE_FUZZ_EXAMPLES" not in os.environ,
)
@given(
    contract=LINES, declarer=LINES, result=LINES, board=st.one_of(LINES, st.just(""))
)
def test_no_query_string_is_a_500(client, section, contract, declarer, result, board):
    """Every line is a 200, or a 400 naming one of the query's fields."""
    known = Board.objects.filter(section=section).first().pk
    for board_id in (str(known), board):
        response = preview(
            client, board=board_id, contract=contract, declarer=declarer, result=result
        )
        assert response.status_code in (200, 400), response.content
        if response.status_code == 400:
            assert response.json()["field"] in {
                "board",
                "contract",
                "declarer",
                "result",
            }
