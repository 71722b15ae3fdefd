"""The PBN verifier's reference files, read by games.pbn.

``correct_*.pbn`` and ``errors_*.pbn`` (timheilman/bridge-pbn,
spec/resource/reference_impl_tests/; see tests/data/README.md): the valid
files read as the standard says, the invalid ones raise or read as text.
"""

from __future__ import annotations

import re

import pytest

from games.cards import Seat
from games.errors import GameError
from games.pbn import PbnColumn, PbnGame, read_pbn
from tests.games.conftest import games_of, only_games

# --- the verifier's valid files ------------------------------------------------


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
