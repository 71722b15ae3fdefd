"""A pair withdraws from a running section (its opponents sit out, or score
averages), and the arrow switch changes, through the services.

Figures worked by hand: every table bids 4S by North; 1NS makes eleven
tricks, every other NS pair ten.  On a board played by n pairs the top is
2(n - 1); a board played fewer times than the most (5 here) is factored up
by Neuberg: (mp + 1) * N / n - 1.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from running_play import PLAY, SIGN_IN, enter_rounds, error_fields, percentages

from tournaments.models import Result, ResultChange, SectionChange
from tournaments.selectors.movement import section_movement
from tournaments.services.results import result_submit
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)
from tournaments.services.table_rounds import current_round

pytestmark = pytest.mark.django_db


# --- a withdrawal -------------------------------------------------------


def test_a_withdrawal_after_round_4_scored_by_hand(five_tables, admin_user):
    """2EW leaves after round 4.  In round 5 it would have met 1NS at table 1
    on set 5 (boards 9-10): 1NS sits out, and boards 9-10 are played 4 times.

    Boards of sets 1-4, 5 lines, top 8: 1NS +450 scores 8, the other NS 3
    (three ties); 1NS's opponents 0, the other EW 5 (beat one, tie three).
    Boards 9-10, 4 lines all 420, top 6: 3 each, factored to
    (3 + 1) * 5 / 4 - 1 = 4 of 8.

    1NS: 8 boards of 8 = 64 / 64 = 100 %.  2NS-5NS: four sets at 3 and set
    5 at 4 = 24 + 8 = 32 / 80 = 40 %.  2EW never met 1NS: 8 boards at 5 =
    40 / 64 = 62.50 %.  The other EW pairs meet 1NS once (0), play set 5
    once (4 + 4) and three sets at 5: 38 / 80 = 47.50 %.
    """
    section = five_tables
    enter_rounds(section, range(1, 5))
    pair = pair_withdraw(section, pair="2ew", round=5, user=admin_user)
    assert pair.label == "2EW"
    assert enter_rounds(section, range(5, 6)) == 8
    assert percentages(section) == {
        "1NS": "100.00", "2NS": "40.00", "3NS": "40.00", "4NS": "40.00",
        "5NS": "40.00", "1EW": "47.50", "2EW": "62.50", "3EW": "47.50",
        "4EW": "47.50", "5EW": "47.50",
    }  # fmt: skip
    boards = {p.label: p.score.boards for p in section.pairs.select_related("score")}
    assert (boards["1NS"], boards["2EW"], boards["3EW"]) == (8, 8, 10)
    change = SectionChange.objects.get(section=section)
    assert (change.action, change.pair, change.round) == ("withdraw", "2EW", 5)
    assert change.after == {
        "absences": [{"pair": "2EW", "first": 5, "last": 5, "reason": "withdrawn"}],
        "averaged_lines": 0,
    }


@pytest.mark.parametrize(
    ("rule", "expected_1ns"),
    [("flat", "92.00"), ("session", "100.00")],
)
def test_a_withdrawal_scored_with_averages(five_tables, admin_user, rule, expected_1ns):
    """The EBU's rule after half-way: 2EW's missed boards 9-10 (against 1NS
    in round 5) are Average-minus for 2EW, Average-plus for 1NS.

    The 4 played lines of boards 9-10 are factored as before (4 of 8 each),
    so the other pairs keep their figures.  Flat: A+ is 60 % of 8 = 4.8,
    A- 40 % = 3.2.  1NS: 64 + 2 x 4.8 = 73.6 / 80 = 92 %; 2EW: 40 + 2 x 3.2
    = 46.4 / 80 = 58 %.  Session rule (WBF, EBU): A+ is 1NS's own 100 %
    (8 + 8: 80 / 80), A- stays 40 % for 2EW (its 62.50 % is higher).
    """
    section = five_tables
    Event = type(section.session.event)
    Event.objects.update(average_rule=rule)
    enter_rounds(section, range(1, 5))
    pair_withdraw(section, pair="2EW", round=5, averages=True, user=admin_user)
    lines = Result.objects.filter(board__number__in=(9, 10), round__number=5)
    assert sorted(
        (r.board.number, r.ns_pair.label, r.ew_pair.label, r.adjusted_ns,
         r.adjusted_ew, r.table.number) for r in lines
    ) == [
        (9, "1NS", "2EW", "A+", "A-", 1), (10, "1NS", "2EW", "A+", "A-", 1),
    ]  # fmt: skip
    assert all(r.entered_by == admin_user for r in lines)
    audit = ResultChange.objects.filter(board__number__in=(9, 10), action="adjust")
    assert audit.count() == 2
    change = SectionChange.objects.get()
    assert change.after["averaged_lines"] == 2
    assert change.after["absences"][0]["averages"] is True
    # The seats stay: table 1's round 5 has its lines, entered by the director.
    movement = section_movement(section)
    assert not movement.is_sit_out(movement.seating(5, 1))
    assert current_round(section.table_set.get(number=1)) is None
    assert enter_rounds(section, range(5, 6)) == 8
    assert percentages(section) == {
        "1NS": expected_1ns, "2NS": "40.00", "3NS": "40.00", "4NS": "40.00",
        "5NS": "40.00", "1EW": "47.50", "2EW": "58.00", "3EW": "47.50",
        "4EW": "47.50", "5EW": "47.50",
    }  # fmt: skip


def test_a_table_facing_an_averaged_withdrawal_is_told(client, five_tables):
    enter_rounds(five_tables, range(1, 5))
    pair_withdraw(five_tables, pair="2EW", round=5, averages=True)
    client.post(SIGN_IN, {"code": five_tables.table_set.get(number=1).code})
    page = client.get(PLAY, {"round": 5}).content.decode()
    assert "Your opponents withdrew: no boards this round." in page
    assert "Board 9" in page  # its averaged lines, as entered by the director


def test_the_withdrawn_pairs_table_is_told_and_takes_no_result(client, five_tables):
    section = five_tables
    enter_rounds(section, range(1, 5))
    pair_withdraw(section, pair="2EW", round=5)
    table = section.table_set.get(number=1)
    assert current_round(table) is None  # round 5 has nothing to enter there
    client.post(SIGN_IN, {"code": table.code})
    page = client.get(PLAY, {"round": 5}).content.decode()
    assert "Your opponents withdrew: no boards this round." in page
    assert client.get("/table/play/5/board/9/").status_code == 404
    pairs = {p.label: p for p in section.pairs.all()}
    with pytest.raises(ValidationError):
        result_submit(
            board=section.boards.get(number=9), ns_pair=pairs["1NS"],
            ew_pair=pairs["2EW"], contract="4S", declarer="N", tricks=10,
        )  # fmt: skip


def test_the_movement_sheet_shows_the_withdrawal(director, five_tables):
    pair_withdraw(five_tables, pair="2EW", round=5)
    url = f"/director/sections/{five_tables.pk}/movement/"
    sheet = director.get(url).content.decode()
    assert "1NS sits out" in sheet
    assert "2EW withdrew: its opponents sit out from round 5" in sheet


def test_a_pair_with_results_in_the_round_cannot_withdraw_from_it(five_tables):
    enter_rounds(five_tables, range(1, 6))
    with pytest.raises(ValidationError) as error:
        pair_withdraw(five_tables, pair="3NS", round=5)
    message = error.value.message_dict["round"][0]
    assert "results in round 5" in message and "from round 6" in message
    assert five_tables.absences == []


@pytest.mark.parametrize(
    ("pair", "round", "field"),
    [("9NS", 3, "pair"), ("", 3, "pair"), ("1NS", 0, "round"), ("1NS", 6, "round")],
)
def test_a_withdrawal_with_bad_input_is_refused(five_tables, pair, round, field):
    with pytest.raises(ValidationError) as error:
        pair_withdraw(five_tables, pair=pair, round=round)
    assert error_fields(error) == {field}


def test_a_pair_withdraws_once(five_tables):
    pair_withdraw(five_tables, pair="1NS", round=4)
    with pytest.raises(ValidationError) as error:
        pair_withdraw(five_tables, pair="1NS", round=5)
    assert "already withdrew from round 4" in error.value.message_dict["pair"][0]


def test_a_late_pair_cannot_withdraw_before_it_came(phantom_section):
    late_pair_join(phantom_section, names=["Ann", "Bob"], round=4)
    with pytest.raises(ValidationError) as error:
        pair_withdraw(phantom_section, pair="7EW", round=3)
    assert error_fields(error) == {"round"}
    pair_withdraw(phantom_section, pair="7EW", round=6)
    movement = section_movement(phantom_section)
    absent = [r for r in range(1, 8) if movement.absent_in(14, r)]
    assert absent == [1, 2, 3, 6, 7]


# --- the arrow switch ---------------------------------------------------


def test_the_arrow_switch_changes_the_movement_at_once(five_tables, admin_user):
    before = section_movement(five_tables)
    arrow_switch_change(five_tables, rounds=[5, 4, 5], user=admin_user)
    five_tables.refresh_from_db()
    assert five_tables.arrow_switch_rounds == [4, 5]
    movement = section_movement(five_tables)
    assert movement.arrow_switch_rounds == {4, 5}
    assert five_tables.single_winner
    # Table 1 in round 4: EW pair (1 - 4) mod 5 + 1 = 3EW (pair id 5 + 3 = 8)
    # now sits North-South, 1NS East-West.
    assert (before.seating(4, 1).ns, movement.seating(4, 1).ns) == (1, 8)
    assert movement.seating(4, 1).ew == 1
    change = SectionChange.objects.get()
    assert (change.before, change.after) == (
        {"arrow_switch_rounds": []},
        {"arrow_switch_rounds": [4, 5]},
    )


def test_the_arrow_switch_of_a_round_with_results_cannot_change(five_tables):
    enter_rounds(five_tables, range(1, 3))
    with pytest.raises(ValidationError) as error:
        arrow_switch_change(five_tables, rounds=[2])
    assert error_fields(error) == {"arrow_switch_rounds"}
    arrow_switch_change(five_tables, rounds=[5])
    assert Result.objects.count() == 20


def test_the_averages_option_from_the_section_page_and_the_api(director, five_tables):
    enter_rounds(five_tables, range(1, 5))
    url = f"/director/sections/{five_tables.pk}/"
    response = director.post(
        f"{url}withdrawals/",
        {"withdraw-pair": "2EW", "withdraw-round": 5, "withdraw-averages": "on"},
    )
    assert response.status_code == 302
    page = director.get(url).content.decode()
    assert "2EW withdrew: from round 5 its opponents score Average-plus" in page
    assert Result.objects.filter(adjusted_ns="A+", adjusted_ew="A-").count() == 2
    response = director.post(
        f"/api/sections/{five_tables.pk}/withdrawals/",
        {"pair": "4NS", "round": 5, "averages": True},
        content_type="application/json",
    )
    assert response.status_code == 201
    # In round 5 4NS meets EW pair (4 - 5) mod 5 + 1 = 5EW at table 4.
    lines = Result.objects.filter(round__number=5, adjusted_ns="A-")
    assert {(r.ns_pair.label, r.ew_pair.label, r.adjusted_ew) for r in lines} == {
        ("4NS", "5EW", "A+")
    }
    assert lines.count() == 2
    bad = director.post(
        f"/api/sections/{five_tables.pk}/withdrawals/",
        {"pair": "5NS", "round": 5, "averages": "perhaps"},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "averages" in bad.json()
