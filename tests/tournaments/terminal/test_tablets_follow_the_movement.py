"""Tablets say what the movement says (issue 32, item 1).

On main, table 7 of a 7-table Mitchell with a phantom (sitting out round 1)
was shown round 2's boards "to play" while table 1 still played them; a
withdrawal made its opponents' tablet jump to the next round with no word,
and a late pair was not announced to the tables it would play at.
"""

from __future__ import annotations

import pytest
from running_play import enter_rounds, running_section
from tablet_play import tablet_client

from tournaments.models import Section
from tournaments.services.running import late_pair_join, pair_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven_tables() -> Section:
    return running_section(7, phantom=True)


def test_a_sit_out_round_says_so_and_offers_no_board_still_in_play(seven_tables):
    section = seven_tables
    tablet = tablet_client(section, 7)
    page = tablet.get("/table/play/")
    assert page.status_code == 200
    assert page.context["item"].number == 1 and page.context["item"].sit_out
    text = page.content.decode()
    assert "7NS sits out round 1." in text
    assert (
        "Next at this table: round 2, 7NS against 6EW, boards 1-2 "
        "(still at table 1)." in text
    )
    assert 'data-push-watch="1"' in text
    # Round 2's boards are not "to play" while table 1 plays them.
    round_two = tablet.get("/table/play/", {"round": 2})
    labels = [line.state_label for line in round_two.context["item"].boards]
    assert labels == ["still at table 1", "still at table 1"]
    assert "to play" not in round_two.content.decode()

    # Table 1 enters boards 1 and 2: the tablet goes on to round 2.
    assert enter_rounds(section, range(1, 2)) == 12
    page = tablet.get("/table/play/")
    assert page.context["item"].number == 2
    labels = [line.state_label for line in page.context["item"].boards]
    assert labels == ["to play", "to play"]
    assert "sits out" not in page.content.decode()


def test_a_withdrawal_shows_on_the_opponents_tablet_in_its_round(seven_tables):
    section = seven_tables
    enter_rounds(section, range(1, 3))
    tablet = tablet_client(section, 4)
    assert tablet.get("/table/play/").context["item"].number == 3

    pair_withdraw(section, pair="2EW", round=3)

    page = tablet.get("/table/play/")
    assert page.context["item"].number == 3  # not round 4, with no word
    text = page.content.decode()
    assert "Your opponents withdrew: no boards this round." in text
    assert "Pair 2EW withdrew from round 3: no play at this table in round 3." in text
    assert (
        "Next at this table: round 4, 4NS against 1EW, boards 13-14 "
        "(still at table 5)." in text
    )
    assert 'data-push-watch="5"' in text
    # Table 5 is done with boards 13-14: table 4 plays round 4.
    enter_rounds(section, range(3, 4))
    assert tablet.get("/table/play/").context["item"].number == 4


def test_a_later_withdrawal_shows_in_the_round_the_table_is_in(seven_tables):
    section = seven_tables
    enter_rounds(section, range(1, 2))
    pair_withdraw(section, pair="2EW", round=3)
    page = tablet_client(section, 4).get("/table/play/")
    assert page.context["item"].number == 2
    assert (
        "Pair 2EW withdrew from round 3: no play at this table in round 3."
        in page.content.decode()
    )
    # A table 2EW never meets again is not told.
    other = tablet_client(section, 2).get("/table/play/").content.decode()
    assert "withdrew" not in other


def test_a_late_pair_shows_on_the_tablets_of_its_tables(seven_tables):
    section = seven_tables
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=2)
    # Round 2: 7EW (the phantom's seat) plays at table 1.
    page = tablet_client(section, 1).get("/table/play/").content.decode()
    assert (
        "Pair 7EW came late and plays from round 2: at this table in round 2." in page
    )
    page = tablet_client(section, 3).get("/table/play/").content.decode()
    assert "Pair 7EW came late and plays from round 2: at this table in round 4." in (
        page
    )
    assert (
        "came late"
        not in tablet_client(section, 7).get("/table/play/").content.decode()
    )
