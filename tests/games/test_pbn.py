"""The PBN 2.1 reader and writer (games.pbn) on the standard's files and real exports.

Shared files (see shared/data/README.md): the PBN verifier's reference files
``correct_*.pbn`` and ``errors_*.pbn`` (timheilman/bridge-pbn,
spec/resource/reference_impl_tests/), Bridgewebs club exports (rchillyard/Bridge
test resources), a Bermuda Bowl match (lucbellicaud/bridgetrainer Pbns/41284.pbn)
and a JFR Pary club session (jarekczek/pbntools test/test_1_pary/WB120802).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.bridge import PASS, parse_contract, tricks_from_result
from games.cards import Seat
from games.errors import GameError
from games.pbn import MANDATORY_TAGS, PbnColumn, PbnGame, read_pbn, write_pbn

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
PBN_DIR = DATA / "pbn"
JFR_FILE = DATA / "jfr" / "WB120802" / "wb120802.pbn"
GAME_MARK = re.compile(rb"^% =+ game (\d+) =+$")
BRIDGEWEBS = ("newtonbridge_20160120_1.pbn", "westwood_20190625_1.pbn")
SCORE_TABLE_COLUMNS = [
    PbnColumn("PairId_NS", 4, "R"),
    PbnColumn("PairId_EW", 4, "R"),
    PbnColumn("Contract", 5, "L"),
    PbnColumn("Declarer", 1, "R"),
    PbnColumn("Result", 2, "R"),
]


def shared(path: Path) -> bytes:
    """The bytes of a shared data file; skip the test when it is absent."""
    if not path.exists():
        pytest.skip(f"shared data file {path} is not available")
    return path.read_bytes()


def games_of(name: str) -> list[PbnGame]:
    return read_pbn(shared(PBN_DIR / name))


def only_games(name: str, *numbers: int) -> bytes:
    """The verifier file with every line outside the chosen games blanked.

    The games are those the file numbers "% ===== game N =====", and the blank
    lines keep every line number as in the file.
    """
    lines = shared(PBN_DIR / name).split(b"\n")
    current, kept = 0, []
    for line in lines:
        mark = GAME_MARK.match(line)
        current = int(mark.group(1)) if mark else current
        kept.append(line if current in numbers else b"")
    return b"\n".join(kept)


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
    read = read_pbn(shared(path))
    assert len(read) == games
    tables = [game.table("ScoreTable") for game in read]
    assert sum(len(table.rows) for table in tables if table) == score_rows


def test_a_comment_alone_between_blank_lines_is_not_a_game() -> None:
    """correct_10 "game 18" opens with an isolated { No game } block."""
    games = read_pbn(only_games("correct_10.pbn", 18))
    assert len(games) == 1
    assert games[0].tags == {
        "Dealer": "S",
        "Declarer": "^N",
        "Contract": "1C",
        "Auction": "S",
    }
    assert games[0].sections == {"Auction": ["1C AP"]}
    assert games[0].commentary == []


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


# --- the verifier's valid files ------------------------------------------------


def test_score_table_headers_give_order_width_and_alignment() -> None:
    game = games_of("correct_20.pbn")[44]
    assert game.table("ScoreTable").columns == [
        PbnColumn("Rank", 3, "R", "-"),
        PbnColumn("Percentage_NS", 4, "R", "+"),
        PbnColumn("Percentage_EW", 4, "R", "-"),
        PbnColumn("Score_NS", 5, "R", "+"),
        PbnColumn("Multiplicity", 2, "L"),
    ]
    assert game.table("ScoreTable").rows[-1] == {
        "Rank": "155", "Percentage_NS": "0.3", "Percentage_EW": "99.7",
        "Score_NS": "-470", "Multiplicity": "1",
    }  # fmt: skip
    total = game.table("TotalScoreTable")
    assert total.columns[2] == PbnColumn("Names", 45)
    assert total.columns[3] == PbnColumn("Center", 3)
    assert len(total.rows) == 10
    assert total.rows[0] == {
        "Rank": "1", "PairId": "581",
        "Names": "Sergey OSTRIKOV      ;Oleg ODINTSEV        ",
        "Center": "OMS", "NrBoards": "20", "MP": "1449.8", "Percentage": "72.49",
    }  # fmt: skip
    assert game.commentary == ["Only the best 10 participants"]


def test_a_table_header_given_as_hash_is_the_previous_games_header() -> None:
    previous, game = games_of("correct_20.pbn")[44:46]
    assert game.tags["ScoreTable"] == previous.tags["ScoreTable"]
    assert game.tags["TotalScoreTable"] == previous.tags["TotalScoreTable"]
    assert [row["Rank"] for row in game.table("ScoreTable").rows] == ["1", "3"]
    assert game.table("TotalScoreTable").rows[1]["PairId"] == "226"


def test_hash_copies_the_previous_value_and_double_hash_sets_later_ones() -> None:
    """correct_20 games 1-17: "#", "##text" and "##" in the header tags."""
    games = games_of("correct_20.pbn")
    assert games[0].tags["Event"] == "Autumn regional"
    assert games[0].tags["West"] == "?"
    assert games[1].tags["West"] == "?"  # [West "#"]
    assert [game.tags["West"] for game in games[2:15]] == [""] * 13  # [West "##"]
    assert {game.tags["Event"] for game in games[:15]} == {"Autumn regional"}
    assert {game.tags["Scoring"] for game in games[:15]} == {"Matchpoints"}
    hidden = [game.tags.get("Hidden") for game in games[:15]]
    assert hidden == [None, "WNE", "WNE", *["NES"] * 5, *["ESW"] * 4, *["SWN"] * 3]
    # Game 16 redefines the header tags; game 17, [Scoring] alone, takes them.
    assert games[16].tags["Scoring"] == "MP;MP1"
    assert games[16].tags["Event"] == games[15].tags["Event"]
    assert games[16].tags["West"] == "Podgor"


def test_the_import_format_allows_free_spacing_of_tags() -> None:
    games = games_of("correct_10.pbn")
    assert games[19].tags == {"Event": "No space after 'event'"}
    assert games[20].tags == {"Event": "Spaces after '[' and before ']'"}
    assert games[21].tags == {"Event": "use new lines"}
    assert games[21].line == 283
    assert games[22].tags == {"Event": "my event", "Date": "1998.03.21"}


def test_values_keep_escaped_quotes_backslashes_and_latin1_letters() -> None:
    game = games_of("correct_10.pbn")[3]
    assert game.tags["East"] == '\\"\\""\\  \\a'
    assert game.tags["West"].split()[:4] == ["À", "Á", "Â", "Ã"]
    assert game.tags["North"].split()[-1] == "ÿ"
    assert game.tags["Result"] == "EW 4 NS 9"
    assert game.deal is None


def test_section_lines_lose_their_comments_and_notes_are_kept() -> None:
    game = games_of("correct_10.pbn")[0]
    assert game.sections["Auction"] == [
        "1D      1S 3H =1= 4S",
        "4NT =2= X  Pass   Pass",
        "5C      X  5H     X",
        "AP",
    ]
    assert game.sections["Play"][0] == "SK H3 S4 S3"
    assert game.sections["Play"][-1] == "*"
    assert game.notes == {
        "Auction": [
            "1: non-forcing 6-9 points, 6-card",
            "2: two colors: clubs and diamonds",
        ]
    }
    assert game.commentary[0] == "rest-of-line IDENT"
    assert game.commentary[1].splitlines()[0] == "                S"


def test_commentary_is_kept_in_file_order() -> None:
    """correct_10 game 25 puts comments everywhere a comment may go."""
    game = games_of("correct_10.pbn")[24]
    assert game.line == 307
    assert game.commentary[:4] == [
        "Initial game comment",
        "rest of game comment",
        "2nd game comment",
        "West comment",
    ]
    assert game.commentary[-1] == "2nd East comment"
    assert len(game.commentary) == 54
    assert game.sections["Auction"][0].split() == [
        "-", "1D", "1S", "3H", "?!", "$13", "=1=",
    ]  # fmt: skip
    assert game.notes["Play"] == ["1:highest of series", "2: test note"]
    assert list(game.tags)[:3] == ["West", "Event", "South"]


def test_optimum_play_table_reads_dashes_as_empty() -> None:
    game = games_of("correct_21.pbn")[1]
    table = game.table("OptimumPlayTable")
    assert [column.name for column in table.columns] == ["S", "H", "D", "C"]
    assert table.rows[0] == {"S": "KQ86", "H": None, "D": "QJ", "C": "K"}
    assert table.rows[-1] == {"S": None, "H": "QT843", "D": None, "C": None}
    assert game.sections["Play"][-1] == "*"
    first = games_of("correct_21.pbn")[0]
    assert len(first.table("OptimumResultTable").rows) == 20
    assert first.board == 1
    assert first.contract is None  # "?"


def test_an_end_position_deal_is_read_but_deal_objects_need_13_cards() -> None:
    """correct_20 game 31: PBN 3.10 end positions are beyond games.deal.Deal."""
    game = games_of("correct_20.pbn")[30]
    assert game.tags["Contract"] == "H"
    with pytest.raises(GameError, match="Deal tag at line 386"):
        _ = game.deal


# --- the verifier's invalid files: one decision per game -----------------------

# (file, game) -> (line, message) for what the reader refuses to read.
STRUCTURAL_ERRORS = {
    ("errors_10.pbn", 2): (11, "malformed tag Event"),  # [Event]
    ("errors_10.pbn", 3): (15, "malformed tag Event"),  # [Event No_quotes]
    ("errors_10.pbn", 23): (95, '"bad characters" is outside any tag section'),
    ("errors_10.pbn", 62): (772, 'tag Dealer cannot be "#"'),
    ("errors_10.pbn", 74): (955, "value of tag Note is never closed"),
    ("errors_20.pbn", 12): (97, "value of tag ActionTable is never closed"),
    ("errors_20.pbn", 13): (100, "value of tag ActionTable is never closed"),
    ("errors_20.pbn", 17): (117, "tag is never closed by ']'"),
    ("errors_20.pbn", 18): (121, "']' without a matching opening bracket"),
    ("errors_20.pbn", 19): (125, "'{' comment is never closed"),
    ("errors_20.pbn", 20): (129, "'}' without a matching opening bracket"),
}
# Every other game holds a semantic error: it is read as text, for later checks.
# (errors_20 game 23 reads only after game 22: see the "#" header test.)
GAMES_PER_FILE = {"errors_10.pbn": 74, "errors_20.pbn": 22, "errors_21.pbn": 2}
LENIENT_GAMES = [
    (name, number)
    for name, count in GAMES_PER_FILE.items()
    for number in range(1, count + 1)
    if (name, number) not in STRUCTURAL_ERRORS
]


@pytest.mark.parametrize(("name", "number"), STRUCTURAL_ERRORS, ids=str)
def test_a_structural_error_raises_naming_its_line(name, number) -> None:
    line, message = STRUCTURAL_ERRORS[name, number]
    with pytest.raises(GameError, match=f"^Line {line}: .*{re.escape(message)}"):
        read_pbn(only_games(name, number))


@pytest.mark.parametrize(("name", "number"), LENIENT_GAMES, ids=str)
def test_a_semantic_error_is_read_as_text(name, number) -> None:
    assert len(read_pbn(only_games(name, number))) == 1


@pytest.mark.parametrize(
    ("number", "prop", "message"),
    [
        (9, "dealer", 'Dealer tag at line 39: dealer "Black"'),
        (10, "vulnerability", 'Vulnerable tag at line 43: .*"E"'),
        (11, "deal", 'Deal tag at line 47: Unknown rank "v"'),
        (12, "deal", "Deal tag at line 51: Card SK is in both"),
        (13, "deal", "Deal tag at line 55: West's hand has 14 cards"),
        (14, "deal", "Deal tag at line 59: West's hand has 12 cards"),
        (15, "deal", "Deal tag at line 63: West's hand has 12 cards"),
        (17, "deal", "Deal tag at line 71: West's hand has 14 cards"),
        (18, "deal", "Deal tag at line 75: The deal has no known hand"),
        (20, "contract", 'Contract tag at line 83: Unknown contract "5Hearts"'),
        (21, "contract", 'Contract tag at line 87: Unknown contract "5NoTrump"'),
    ],
)
def test_a_bad_value_raises_when_its_property_is_read(number, prop, message) -> None:
    (game,) = read_pbn(only_games("errors_10.pbn", number))
    with pytest.raises(GameError, match=message):
        getattr(game, prop)


def test_lenient_reads_of_the_invalid_files() -> None:
    def game(name: str, number: int) -> PbnGame:
        return read_pbn(only_games(name, number))[0]

    assert game("errors_10.pbn", 1).tags == {"Wrong": "Unknown tag"}
    assert game("errors_10.pbn", 4).tags == {"Event": "Here is a tab\t"}
    # A double space between hands: the deal is still clear.
    assert game("errors_10.pbn", 16).deal.hand(Seat.N) is None
    # A repeated tag with the same value is ignored (PBN 3.4).
    assert game("errors_10.pbn", 28).tags["Site"] == "Amsterdam, The Netherlands NLD"
    assert game("errors_10.pbn", 72).notes["Play"] == ["", ":", " ", "a", "a:"]
    assert game("errors_21.pbn", 1).tags == {"OptimumScore": "100"}
    # A comment after table elements: the elements are still read.
    rows = game("errors_20.pbn", 15).table("ActionTable").rows
    assert rows == [
        {"Rank": "1", "Call": "4H", "Percentage": "100", "Experts": "6", "Readers": "8"}
    ]
    assert game("errors_20.pbn", 16).table("ActionTable").rows == [
        {"Rank": "1", "MyText": "%"}
    ]


def test_a_bad_table_header_or_row_raises_when_the_table_is_read() -> None:
    (header,) = read_pbn(only_games("errors_20.pbn", 14))
    bad_width = r'ActionTable tag at line 103: column "Call\\L"'
    with pytest.raises(GameError, match=bad_width):
        header.table("ActionTable")
    (short,) = read_pbn(only_games("errors_20.pbn", 21))
    with pytest.raises(GameError, match="ActionTable row at line 143 has 4 elements"):
        short.table("ActionTable")


def test_a_hash_table_header_needs_a_previous_game() -> None:
    with pytest.raises(GameError, match=r'^Line 167: tag ScoreTable "#"'):
        read_pbn(only_games("errors_20.pbn", 23))
    previous, game = read_pbn(only_games("errors_20.pbn", 22, 23))
    assert game.tags["ScoreTable"] == previous.tags["ScoreTable"]


@pytest.mark.parametrize(
    ("name", "line"), [("errors_10.pbn", 11), ("errors_20.pbn", 97)]
)
def test_a_whole_invalid_file_stops_at_its_first_structural_error(name, line) -> None:
    with pytest.raises(GameError, match=f"^Line {line}: "):
        games_of(name)


# --- errors on small inputs -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Event "x"]\n[Site "y"\n[Date "z"]', "^Line 2: tag Site is never closed"),
        ('[Event "x"]\n[Site', "^Line 2: tag is never closed"),
        ('[Event "x"]\n[\n\n[Date "z"]', "^Line 2: tag is never closed"),
        ('[Event "x"]\n[Site "Paris]\n', "^Line 2: the value of tag Site is never"),
        ('[Event "x"]\n{ a comment\n\n[Board "1"]', "^Line 2: '{' comment is never"),
        ('[Event "x"]\n[Date "#"]', '^Line 2: tag Date "#" copies the previous'),
        ('[Event "x"]\n[Site Paris]', "^Line 2: malformed tag Site"),
        ('[Event "x"]\n[Board 3]', "^Line 2: malformed tag Board"),
        ('[Event "x"]\n[ "Paris"]', "^Line 2: '\\[' must be followed by a tag name"),
        ('[Event "x"]\nfoo]', "^Line 2: '\\]' without a matching"),
        ('\n\n1D Pass\n[Event "x"]', '^Line 3: "1D Pass" is outside any tag'),
        ('[Event "x"]\n[ScoreTable "A;B"]\n1 "two words', "^Line 3: quoted text"),
        ('[Board "1"]\n\n[Deal "#"]', '^Line 3: tag Deal cannot be "#"'),
        ('[Board "1"]\n\n[Contract "##4S"]', '^Line 3: tag Contract cannot be "##4S"'),
        ('[Board "1"]\n[Board "2"]', r'^Line 2: tag Board "2" repeats .* line 1'),
    ],
)
def test_a_broken_file_raises_a_game_error_naming_the_line(text, message) -> None:
    with pytest.raises(GameError, match=message):
        read_pbn(text)


def test_a_game_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="Line 1"):
        read_pbn('[Event "x"')


@pytest.mark.parametrize("data", [b"", "", "% PBN 2.1\n% EXPORT\n\n\n", "{ only }\n"])
def test_a_file_without_tags_has_no_games(data) -> None:
    assert read_pbn(data) == []


def test_a_new_event_without_a_blank_line_is_the_same_game() -> None:
    """PBN 3: only a semi-empty line starts a game; a changed tag is an error."""
    (game,) = read_pbn('[Event "E"]\n[Board "1"]\n[Event "E"]\n[Board "1"]\n')
    assert game.tags == {"Event": "E", "Board": "1"}
    with pytest.raises(GameError, match=r'Line 3: tag Board "2" repeats .* line 2'):
        read_pbn('[Event "E"]\n[Board "1"]\n[Board "2"]\n')


# --- encodings and line endings -------------------------------------------------


def test_windows_1252_bytes_are_decoded() -> None:
    text = '[Event "Coupe de l’été"]\n[West "Öberg, Åsa"]\n[Site "5 €"]\n'
    (game,) = read_pbn(text.encode("cp1252"))
    assert game.tags == {
        "Event": "Coupe de l’été",
        "West": "Öberg, Åsa",
        "Site": "5 €",
    }


def test_utf8_with_or_without_bom_is_decoded() -> None:
    text = '[Event "Coupe de l’été"]\n[West "Öberg"]\n'
    for data in (text.encode(), text.encode("utf-8-sig"), "\ufeff" + text):
        assert read_pbn(data)[0].tags == {"Event": "Coupe de l’été", "West": "Öberg"}


def test_bytes_undefined_in_windows_1252_never_fail() -> None:
    (game,) = read_pbn(b'[Event "a\x81b\xe9"]')
    assert game.tags["Event"] == "a\x81bé"


def test_crlf_line_endings_are_read_like_lf() -> None:
    text = '[Event "x"]\r\n[Auction "N"]\r\n1NT Pass\r\n\r\n[Event "y"]\r\n'
    first, second = read_pbn(text.encode())
    assert first.sections == {"Auction": ["1NT Pass"]}
    assert first.section_lines == {"Auction": [3]}
    assert second.tags == {"Event": "y"}
    assert second.line == 5


# --- the JFR Pary session and the Bermuda Bowl match ---------------------------


def test_jfr_gives_one_game_per_traveller_line() -> None:
    games = read_pbn(shared(JFR_FILE))
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


# --- properties and tables on small inputs -------------------------------------


def test_unknown_values_read_as_none() -> None:
    (game,) = read_pbn('[Board "?"]\n[Deal "?"]\n[Contract ""]\n[Dealer "?"]\n')
    assert (game.board, game.deal, game.contract, game.dealer) == (None,) * 4
    assert game.vulnerability is None
    assert game.table("ScoreTable") is None


def test_dealer_and_vulnerability_default_to_the_board_cycle() -> None:
    (game,) = read_pbn('[Board " 19 "]\n')
    assert (game.board, game.dealer, game.vulnerability) == (19, "S", "EW")
    (tagged,) = read_pbn('[Board "1"]\n[Dealer "w"]\n[Vulnerable "Both"]\n')
    assert (tagged.dealer, tagged.vulnerability) == ("W", "All")


def test_a_board_that_is_no_number_raises_naming_its_line() -> None:
    (game,) = read_pbn('[Event "x"]\n[Board "3a"]\n')
    with pytest.raises(GameError, match='Board tag at line 2: "3a" is not a board'):
        _ = game.board


def test_a_table_without_widths_with_quotes_and_empty_elements() -> None:
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 2 4S N 10\n"
        "3 4 Pass - -\n"
        '"Pair 5" 6 3NT "S" "-"\n'
    )
    table = read_pbn(text)[0].table("ScoreTable")
    assert table.columns[0] == PbnColumn("PairId_NS")
    assert table.rows == [
        {"PairId_NS": "1", "PairId_EW": "2", "Contract": "4S",
         "Declarer": "N", "Result": "10"},
        {"PairId_NS": "3", "PairId_EW": "4", "Contract": "Pass",
         "Declarer": None, "Result": None},
        {"PairId_NS": "Pair 5", "PairId_EW": "6", "Contract": "3NT",
         "Declarer": "S", "Result": "-"},
    ]  # fmt: skip


def test_a_table_row_with_the_wrong_number_of_elements_names_its_line() -> None:
    text = '[Board "1"]\n[ScoreTable "A;B;C"]\n1 2 3\n\n\n4 5\n'
    with pytest.raises(GameError, match=r"^Line 6: \"4 5\" is outside"):
        read_pbn(text)  # the blank lines end the game: "4 5" is a stray line
    (game,) = read_pbn('[Board "1"]\n[ScoreTable "A;B;C"]\n1 2 3\n4 5\n')
    with pytest.raises(GameError, match="ScoreTable row at line 4 has 2 elements"):
        game.table("ScoreTable")


def test_only_table_tags_are_tables() -> None:
    (game,) = read_pbn('[Event "x"]\n')
    with pytest.raises(GameError, match="Event is not a PBN table"):
        game.table("Event")


def test_a_brace_comment_may_hold_blank_lines_and_brackets() -> None:
    """Lines keep their indentation (hand diagrams); edge blank lines go."""
    text = '[Event "x"]\n{\n  first\n\n[not a tag] ; nor this }\n[Board "2"]\n'
    (game,) = read_pbn(text)
    assert game.tags == {"Event": "x", "Board": "2"}
    assert game.commentary == ["  first\n\n[not a tag] ; nor this"]


def test_double_hash_values_carry_on_until_redefined() -> None:
    text = (
        '[Event "##Club night"]\n[Board "1"]\n\n'
        '[Board "2"]\n\n'
        '[Event "Club night, second half"]\n[Board "3"]\n\n'
        '[Board "4"]\n[Event "#"]\n'
    )
    events = [game.tags["Event"] for game in read_pbn(text)]
    assert events == ["Club night", "Club night"] + ["Club night, second half"] * 2


# --- writing --------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        *[PBN_DIR / name for name in ("correct_10.pbn", "correct_20.pbn")],
        *[PBN_DIR / name for name in ("correct_21.pbn", "errors_21.pbn")],
        *[PBN_DIR / name for name in (*BRIDGEWEBS, "WinchesterJuly2026.pbn")],
        PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn",
        JFR_FILE,
    ],
    ids=lambda path: path.name,
)
def test_written_games_read_back_the_same(path) -> None:
    games = read_pbn(shared(path))
    assert read_pbn(write_pbn(games)) == games


def test_writing_escapes_what_reading_unescapes() -> None:
    game = PbnGame(
        tags={"Event": 'The "big" one \\', "ScoreTable": "A\\2R;B"},
        sections={"ScoreTable": ["1 %", "%2 3"]},
        commentary=["a } in a comment", "two\n  lines"],
        notes={"": ["1:first"]},
    )
    text = write_pbn([game])
    assert text.startswith("% PBN 2.1\n\n; a } in a comment\n{two\n  lines}\n")
    assert '[Event "The \\"big\\" one \\\\"]' in text
    assert '[ScoreTable "A\\2R;B"]' in text
    assert read_pbn(text) == [game]
    assert read_pbn(text)[0].table("ScoreTable").rows[1] == {"A": "%2", "B": "3"}
