"""Whole PBN files (games.pbn): game and row counts, club exports, a JFR Pary
session and a Bermuda Bowl match.

Bridgewebs club exports (rchillyard/Bridge test resources), a Bermuda Bowl
match (lucbellicaud/bridgetrainer Pbns/41284.pbn) and a JFR Pary club session
(jarekczek/pbntools test/test_1_pary/WB120802): see tests/data/README.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bridge import PASS, parse_contract, tricks_from_result
from games.pbn import MANDATORY_TAGS, PbnColumn, read_pbn
from tests.games.conftest import BRIDGEWEBS, JFR_FILE, PBN_DIR, games_of

SCORE_TABLE_COLUMNS = [
    PbnColumn("PairId_NS", 4, "R"),
    PbnColumn("PairId_EW", 4, "R"),
    PbnColumn("Contract", 5, "L"),
    PbnColumn("Declarer", 1, "R"),
    PbnColumn("Result", 2, "R"),
]


# --- counts per file ---------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "games", "score_rows"),
    [
        (PBN_DIR / "correct_10.pbn", 31, 0),
        (PBN_DIR / "correct_20.pbn", 46, 28),
        (PBN_DIR / "correct_21.pbn", 2, 0),
        (PBN_DIR / "errors_21.pbn", 2, 0),
        (PBN_DIR / "newtonbridge_20160120_1.pbn", 30, 240),
        (PBN_DIR / "westwood_20190625_1.pbn", 32, 384),
        (PBN_DIR / "WinchesterJuly2026.pbn", 5, 41),
        (PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn", 32, 0),
        (JFR_FILE, 216, 0),
    ],
    ids=lambda value: value.name if isinstance(value, Path) else None,
)
def test_it_reads_every_game_and_score_table_row(path, games, score_rows) -> None:
    read = read_pbn(path.read_bytes())
    assert len(read) == games
    tables = [game.table("ScoreTable") for game in read]
    assert sum(len(table.rows) for table in tables if table) == score_rows


# --- Bridgewebs exports: score tables ----------------------------------------


def test_bridgewebs_score_tables_give_each_traveller_line() -> None:
    newton = games_of("newtonbridge_20160120_1.pbn")
    table = newton[0].table("ScoreTable")
    assert table.columns == SCORE_TABLE_COLUMNS
    assert table.rows[:2] == [
        {"PairId_NS": "101", "PairId_EW": "1101", "Contract": "4H",
         "Declarer": "S", "Result": "10"},
        {"PairId_NS": "104", "PairId_EW": "1106", "Contract": "3H",
         "Declarer": "S", "Result": "11"},
    ]  # fmt: skip
    assert table.rows[-1] == {
        "PairId_NS": "110", "PairId_EW": "1109", "Contract": "5H",
        "Declarer": "S", "Result": "10",
    }  # fmt: skip
    westwood = games_of("westwood_20190625_1.pbn")
    assert westwood[-1].board == 32
    assert westwood[-1].table("ScoreTable").rows[-1] == {
        "PairId_NS": "16", "PairId_EW": "16", "Contract": "2H",
        "Declarer": "S", "Result": "9",
    }  # fmt: skip


def test_winchester_boards_and_their_travellers() -> None:
    games = games_of("WinchesterJuly2026.pbn")
    assert [game.board for game in games] == [1, 2, 3, 7, 12]
    assert [len(game.table("ScoreTable").rows) for game in games] == [8, 8, 8, 8, 9]
    assert games[0].table("ScoreTable").rows[1] == {
        "PairId_NS": "10", "PairId_EW": "10", "Contract": "4S",
        "Declarer": "E", "Result": "11",
    }  # fmt: skip
    assert games[-1].table("ScoreTable").rows[0] == {
        "PairId_NS": "1", "PairId_EW": "8", "Contract": "6C",
        "Declarer": "S", "Result": "8",
    }  # fmt: skip


@pytest.mark.parametrize("name", [*BRIDGEWEBS, "WinchesterJuly2026.pbn"])
def test_bridgewebs_games_are_in_export_format(name) -> None:
    """Every game has the 15 mandatory tags; the table contract is "?"."""
    for game in games_of(name):
        assert set(MANDATORY_TAGS) <= set(game.tags)
        assert game.deal is not None
        assert game.contract is None
        assert game.dealer == game.tags["Dealer"]
        assert game.vulnerability == game.tags["Vulnerable"]


def test_the_double_dummy_table_has_a_row_per_declarer_and_strain() -> None:
    game = games_of("newtonbridge_20160120_1.pbn")[0]
    table = game.table("OptimumResultTable")
    assert [column.name for column in table.columns] == [
        "Declarer", "Denomination", "Result",
    ]  # fmt: skip
    assert len(table.rows) == 20
    assert table.rows[0] == {"Declarer": "N", "Denomination": "S", "Result": "11"}
    assert table.rows[-1] == {"Declarer": "W", "Denomination": "NT", "Result": "2"}
    assert game.tags["OptimumScore"] == "NS 450"


# --- the JFR Pary session and the Bermuda Bowl match ---------------------------


def test_jfr_gives_one_game_per_traveller_line() -> None:
    games = read_pbn(JFR_FILE.read_bytes())
    assert len(games) == 216
    assert {game.board for game in games} == set(range(1, 28))
    assert all({"Contract", "Result"} <= set(game.tags) for game in games)
    # The two passed-out tables have no declarer, as PBN 3.4.13 allows.
    declarers = [game for game in games if "Declarer" in game.tags]
    assert len(declarers) == 214
    first = games[0]
    assert first.tags["Event"] == "Turniej Par Barometr - 2 sierpnia 2012"
    assert (first.tags["North"], first.tags["West"]) == ("Para-1", "Para-2")
    assert (first.contract, first.tags["Declarer"], first.tags["Result"]) == (
        parse_contract("4H"), "S", "9",
    )  # fmt: skip
    assert first.deal.to_pbn("N") == first.tags["Deal"]
    assert games[-1].line == 3009
    assert games[-1].tags["North"] == "Para-17"
    passed = [game for game in games if game.contract == PASS]
    assert [(game.board, game.line, game.tags["Result"]) for game in passed] == [
        (10, 1009, ""),
        (10, 1078, ""),
    ]
    assert PASS not in {game.contract for game in declarers}
    for game in declarers:
        assert 0 <= tricks_from_result(game.contract, game.tags["Result"]) <= 13
        assert game.tags["Declarer"] in ("N", "E", "S", "W")


def test_the_bermuda_bowl_match_has_both_rooms_with_auction_and_play() -> None:
    games = games_of("bbo_2015WBTC_bermuda_bowl_41284.pbn")
    assert [(game.board, game.tags["Room"]) for game in games[:4]] == [
        (1, "Open"), (1, "Closed"), (2, "Open"), (2, "Closed"),
    ]  # fmt: skip
    assert {game.board for game in games} == set(range(1, 17))
    assert [game.tags["Score"] for game in games[:4]] == [
        "NS 50", "NS 100", "NS 620", "NS 620",
    ]  # fmt: skip
    open_room = games[0]
    assert open_room.tags["HomeTeam"] == "SWEDEN"
    assert open_room.sections["Auction"] == [
        "Pass  Pass  1D    1S",
        "Pass  2NT   Pass  3NT",
        "Pass  4S    Pass  Pass",
        "Pass",
    ]
    assert len(open_room.sections["Play"]) == 14
    assert open_room.sections["Play"][0] == "H3 H2 H9 H6"
    assert open_room.commentary[0].splitlines()[0].strip() == "Nord"
    assert games[1].sections["Auction"][0] == "Pass  Pass  1D    2S"
