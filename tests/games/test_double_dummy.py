"""Double-dummy tables and par (games.double_dummy) against published figures.

The Bridgewebs club exports (rchillyard/Bridge test resources, see
tests/data/README.md) publish, for each board, the tricks each declarer
makes in each strain (``[OptimumResultTable]``) and, for Newton, the par
score (``[OptimumScore]``); DDS through endplay must give the same.
"""

from __future__ import annotations

import sys

import pytest

from games.deal import Deal
from games.double_dummy import (
    DoubleDummyTable,
    DoubleDummyUnavailable,
    Par,
    ParContract,
    available,
    par,
    solve,
    solve_all,
)
from games.errors import GameError
from tests.games.conftest import games_of

NEWTON = "newtonbridge_20160120_1.pbn"
WINCHESTER = "WinchesterJuly2026.pbn"
# Newton board 1: N A97653.94.AT5.A8, E K.JT862.K987.754 ...
NEWTON_1 = "N:A97653.94.AT5.A8 K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962"

needs_solver = pytest.mark.skipif(not available(), reason="endplay is not installed")


def _published_table(game) -> DoubleDummyTable:
    rows = game.table("OptimumResultTable").rows
    return DoubleDummyTable.from_rows(
        (row["Declarer"], row["Denomination"], int(row["Result"])) for row in rows
    )


def _published_par(text: str) -> int:
    side, _, points = text.partition(" ")
    return int(points) if side == "NS" else -int(points)


@needs_solver
@pytest.mark.parametrize(("name", "boards"), [(NEWTON, 30), (WINCHESTER, 5)])
def test_every_board_solves_to_the_published_table(name, boards):
    games = [game for game in games_of(name) if game.table("OptimumResultTable")]
    assert len(games) == boards
    solved = solve_all(game.deal for game in games)
    assert solved == [_published_table(game) for game in games]


@needs_solver
def test_newton_par_scores_are_the_published_ones():
    games = [game for game in games_of(NEWTON) if game.tags.get("OptimumScore")]
    assert len(games) == 30
    tables = [_published_table(game) for game in games]  # solved equal above
    for game, table in zip(games, tables, strict=True):
        result = par(table, game.tags["Vulnerable"], game.dealer)
        assert result.score_ns == _published_par(game.tags["OptimumScore"]), game.board


@needs_solver
def test_newton_board_1_in_detail():
    table = solve(NEWTON_1)
    assert table.get("N", "S") == 11 and table.get("E", "NT") == 2
    assert table.to_pbn() == "9ba679ba672236622366"  # the file's [DoubleDummyTricks]
    result = par(table, "None", "N")
    assert result == Par(450, (ParContract("4S", "N", 11), ParContract("4S", "S", 11)))
    assert str(result) == "4S N +1, 4S S +1: NS 450"


@needs_solver
def test_par_follows_the_vulnerability():
    table = solve(NEWTON_1)
    assert par(table, "NS", "N").score_ns == 650
    assert par(table, "All", "E").score_ns == 650


@needs_solver
def test_a_sacrifice_is_par_when_it_costs_less():
    # Newton board 23 (All): the file's par is "EW -500", EW doubled two down.
    game = next(game for game in games_of(NEWTON) if game.board == 23)
    result = par(solve(game.deal), game.tags["Vulnerable"], game.dealer)
    assert result.score_ns == 500
    assert all(
        contract.contract.endswith("X") and contract.declarer in "EW"
        for contract in result.contracts
    )


def test_the_pbn_form_reads_back():
    table = DoubleDummyTable.from_pbn("9ba679ba672236622366")
    assert table.get("N", "NT") == 9 and table.get("W", "C") == 6
    assert table.to_pbn() == "9ba679ba672236622366"


@pytest.mark.parametrize("text", ["9ba67", "9ba679ba672236622zz6"])
def test_a_bad_pbn_form_is_refused(text):
    with pytest.raises(GameError, match="20 hexadecimal digits"):
        DoubleDummyTable.from_pbn(text)


def test_an_incomplete_table_is_refused():
    with pytest.raises(GameError, match="declarer N incomplete"):
        DoubleDummyTable.from_rows([("N", "S", 9)])


@needs_solver
def test_a_deal_with_an_unknown_hand_cannot_be_solved():
    with pytest.raises(GameError, match="all four hands"):
        solve("N:A97653.94.AT5.A8 - Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962")


# Newton board 1 turned a quarter (North holds East's cards...): a deal no
# other test solves, so that the solver's absence shows.
NEWTON_1_TURNED = (
    "E:A97653.94.AT5.A8 K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962"
)


def without_endplay(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)


def test_without_endplay_the_caller_gets_a_clear_message(monkeypatch):
    without_endplay(monkeypatch)
    assert available() is False
    with pytest.raises(DoubleDummyUnavailable, match="pip install endplay"):
        solve(NEWTON_1_TURNED)


@needs_solver
def test_a_deal_solved_once_is_answered_again_without_the_solver(monkeypatch):
    """North makes 11 tricks in spades on Newton board 1 (published table);
    asked again, in another form of the same deal, the answer comes from
    what was solved, with the solver gone."""
    first = solve(NEWTON_1)
    assert first.get("N", "S") == 11
    without_endplay(monkeypatch)
    again = solve_all([Deal.from_pbn(NEWTON_1), NEWTON_1])
    assert again == [first, first]
    assert again[0] is not first  # a table of its own: nothing shared
