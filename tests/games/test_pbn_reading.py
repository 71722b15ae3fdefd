"""The PBN reader (games.pbn) on small inputs: errors naming their line,
encodings and line endings, properties and tables."""

from __future__ import annotations

import pytest

from games.errors import GameError
from games.pbn import PbnColumn, read_pbn

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
