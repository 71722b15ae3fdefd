"""Duplicate bridge: Law 77 scores of made and defeated contracts.

Expected scores are worked out by hand from the Law 77 table, never by a second
implementation; the arithmetic is written next to each row.
"""

from __future__ import annotations

import pytest

from games import GameError
from games.bridge import PASS, contract_score


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
