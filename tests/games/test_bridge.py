"""Duplicate bridge: board table, contracts, Law 77 scores and result texts.

Expected scores are worked out by hand from the Law 77 table, never by a second
implementation; the arithmetic is written next to each row.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import GameError, Seat
from games.bridge import (
    PASS,
    Contract,
    Denomination,
    board_dealer,
    board_vulnerability,
    contract_score,
    is_vulnerable,
    parse_contract,
    parse_vulnerability,
    result_score,
    result_text,
    trick_score,
    tricks_from_result,
    tricks_needed,
)

PBN_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "pbn"

BOARDS = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "All"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "All"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "All"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "All"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), BOARDS)
def test_it_knows_dealer_and_vulnerability_of_each_board(
    board: int, dealer: str, vulnerability: str
) -> None:
    assert board_dealer(board) == dealer
    assert board_vulnerability(board) == vulnerability


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), BOARDS)
def test_it_repeats_the_board_table_every_16_boards(
    board: int, dealer: str, vulnerability: str
) -> None:
    for later in (board + 16, board + 32, board + 160):
        assert board_dealer(later) == dealer
        assert board_vulnerability(later) == vulnerability


@pytest.mark.parametrize("board", [0, -1, "1", 1.0, True, None])
def test_it_rejects_a_board_number_that_is_not_a_positive_integer(
    board: object,
) -> None:
    with pytest.raises(GameError, match="Board number"):
        board_dealer(board)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="Board number"):
        board_vulnerability(board)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("board", "seat", "vulnerable"),
    [
        (1, "N", False),
        (2, "N", True),
        (2, "E", False),
        (3, "S", False),
        (3, Seat.W, True),
        (4, "E", True),
        (4, "S", True),
    ],
)
def test_it_says_whether_a_seat_is_vulnerable(
    board: int, seat: str | Seat, vulnerable: bool
) -> None:
    assert is_vulnerable(board, seat) is vulnerable


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Love", "None"),
        ("-", "None"),
        ("none", "None"),
        ("Both", "All"),
        ("ALL", "All"),
        ("ns", "NS"),
        ("E-W", "EW"),
    ],
)
def test_it_reads_vulnerability_synonyms(text: str, canonical: str) -> None:
    assert parse_vulnerability(text) == canonical


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4S", "4S"),
        ("3NT", "3NT"),
        ("3N", "3NT"),
        ("3nt", "3NT"),
        ("6HX", "6HX"),
        ("6hx", "6HX"),
        ("7NTXX", "7NTXX"),
        (" 4 s x ", "4SX"),
        ("4H*", "4HX"),
        ("4H**", "4HXX"),
        ("3Sx", "3SX"),
        ("3SA", "3NT"),
        ("3SAX", "3NTX"),
        ("1♠", "1S"),
        ("2♦XX", "2DXX"),
        ("1C", "1C"),
        ("pass", "Pass"),
        ("P", "Pass"),
        ("PASS", "Pass"),
        ("Passed out", "Pass"),
        ("  Pass ", "Pass"),
    ],
)
def test_it_parses_contracts_in_the_forms_programs_write(
    text: str, canonical: str
) -> None:
    assert str(parse_contract(text)) == canonical


def test_it_describes_a_contract_by_level_strain_and_doubling() -> None:
    contract = parse_contract("6HX")
    assert contract == Contract(6, Denomination.H, 1)
    assert contract.tricks_needed == 12
    assert not contract.is_pass
    assert parse_contract("pass") is PASS
    assert PASS.is_pass
    assert Denomination.NT.suit is None
    assert str(Denomination.NOTRUMP) == "NT"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("4Z", 'Unknown contract "4Z": the denomination must be C, D, H, S or NT'),
        ("8S", 'Unknown contract "8S": the level must be 1 to 7'),
        ("0NT", 'Unknown contract "0NT": the level must be 1 to 7'),
        ("4SXXX", 'Unknown contract "4SXXX": after the denomination write X'),
        ("4SR", 'Unknown contract "4SR"'),
        ("S4", 'Unknown contract "S4": it must start with a level'),
        ("4", 'Unknown contract "4": the denomination'),
        ("", "Empty contract"),
        ("-", 'Unknown contract "-"'),
    ],
)
def test_it_rejects_a_bad_contract_naming_it(text: str, fragment: str) -> None:
    with pytest.raises(GameError) as caught:
        parse_contract(text)
    assert fragment in str(caught.value)


def test_it_rejects_a_contract_that_is_not_text() -> None:
    with pytest.raises(GameError, match="must be text"):
        parse_contract(4)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("level", "denomination", "doubled"),
    [(8, Denomination.S, 0), (4, "S", 0), (4, Denomination.S, 3), (0, None, 1)],
)
def test_it_refuses_to_build_an_impossible_contract(
    level: int, denomination: object, doubled: int
) -> None:
    with pytest.raises(GameError, match="Contract"):
        Contract(level, denomination, doubled)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "score"),
    [
        ("3NT", 9, False, 400),
        ("3NT", 9, True, 600),
        ("4S", 11, True, 650),
        ("1NT", 7, False, 90),
        ("7NTXX", 13, True, 2980),
        ("3NTX", 6, True, -800),
        ("1CX", 7, False, 140),
        ("2HX", 8, False, 470),
        ("7NTXX", 0, True, -7600),
    ],
)
def test_it_scores_the_reference_checks(
    contract: str, tricks: int, vulnerable: bool, score: int
) -> None:
    assert contract_score(contract, tricks, vulnerable) == score


# Made contracts, worked out by hand: trick score + game/part-score bonus
# + slam bonus + insult (X 50, XX 100) + overtricks.
MADE = [
    ("1C", 7, False, 70),  # 20 + 50
    ("1D", 8, True, 90),  # 20 + 50 + 20
    ("1H", 7, True, 80),  # 30 + 50
    ("1S", 9, False, 140),  # 30 + 50 + 2x30
    ("1NT", 13, True, 270),  # 40 + 50 + 6x30
    ("1NTX", 7, True, 180),  # 80 + 50 + 50
    ("1NTXX", 7, False, 560),  # 160 + 300 + 100
    ("1NTXX", 7, True, 760),  # 160 + 500 + 100
    ("1CXX", 8, True, 630),  # 80 + 50 + 100 + 1x400
    ("2C", 8, False, 90),  # 40 + 50
    ("2D", 11, True, 150),  # 40 + 50 + 3x20
    ("2H", 9, False, 140),  # 60 + 50 + 30
    ("2SX", 8, True, 670),  # 120 + 500 + 50
    ("2NT", 8, True, 120),  # 70 + 50
    ("2HX", 9, True, 870),  # 120 + 500 + 50 + 1x200
    ("2DX", 8, False, 180),  # 80 + 50 + 50
    ("2CXX", 8, True, 760),  # 160 + 500 + 100
    ("3C", 9, True, 110),  # 60 + 50
    ("3D", 11, False, 150),  # 60 + 50 + 2x20
    ("3H", 9, False, 140),  # 90 + 50
    ("3S", 10, True, 170),  # 90 + 50 + 30
    ("3NT", 10, False, 430),  # 100 + 300 + 30
    ("3NTX", 10, True, 950),  # 200 + 500 + 50 + 1x200
    ("3HXX", 9, False, 760),  # 360 + 300 + 100
    ("4C", 10, False, 130),  # 80 + 50
    ("4D", 11, True, 150),  # 80 + 50 + 20
    ("4H", 10, False, 420),  # 120 + 300
    ("4S", 10, True, 620),  # 120 + 500
    ("4NT", 12, True, 690),  # 130 + 500 + 2x30
    ("4SX", 10, False, 590),  # 240 + 300 + 50
    ("4HX", 12, True, 1190),  # 240 + 500 + 50 + 2x200
    ("4DXX", 10, False, 720),  # 320 + 300 + 100
    ("5C", 11, True, 600),  # 100 + 500
    ("5D", 11, False, 400),  # 100 + 300
    ("5H", 12, False, 480),  # 150 + 300 + 30
    ("5S", 11, True, 650),  # 150 + 500
    ("5NT", 11, False, 460),  # 160 + 300
    ("5CX", 11, True, 750),  # 200 + 500 + 50
    ("5DXX", 12, False, 1000),  # 400 + 300 + 100 + 1x200
    ("6C", 12, False, 920),  # 120 + 300 + 500
    ("6D", 13, True, 1390),  # 120 + 500 + 750 + 20
    ("6H", 12, True, 1430),  # 180 + 500 + 750
    ("6S", 12, False, 980),  # 180 + 300 + 500
    ("6NT", 12, False, 990),  # 190 + 300 + 500
    ("6NT", 13, True, 1470),  # 190 + 500 + 750 + 30
    ("6SX", 12, True, 1660),  # 360 + 500 + 750 + 50
    ("6HXX", 13, False, 1820),  # 720 + 300 + 500 + 100 + 1x200
    ("7C", 13, True, 2140),  # 140 + 500 + 1500
    ("7D", 13, False, 1440),  # 140 + 300 + 1000
    ("7H", 13, False, 1510),  # 210 + 300 + 1000
    ("7S", 13, True, 2210),  # 210 + 500 + 1500
    ("7NT", 13, False, 1520),  # 220 + 300 + 1000
    ("7NT", 13, True, 2220),  # 220 + 500 + 1500
    ("7SX", 13, False, 1770),  # 420 + 300 + 1000 + 50
    ("7HXX", 13, True, 2940),  # 840 + 500 + 1500 + 100
    ("7NTX", 13, True, 2490),  # 440 + 500 + 1500 + 50
]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), MADE)
def test_it_scores_made_contracts_at_every_level(
    contract: str, tricks: int, vulnerable: bool, score: int
) -> None:
    assert contract_score(contract, tricks, vulnerable) == score


def test_it_scores_a_doubled_overtrick_vulnerable() -> None:
    # 4SX+1 vulnerable: 240 + 500 game + 50 insult + 200 overtrick.
    assert contract_score("4SX", 11, True) == 990


def test_it_scores_a_redoubled_overtrick_not_vulnerable() -> None:
    # 4SXX+1 not vulnerable: 480 + 300 game + 100 insult + 200 overtrick.
    assert contract_score("4SXX", 11, False) == 1080


# Defeated grand slams, 1 to 13 down: the defenders' gain in each column.
# Undoubled 50/100 each; doubled NV 100, 200, 200, then 300; doubled V 200, then
# 300; redoubled twice doubled.
UNDERTRICKS = [
    # down, strain, NV, V, X NV, X V, XX NV, XX V
    (1, "C", 50, 100, 100, 200, 200, 400),
    (2, "D", 100, 200, 300, 500, 600, 1000),
    (3, "H", 150, 300, 500, 800, 1000, 1600),
    (4, "S", 200, 400, 800, 1100, 1600, 2200),
    (5, "NT", 250, 500, 1100, 1400, 2200, 2800),
    (6, "C", 300, 600, 1400, 1700, 2800, 3400),
    (7, "D", 350, 700, 1700, 2000, 3400, 4000),
    (8, "H", 400, 800, 2000, 2300, 4000, 4600),
    (9, "S", 450, 900, 2300, 2600, 4600, 5200),
    (10, "NT", 500, 1000, 2600, 2900, 5200, 5800),
    (11, "C", 550, 1100, 2900, 3200, 5800, 6400),
    (12, "D", 600, 1200, 3200, 3500, 6400, 7000),
    (13, "NT", 650, 1300, 3500, 3800, 7000, 7600),
]


@pytest.mark.parametrize(
    ("down", "strain", "nv", "v", "x_nv", "x_v", "xx_nv", "xx_v"), UNDERTRICKS
)
def test_it_scores_every_number_of_undertricks_on_a_grand_slam(
    down: int, strain: str, nv: int, v: int, x_nv: int, x_v: int, xx_nv: int, xx_v: int
) -> None:
    tricks = 13 - down
    assert contract_score(f"7{strain}", tricks, False) == -nv
    assert contract_score(f"7{strain}", tricks, True) == -v
    assert contract_score(f"7{strain}X", tricks, False) == -x_nv
    assert contract_score(f"7{strain}X", tricks, True) == -x_v
    assert contract_score(f"7{strain}XX", tricks, False) == -xx_nv
    assert contract_score(f"7{strain}XX", tricks, True) == -xx_v


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "score"),
    [
        ("1NT", 6, False, -50),
        ("2S", 5, True, -300),  # 3 x 100
        ("4SX", 6, False, -800),  # 100 + 200 + 200 + 300
        ("2HXX", 6, True, -1000),  # 2 x (200 + 300)
        ("6C", 6, True, -600),  # 6 x 100
        ("5DX", 6, False, -1100),  # 100 + 200 + 200 + 300 + 300
        ("3NTXX", 8, False, -200),  # 2 x 100
    ],
)
def test_it_scores_defeated_contracts_below_slam(
    contract: str, tricks: int, vulnerable: bool, score: int
) -> None:
    assert contract_score(contract, tricks, vulnerable) == score


def test_it_scores_a_passed_out_board_zero() -> None:
    assert contract_score("Pass", 0, True) == 0
    assert contract_score(PASS, 7, False) == 0


@pytest.mark.parametrize("tricks", [-1, 14, "9", 9.0, None, True])
def test_it_rejects_an_impossible_number_of_tricks(tricks: object) -> None:
    with pytest.raises(GameError, match="Tricks taken"):
        contract_score("4S", tricks, False)  # type: ignore[arg-type]


def test_it_rejects_a_vulnerability_that_is_not_a_flag() -> None:
    with pytest.raises(GameError, match="Vulnerable must be True or False"):
        contract_score("4S", 10, "NS")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "board", "score"),
    [
        ("4S", "N", 10, 2, 620),  # NS vulnerable on board 2
        ("4S", Seat.E, 10, 2, -420),  # EW not vulnerable on board 2
        ("3NT", "S", 8, 1, -50),
        ("3NTX", "W", 6, 4, 800),  # EW vulnerable, 3 down doubled
        ("1NT", "e", 7, 17, -90),  # board 17 is board 1
        ("Pass", None, 0, 5, 0),
        ("Pass", "", 0, 5, 0),
        ("PASS", "N", 0, 5, 0),  # club exports keep a declarer on passed boards
    ],
)
def test_it_scores_a_table_result_from_north_south(
    contract: str, declarer: str | Seat | None, tricks: int, board: int, score: int
) -> None:
    assert result_score(contract, declarer, tricks, board) == score


def test_it_lets_a_tag_override_the_board_vulnerability() -> None:
    assert result_score("4H", "S", 10, 1, vulnerability="Both") == 620


@pytest.mark.parametrize("declarer", [None, "", "  "])
def test_it_needs_a_declarer_for_a_real_contract(declarer: str | None) -> None:
    with pytest.raises(GameError, match="Contract 4S needs a declarer"):
        result_score("4S", declarer, 10, 1)


@pytest.mark.parametrize(
    ("contract", "tricks", "text"),
    [
        ("4S", 10, "="),
        ("4S", 11, "+1"),
        ("4S", 13, "+3"),
        ("4S", 8, "-2"),
        ("7NT", 0, "-13"),
        ("1C", 7, "="),
        ("Pass", 0, ""),
    ],
)
def test_it_writes_and_reads_results_relative_to_the_contract(
    contract: str, tricks: int, text: str
) -> None:
    assert result_text(contract, tricks) == text
    assert tricks_from_result(contract, text) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "tricks"),
    [
        ("4S", "9", 9),
        ("4S", 9, 9),
        ("4S", " 10 ", 10),
        ("3NT", "+0", 9),
        ("3NT", "−1", 8),
        ("Pass", "-", 0),
    ],
)
def test_it_reads_absolute_trick_counts_and_other_result_forms(
    contract: str, text: str | int, tricks: int
) -> None:
    assert tricks_from_result(contract, text) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "fragment"),
    [
        ("7NT", "+1", 'Result "+1" for 7NT means 14 tricks'),
        ("1C", "-8", 'Result "-8" for 1C means -1 tricks'),
        ("4S", "14", 'Result "14" for 4S means 14 tricks'),
        ("4S", -2, 'Result "-2" for 4S means -2 tricks'),
        ("4S", "made", 'Unknown result "made" for 4S'),
        ("4S", "", 'Unknown result "" for 4S'),
        ("Pass", "+1", 'Result "+1" given for a passed-out board'),
    ],
)
def test_it_rejects_an_impossible_result_naming_it(
    contract: str, text: str | int, fragment: str
) -> None:
    with pytest.raises(GameError) as caught:
        tricks_from_result(contract, text)
    assert fragment in str(caught.value)


def test_it_counts_tricks_needed_as_book_plus_level() -> None:
    assert [tricks_needed(f"{level}NT") for level in range(1, 8)] == list(range(7, 14))
    with pytest.raises(GameError, match="passed-out"):
        tricks_needed("Pass")


contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    denomination=st.sampled_from(list(Denomination)),
    doubled=st.integers(0, 2),
)
trick_counts = st.integers(0, 13)
boards = st.integers(1, 10_000)


@given(contracts, trick_counts, boards)
def test_it_scores_the_same_for_either_partner_as_declarer(
    contract: Contract, tricks: int, board: int
) -> None:
    assert result_score(contract, "N", tricks, board) == result_score(
        contract, "S", tricks, board
    )
    assert result_score(contract, "E", tricks, board) == result_score(
        contract, "W", tricks, board
    )


@given(contracts, trick_counts, boards, st.sampled_from(list(Seat)))
def test_it_signs_the_score_by_the_declaring_side(
    contract: Contract, tricks: int, board: int, declarer: Seat
) -> None:
    own = contract_score(contract, tricks, is_vulnerable(board, declarer))
    sign = 1 if declarer.side == "NS" else -1
    assert result_score(contract, declarer, tricks, board) == sign * own


@given(contracts, st.booleans(), st.integers(0, 6))
def test_it_scores_a_made_contract_above_its_trick_score(
    contract: Contract, vulnerable: bool, overtricks: int
) -> None:
    tricks = min(13, contract.tricks_needed + overtricks)
    assert contract_score(contract, tricks, vulnerable) >= trick_score(contract) + 50


@given(contracts, st.booleans())
def test_it_costs_more_for_each_extra_undertrick(
    contract: Contract, vulnerable: bool
) -> None:
    scores = [
        contract_score(contract, tricks, vulnerable)
        for tricks in range(contract.tricks_needed)
    ]
    assert scores == sorted(scores)
    assert len(set(scores)) == len(scores)
    assert scores[-1] < 0


@given(contracts, st.booleans())
def test_it_never_scores_less_for_more_tricks(
    contract: Contract, vulnerable: bool
) -> None:
    scores = [contract_score(contract, tricks, vulnerable) for tricks in range(14)]
    assert scores == sorted(scores)


@given(contracts, st.booleans())
def test_it_costs_more_vulnerable_and_doubled(
    contract: Contract, vulnerable: bool
) -> None:
    down = contract.tricks_needed - 1
    assert contract_score(contract, down, True) < contract_score(contract, down, False)
    if contract.doubled < 2:
        harder = Contract(contract.level, contract.denomination, contract.doubled + 1)
        assert contract_score(harder, down, vulnerable) < contract_score(
            contract, down, vulnerable
        )


@given(contracts, trick_counts)
def test_it_round_trips_contract_and_result_texts(
    contract: Contract, tricks: int
) -> None:
    assert parse_contract(str(contract)) == contract
    assert tricks_from_result(contract, result_text(contract, tricks)) == tricks


def test_it_agrees_with_the_scores_of_a_bermuda_bowl_match() -> None:
    """Both rooms of a 2015 Bermuda Bowl match as exported by BBO
    (lucbellicaud/bridgetrainer Pbns/41284.pbn): every [Score] tag."""
    path = PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn"
    if not path.exists():
        pytest.skip(f"{path} is not available")
    games = path.read_text(encoding="latin-1").split("\n\n")
    checked = 0
    for game in games:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        if "Score" not in tags:
            continue
        side, points = tags["Score"].split()
        expected = int(points) if side == "NS" else -int(points)
        board = int(tags["Board"])
        assert board_vulnerability(board) == parse_vulnerability(tags["Vulnerable"])
        assert board_dealer(board) == tags["Dealer"]
        tricks = tricks_from_result(tags["Contract"], tags["Result"])
        score = result_score(tags["Contract"], tags["Declarer"], tricks, board)
        assert score == expected, tags
        checked += 1
    assert checked >= 16
