"""Barbu doubles: the rule book's worked example, settled pair by pair."""

from __future__ import annotations

import pytest

from games.barbu import (
    check_deal_total,
    check_doubles,
    deal_score,
    settle_doubles,
)
from games.errors import GameError
from tests.games.barbu.support import (
    EXAMPLE_DOUBLES,
    EXAMPLE_TRICKS,
)

# ---------------------------------------------------------------- doubles


def test_the_rule_books_doubles_example() -> None:
    # « La compensation entre les contres et les surcontres intervient après
    # le compte des points. »
    base = deal_score("tricks", {"tricks": EXAMPLE_TRICKS})
    points = settle_doubles(base, EXAMPLE_DOUBLES)
    # « A ... = 11 levées, soit -22 points. » « B ... = 7 levées, soit -14
    # points. » « C ... = 3 levées, soit -6 points. » « D ... = 8 levées, soit
    # +16 points. »
    assert points == {"A": -22, "B": -14, "C": -6, "D": 16}
    # « Vérifions : A+B+C+D= (-22) + (-14) + (-6) + (+16) = -26 points. »
    assert sum(points.values()) == -26
    check_deal_total("tricks", points)


def test_the_doubles_example_line_by_line_in_tricks() -> None:
    # Settled in tricks lost, the explanation's own unit:
    # « A perd ses 5 levées, plus 2 levées sur C (5-3), plus 4 levées sur D
    # (5-1) = 11 levées » ; « B perd ses 4 levées, plus 3 levées sur D = 7
    # levées » ; « C perd ses 3 levées, gagne 2 levées sur A et perd 2 levées
    # sur D = 3 levées » ; « D perd sa levée, mais gagne 4 levées sur A, 3
    # levées sur B et 2 levées sur C = 8 levées » (gained, hence -8 lost).
    lost = settle_doubles(EXAMPLE_TRICKS, EXAMPLE_DOUBLES)
    assert lost == {"A": 5 + 2 + 4, "B": 4 + 3, "C": 3 - 2 + 2, "D": 1 - 4 - 3 - 2}
    assert {name: -2 * count for name, count in lost.items()} == {
        "A": -22,
        "B": -14,
        "C": -6,
        "D": 16,
    }


def test_a_double_is_settled_between_its_two_players_only() -> None:
    base = {"A": -10, "B": -8, "C": -6, "D": -2}
    assert settle_doubles(base, [("C", "A", 1)]) == {
        "A": -14,
        "B": -8,
        "C": -2,
        "D": -2,
    }
    assert settle_doubles(base, []) == base


def test_a_redouble_counts_the_difference_twice() -> None:
    # Book silent on the redouble's figure: club practice doubles the stake.
    base = {"A": -10, "B": -8, "C": -6, "D": -2}
    assert settle_doubles(base, [("C", "A", 2)]) == {"A": -18, "B": -8, "C": 2, "D": -2}


def test_doubles_on_a_positive_contract() -> None:
    base = deal_score("trump", {"tricks": {"A": 6, "B": 3, "C": 3, "D": 1}})
    points = settle_doubles(base, [("B", "A", 1), ("D", "C", 2)])
    assert points == {"A": 45, "B": 0, "C": 35, "D": -15}
    assert sum(points.values()) == 65


@pytest.mark.parametrize(
    ("doubles", "message"),
    [
        ([("C", "A", 3)], r"expected 1 \(double\) or 2 \(redouble\), got 3"),
        ([("C", "A", True)], r"expected 1 \(double\) or 2 \(redouble\)"),
        ([("C", "C", 1)], r"a player cannot double himself"),
        ([("C", "E", 1)], r"'E' is not one of the players A, B, C, D"),
        ([("C", "A")], r"expected \(doubler, doubled, 1 or 2\)"),
        (
            [("C", "A", 1), ("A", "C", 1)],
            r"are between the same two players; write a redouble as one double",
        ),
    ],
)
def test_it_refuses_bad_doubles(doubles: list[tuple], message: str) -> None:
    with pytest.raises(GameError, match=message):
        settle_doubles({"A": -10, "B": -8, "C": -6, "D": -2}, doubles)


def test_the_declarer_only_redoubles() -> None:
    assert check_doubles("A", [("C", "A", 2)]) == (("C", "A", 2),)
    with pytest.raises(GameError, match="the declarer A may not double"):
        check_doubles("A", [("A", "C", 1)])
    with pytest.raises(GameError, match="Barbu declarer 'E'"):
        check_doubles("E", [])


def test_it_refuses_a_deal_that_does_not_add_up() -> None:
    with pytest.raises(
        GameError, match=r"^a Queens deal totals -24; this sheet totals -20$"
    ):
        check_deal_total("queens", {"A": -6, "B": -6, "C": -6, "D": -2})
    with pytest.raises(GameError, match=r"a Trump deal totals \+65; this sheet"):
        check_deal_total("trump", {"A": 60, "B": 0, "C": 0, "D": 0})
    with pytest.raises(GameError, match="expected a whole number"):
        check_deal_total("barbu", {"A": -20.0, "B": 0, "C": 0, "D": 0})
