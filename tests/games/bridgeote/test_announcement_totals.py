"""What one side may announce, by strain and by the cards the side holds."""

from __future__ import annotations

import pytest

from games.bridgeote import announcement_totals, check_side_announcements
from games.errors import GameError


def test_a_colour_gives_one_belote_or_bridgeote_and_sa_none() -> None:
    assert announcement_totals("80H") == (0, 20, 30)
    assert announcement_totals("S") == (0, 20, 30)
    assert announcement_totals("120SA") == (0,)


def test_tout_atout_sums_up_to_four_suits() -> None:
    # 20a + 30b with a + b <= 4: 40 = 2 Belotes, 70 = 2 Belotes + 1 Bridgeote,
    # 80 = 4 Belotes or 1 Belote + 2 Bridgeotes, 120 = 4 Bridgeotes; 10 never.
    assert announcement_totals("TA") == (
        0, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120,
    )  # fmt: skip


def test_the_cards_a_side_holds_bound_what_it_announces() -> None:
    # Two attackers at 7 players hold 5 + 5 = 10 cards: 2 Bridgeotes (6 cards)
    # and 2 Belotes (4) is 100; 3 Bridgeotes and a Belote would need 11.
    assert max(announcement_totals("TA", cards=10)) == 100
    assert 110 not in announcement_totals("TA", cards=10)
    # A lone defender at 3 players holds 10 cards: the same 100.
    assert max(announcement_totals("TA", cards=10)) == 100
    # Two cards: a Belote only.
    assert announcement_totals("TA", cards=2) == (0, 20)


@pytest.mark.parametrize(
    ("contract", "points"), [("80H", 40), ("80SA", 20), ("80TA", 130), ("80TA", "70")]
)
def test_check_side_announcements_refuses_what_no_hand_gives(
    contract: str, points: object
) -> None:
    with pytest.raises(GameError, match="Bridgeote announcements"):
        check_side_announcements(contract, points)


def test_check_side_announcements_accepts_the_70() -> None:
    check_side_announcements("100TA", 70)
    check_side_announcements("100TA", 120)
