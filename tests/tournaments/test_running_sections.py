"""A running section changes: a late pair takes the phantom's seat, a pair
withdraws, the arrow switch is set — through the services, the director's
section page and the API, with the movement, the cards, the tablets and the
scores following at once.

The figures are worked by hand.  Every table bids 4S by North; 1NS makes
eleven tricks, every other NS pair ten.  On a board played by n pairs the
top is 2(n - 1); a board played fewer times than the most (7 in the late
pair's section, 5 in the withdrawal's) is factored up by Neuberg:
(mp + 1) * N / n - 1.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from running_play import enter_rounds, percentages, running_section

from tournaments.models import Result, ResultChange, SectionChange, Session
from tournaments.movements import validate
from tournaments.services.results import result_submit
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)
from tournaments.services.table_rounds import current_round
from tournaments.tokens import issue_table_token

pytestmark = pytest.mark.django_db

SIGN_IN = "/table/"
PLAY = "/table/play/"


def _field(error: ValidationError) -> set[str]:
    return set(error.value.message_dict)


@pytest.fixture
def phantom_section():
    """Seven tables, thirteen pairs: 7EW is the phantom, its opponents sit out."""
    return running_section(7, phantom=True)


@pytest.fixture
def five_tables():
    """Five tables, ten pairs, five rounds of two boards."""
    return running_section(5, phantom=False)


# --- a late pair --------------------------------------------------------


def test_a_late_pair_takes_the_phantoms_seat_from_its_round(
    phantom_section, admin_user
):
    section = phantom_section
    before = section.movement_plan()
    assert before.phantom.label == "7EW"
    pair = late_pair_join(
        section, names=["Ann Late", "Bob Later"], round=3, user=admin_user
    )
    section.refresh_from_db()
    assert (pair.label, pair.names) == ("7EW", "Ann Late – Bob Later")
    assert section.phantom is False
    assert section.absences == [
        {"pair": "7EW", "first": 1, "last": 2, "reason": "late"}
    ]
    movement = section.movement_plan()
    assert movement is not before and validate(movement) == []
    # EW pair e sits at table e + r - 1 (mod 7): 7EW is at table 7 in round 1,
    # table 1 in round 2 (both sit-outs, as before), table 2 from round 3.
    seat = {r: movement.seating(r, movement.position(14, r)[0]) for r in (1, 2, 3)}
    assert [seat[r].table for r in (1, 2, 3)] == [7, 1, 2]
    assert [movement.is_sit_out(seat[r]) for r in (1, 2, 3)] == [True, True, False]
    # The phantom's seats in rounds 1-2 held set 7 (table 7) and set 2
    # (table 1): those boards stay one play short; the others are played 7 times.
    assert [movement.times_played(b) for b in (13, 14, 3, 4, 1, 7)] == [
        6, 6, 6, 6, 7, 7,
    ]  # fmt: skip
    change = SectionChange.objects.get(section=section)
    assert (change.action, change.pair, change.round, change.user) == (
        "late-pair", "7EW", 3, admin_user,
    )  # fmt: skip
    assert change.before == {"phantom": True, "absences": []}


def test_the_late_pair_is_scored_on_the_boards_it_played(phantom_section):
    section = phantom_section
    enter_rounds(section, range(1, 3))
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    enter_rounds(section, range(3, 8))
    pct = percentages(section)
    boards = {p.label: p.score.boards for p in section.pairs.select_related("score")}
    # 1NS sat out round 2 (the phantom's seat at table 1), 7NS round 1; 2NS
    # meets the late pair in round 3 and plays every round.
    assert (boards["1NS"], boards["7NS"], boards["2NS"], boards["7EW"]) == (
        12, 12, 14, 10,
    )  # fmt: skip
    # 1NS tops every board: 12 of 12 on its ten boards played 7 times; on set
    # 7 (played 6 times) 10 of 10, factored to 11 * 7 / 6 - 1 = 11.8333.
    # (120 + 23.6667) / 144 = 99.77 %.
    assert pct["1NS"] == "99.77"
    # 7EW plays sets 4, 6, 1, 3, 5 (7 lines each) and never meets 1NS: it
    # beats 1NS's opponents and ties the five others, 2 + 5 = 7 of 12.
    # 70 / 120 = 58.33 %.
    assert pct["7EW"] == "58.33"


def test_the_late_pair_sits_down_at_its_table_on_the_tablet(client, phantom_section):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    client.post(SIGN_IN, {"code": section.table_set.get(number=2).code})
    page = client.get(PLAY, {"round": 3}).content.decode()
    assert "7EW" in page and "Ann Late" in page
    assert "no boards this round" not in page
    client.post("/table/sign-out/")
    client.post(SIGN_IN, {"code": section.table_set.get(number=1).code})
    page = client.get(PLAY, {"round": 2}).content.decode()
    assert "Nobody plays at this table in this round." in page
    assert "withdrew" not in page


def test_only_the_late_pairs_own_rounds_take_results(phantom_section):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    pairs = {p.label: p for p in section.pairs.all()}
    # Round 3, table 2: 2NS v 7EW on set 4 (boards 7-8).
    line = result_submit(
        board=section.boards.get(number=7), ns_pair=pairs["2NS"],
        ew_pair=pairs["7EW"], contract="4S", declarer="N", tricks=10,
    )  # fmt: skip
    assert (line.round.number, line.table.number) == (3, 2)
    # Round 2, table 1: 1NS v 7EW on set 2 was a sit-out and stays one.
    with pytest.raises(ValidationError) as error:
        result_submit(
            board=section.boards.get(number=3), ns_pair=pairs["1NS"],
            ew_pair=pairs["7EW"], contract="4S", declarer="N", tricks=10,
        )  # fmt: skip
    assert _field(error) == {"ns_pair"}


def test_the_movement_sheet_and_table_card_name_the_late_pair(
    director, phantom_section
):
    section = phantom_section
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    sheet = director.get(f"/director/sections/{section.pk}/movement/").content.decode()
    assert "2NS v 7EW" in sheet and "1NS sits out" in sheet
    assert "7EW came late: it plays from round 3" in sheet
    cards = director.get(f"/director/sections/{section.pk}/cards/table/")
    assert "Ann Late – Bob Later" in cards.content.decode()


@pytest.mark.parametrize(
    ("names", "round", "field"),
    [
        (["Ann Late", "Bob Later"], 0, "round"),
        (["Ann Late", "Bob Later"], 8, "round"),
        (["Ann Late", ""], 3, "names"),
        (["Ann Late"], 3, "names"),
        (["x" * 91, "Bob"], 3, "names"),
    ],
)
def test_a_late_pair_with_bad_input_is_refused(phantom_section, names, round, field):
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=names, round=round)
    assert _field(error) == {field}
    assert phantom_section.pairs.count() == 13
    assert not SectionChange.objects.exists()


def test_a_late_pair_cannot_join_a_round_already_started(phantom_section):
    enter_rounds(phantom_section, range(1, 4))
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=3)
    assert "Round 3 has already started" in error.value.message_dict["round"][0]
    pair = late_pair_join(phantom_section, names=["Ann", "Bob"], round=4)
    assert pair.label == "7EW"


def test_a_section_without_a_phantom_has_no_seat_for_a_late_pair(five_tables):
    with pytest.raises(ValidationError) as error:
        late_pair_join(five_tables, names=["Ann", "Bob"], round=2)
    assert _field(error) == {"section"}


def test_a_second_late_pair_finds_the_seat_taken(phantom_section):
    late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Cid", "Dan"], round=2)
    assert _field(error) == {"section"}
    assert phantom_section.pairs.count() == 14


def test_a_closed_session_does_not_change(phantom_section):
    Session.objects.update(status=Session.Status.CLOSED)
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    assert _field(error) == {"section"}


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
    movement = section.movement_plan()
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
    assert _field(error) == {field}


def test_a_pair_withdraws_once(five_tables):
    pair_withdraw(five_tables, pair="1NS", round=4)
    with pytest.raises(ValidationError) as error:
        pair_withdraw(five_tables, pair="1NS", round=5)
    assert "already withdrew from round 4" in error.value.message_dict["pair"][0]


def test_a_late_pair_cannot_withdraw_before_it_came(phantom_section):
    late_pair_join(phantom_section, names=["Ann", "Bob"], round=4)
    with pytest.raises(ValidationError) as error:
        pair_withdraw(phantom_section, pair="7EW", round=3)
    assert _field(error) == {"round"}
    pair_withdraw(phantom_section, pair="7EW", round=6)
    movement = phantom_section.movement_plan()
    absent = [r for r in range(1, 8) if movement.absent_in(14, r)]
    assert absent == [1, 2, 3, 6, 7]


# --- the arrow switch ---------------------------------------------------


def test_the_arrow_switch_changes_the_movement_at_once(five_tables, admin_user):
    before = five_tables.movement_plan()
    arrow_switch_change(five_tables, rounds=[5, 4, 5], user=admin_user)
    five_tables.refresh_from_db()
    assert five_tables.arrow_switch_rounds == [4, 5]
    movement = five_tables.movement_plan()
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
    assert _field(error) == {"arrow_switch_rounds"}
    arrow_switch_change(five_tables, rounds=[5])
    assert Result.objects.count() == 20


# --- the director's section page ----------------------------------------


def test_the_director_seats_a_late_pair_from_the_section_page(
    director, phantom_section
):
    url = f"/director/sections/{phantom_section.pk}/"
    page = director.get(url).content.decode()
    assert 'id="late-pair"' in page and 'id="withdraw"' in page
    response = director.post(
        f"{url}late-pair/",
        {"late-player_a": "Ann Late", "late-player_b": "Bob Later", "late-round": 3},
    )
    assert response.status_code == 302
    page = director.get(url).content.decode()
    assert "7EW came late: plays from round 3" in page
    assert "late pair joined" in page
    assert 'id="late-pair"' not in page  # no phantom left


def test_a_refused_late_pair_names_the_field(director, phantom_section):
    enter_rounds(phantom_section, range(1, 3))
    url = f"/director/sections/{phantom_section.pk}/late-pair/"
    response = director.post(
        url, {"late-player_a": "Ann", "late-player_b": "Bob", "late-round": 2}
    )
    assert response.status_code == 400
    assert "Round 2 has already started" in response.content.decode()
    response = director.post(url, {"late-player_a": "Ann", "late-round": "x"})
    assert response.status_code == 400
    assert phantom_section.pairs.count() == 13


def test_the_director_withdraws_a_pair_and_sets_the_arrow_switch(director, five_tables):
    url = f"/director/sections/{five_tables.pk}/"
    response = director.post(
        f"{url}withdrawals/", {"withdraw-pair": "3NS", "withdraw-round": 4}
    )
    assert response.status_code == 302
    response = director.post(f"{url}arrow-switch/", {"arrow-rounds": "5"})
    assert response.status_code == 302
    five_tables.refresh_from_db()
    assert five_tables.arrow_switch_rounds == [5]
    assert five_tables.absences[0]["pair"] == "3NS"
    page = director.get(url).content.decode()
    assert "3NS withdrew: its opponents sit out from round 4" in page
    assert "pair withdrew" in page and "arrow switch changed" in page


@pytest.mark.parametrize(
    ("path", "data", "field"),
    [
        ("withdrawals/", {"withdraw-pair": "9NS", "withdraw-round": 4}, "pair"),
        ("withdrawals/", {"withdraw-pair": "3NS", "withdraw-round": 9}, "round"),
        ("arrow-switch/", {"arrow-rounds": "2; drop"}, "rounds"),
        ("arrow-switch/", {"arrow-rounds": "6"}, "rounds"),
    ],
)
def test_the_section_page_refuses_bad_input(director, five_tables, path, data, field):
    response = director.post(f"/director/sections/{five_tables.pk}/{path}", data)
    assert response.status_code == 400
    names = ("late_pair_form", "withdraw_form", "arrow_form")
    form = next(
        response.context[name]
        for name in names
        if name in response.context and response.context[name].is_bound
    )
    assert field in form.errors
    five_tables.refresh_from_db()
    assert (five_tables.absences, five_tables.arrow_switch_rounds) == ([], [])


def test_only_a_director_changes_a_section(client, five_tables, django_user_model):
    url = f"/director/sections/{five_tables.pk}/withdrawals/"
    data = {"withdraw-pair": "3NS", "withdraw-round": 4}
    assert client.post(url, data).status_code == 302  # to the sign-in page
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert client.post(url, data).status_code == 302
    assert client.get(url).status_code in (302, 405)
    five_tables.refresh_from_db()
    assert five_tables.absences == []


def test_a_new_section_takes_its_arrow_switch_rounds(director, phantom_section):
    session = phantom_section.session
    url = f"/director/sessions/{session.pk}/sections/new/"
    page = director.get(url, {"pairs": 14})
    movements = page.context["form"].proposals
    mitchell = next(i for i, m in enumerate(movements) if m.kind == "mitchell")
    post = {"pairs": 14, "movement": mitchell, "boards_per_round": 2}
    response = director.post(url, {**post, "arrow_switch": "7, 3"})
    assert response.status_code == 302
    section = session.sections.get(letter="B")
    assert section.arrow_switch_rounds == [3, 7]
    assert section.movement_plan().arrow_switch_rounds == {3, 7}
    for typed in ("8", "two", "0"):
        response = director.post(url, {**post, "arrow_switch": typed})
        assert response.status_code == 400
        assert "arrow_switch" in response.context["form"].errors
    howell = next((i for i, m in enumerate(movements) if m.kind == "howell"), None)
    if howell is not None:
        response = director.post(url, {**post, "movement": howell, "arrow_switch": "2"})
        assert response.status_code == 400


# --- the API ------------------------------------------------------------


def test_the_api_seats_a_late_pair(director, phantom_section):
    url = f"/api/sections/{phantom_section.pk}/late-pair/"
    body = {"player_a": "Ann Late", "player_b": "Bob Later", "round": 3}
    response = director.post(url, body, content_type="application/json")
    assert response.status_code == 201
    assert response.json()["label"] == "7EW"
    again = director.post(url, body, content_type="application/json")
    assert again.status_code == 400 and "section" in again.json()
    section = director.get(f"/api/sections/{phantom_section.pk}/").json()
    assert section["absences"] == [
        {"pair": "7EW", "first": 1, "last": 2, "reason": "late"}
    ]
    seats = director.get(f"/api/sections/{phantom_section.pk}/assignments/").json()
    round_3 = next(s for s in seats if (s["round"], s["table"]) == (3, 2))
    assert (round_3["ew"], round_3["sit_out"]) == ("7EW", False)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"player_a": "Ann", "player_b": "Bob", "round": 99}, "round"),
        ({"player_a": "Ann", "player_b": "Bob", "round": "x"}, "round"),
        ({"player_a": "Ann", "round": 2}, "player_b"),
        ({"player_a": "Ann", "player_b": " ", "round": 2}, "player_b"),
    ],
)
def test_the_api_refuses_a_bad_late_pair(director, phantom_section, body, field):
    url = f"/api/sections/{phantom_section.pk}/late-pair/"
    response = director.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json()


def test_the_api_withdraws_a_pair(director, five_tables):
    url = f"/api/sections/{five_tables.pk}/withdrawals/"
    response = director.post(
        url, {"pair": "2EW", "round": 5}, content_type="application/json"
    )
    assert response.status_code == 201
    assert response.json()["withdrawn_from"] == 5
    for body, field in (
        ({"pair": "2EW", "round": 5}, "pair"),
        ({"pair": "nobody", "round": 5}, "pair"),
        ({"pair": "1NS", "round": 0}, "round"),
        ({"pair": "1NS"}, "round"),
        ({"pair": ["1NS"], "round": 5}, "pair"),
        ({"pair": "1NS", "round": 10**30}, "round"),
    ):
        response = director.post(url, body, content_type="application/json")
        assert response.status_code == 400, body
        assert field in response.json()


def test_the_api_sets_the_arrow_switch(director, five_tables):
    url = f"/api/sections/{five_tables.pk}/"
    response = director.patch(
        url, {"arrow_switch_rounds": [4]}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["arrow_switch_rounds"] == [4]
    assert response.json()["single_winner"] is True
    for body, field in (
        ({"arrow_switch_rounds": [0]}, "arrow_switch_rounds"),
        ({"arrow_switch_rounds": ["x"]}, "arrow_switch_rounds"),
        ({"arrow_switch_rounds": 3}, "arrow_switch_rounds"),
        ({"tables": 9}, "tables"),
        ([{"arrow_switch_rounds": [4]}], "arrow_switch_rounds"),
        ([4, 5], "arrow_switch_rounds"),
        ({"arrow_switch_rounds": None}, "arrow_switch_rounds"),
        ({"arrow_switch_rounds": list(range(1, 70))}, "arrow_switch_rounds"),
    ):
        response = director.patch(url, body, content_type="application/json")
        assert response.status_code == 400, body
        assert field in response.json()
    enter_rounds(five_tables, range(4, 5))
    response = director.patch(
        url, {"arrow_switch_rounds": []}, content_type="application/json"
    )
    assert response.status_code == 400
    five_tables.refresh_from_db()
    assert five_tables.arrow_switch_rounds == [4]


def test_a_tablet_or_the_public_cannot_change_a_section(client, five_tables):
    token = issue_table_token(five_tables.table_set.get(number=1))
    base = f"/api/sections/{five_tables.pk}/"
    attempts = [
        ("post", f"{base}withdrawals/", {"pair": "2EW", "round": 5}),
        ("post", f"{base}late-pair/", {"player_a": "A", "player_b": "B", "round": 2}),
        ("patch", base, {"arrow_switch_rounds": [4]}),
    ]
    for headers in ({"Authorization": f"Table {token}"}, {}):
        for method, url, body in attempts:
            response = getattr(client, method)(
                url, body, content_type="application/json", headers=headers
            )
            assert response.status_code in (401, 403), (method, url, headers)
    five_tables.refresh_from_db()
    assert (five_tables.absences, five_tables.arrow_switch_rounds) == ([], [])
    assert not SectionChange.objects.exists()


# --- other movements, club players, the movement cache ---------------------


def test_a_late_pair_takes_pair_8_of_a_4_table_howell():
    from tournaments.models import Club
    from tournaments.services.events import (
        MovementChoice,
        event_create,
        section_create,
    )

    club = Club.objects.create(name="Riverside BC")
    event = event_create(name="Howell night", date=dt.date(2026, 11, 24), club=club)
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("howell", 4, 2, phantom=True),
    )
    Session.objects.update(status=Session.Status.PLAYING)
    before = section.movement_plan()
    assert before.phantom.label == "8"
    pair = late_pair_join(section, names=["ann  late", "Bob Later"], round=4)
    assert pair.label == "8"
    assert sorted(p.full_name for p in pair.players.all()) == [
        "Bob Later", "ann late",
    ]  # fmt: skip
    assert club.players.count() == 2
    movement = section.movement_plan()
    assert movement.seatings == before.seatings and validate(movement) == []
    # Pair 8 is stationary at table 1 in a Howell with a phantom: table 1
    # sits out rounds 1-3 and plays from round 4.
    assert [movement.is_sit_out(movement.seating(r, 1)) for r in range(1, 8)] == [
        True, True, True, False, False, False, False,
    ]  # fmt: skip
    # A second pair of the same names joins no section: the club's members
    # are found again, not made twice.
    other = running_section(7, phantom=True)
    other.session.event.club = club
    other.session.event.save()
    late_pair_join(other, names=["Ann Late", "bob later"], round=2)
    assert club.players.count() == 2


def test_the_movement_follows_each_change_without_a_stale_cache(five_tables):
    first = five_tables.movement_plan()
    pair_withdraw(five_tables, pair="4NS", round=3)
    fresh = type(five_tables).objects.get(pk=five_tables.pk).movement_plan()
    assert fresh is not first
    assert fresh.is_sit_out(fresh.seating(3, 4))
    assert not first.is_sit_out(first.seating(3, 4))
    assert "4NS withdrew: its opponents sit out from round 3" in fresh.notes


def test_every_page_of_a_changed_section_answers(director, phantom_section):
    """After a late pair, a withdrawal and an arrow switch, no page is a 500."""
    section = phantom_section
    enter_rounds(section, range(1, 3))
    late_pair_join(section, names=["Ann Late", "Bob Later"], round=3)
    enter_rounds(section, range(3, 5))
    pair_withdraw(section, pair="3NS", round=5)
    arrow_switch_change(section, rounds=[7])
    enter_rounds(section, range(5, 8))
    percentages(section)
    event = section.session.event
    pk = section.pk
    urls = [
        f"/director/sections/{pk}/",
        f"/director/sections/{pk}/console/",
        f"/director/sections/{pk}/movement/",
        f"/director/sections/{pk}/cards/table/",
        f"/director/sections/{pk}/cards/pairs/",
        f"/director/sections/{pk}/boards/7/",
        f"/events/{event.pk}/results/",
        f"/events/{event.pk}/results.xlsx",
        f"/events/{event.pk}/usebio.xml",
        f"/api/sections/{pk}/",
        f"/api/sections/{pk}/assignments/",
        f"/api/sections/{pk}/results/",
        f"/api/events/{event.pk}/rankings/",
        *(f"/sections/{pk}/pairs/{pair.pk}/" for pair in section.pairs.all()),
        *(f"/sections/{pk}/boards/{n}/" for n in (1, 7, 13)),
    ]
    for url in urls:
        assert director.get(url).status_code == 200, url
    cards = director.get(f"/director/sections/{pk}/cards/pairs/").content.decode()
    assert "Ann Late" in cards
    for table in section.table_set.all():
        director.post(SIGN_IN, {"code": table.code})
        for number in range(1, 8):
            assert director.get(PLAY, {"round": number}).status_code == 200
    page = director.get(PLAY, {"round": 5}).content.decode()
    # Table 7 in round 5 (after 3NS left, 3NS stays at table 3): a real match.
    assert "no boards this round" not in page
    director.post(SIGN_IN, {"code": section.table_set.get(number=3).code})
    page = director.get(PLAY, {"round": 6}).content.decode()
    assert "Your opponents withdrew: no boards this round." in page
    grid = director.get(f"/director/sections/{pk}/console/").content.decode()
    assert "3NS" in grid


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


def test_a_late_pair_is_refused_when_its_number_is_taken(phantom_section):
    from tournaments.models import Pair

    Pair.objects.create(section=phantom_section, number=7, direction="EW")
    with pytest.raises(ValidationError) as error:
        late_pair_join(phantom_section, names=["Ann", "Bob"], round=2)
    assert "7EW is already in this section" in error.value.message_dict["section"][0]
    phantom_section.refresh_from_db()
    assert phantom_section.phantom and phantom_section.absences == []


@pytest.mark.parametrize("path", ["late-pair/", "withdrawals/"])
@pytest.mark.parametrize("body", [[1], "text", [{"round": 2}], {"round": True}])
def test_odd_bodies_are_refused_by_the_api(director, phantom_section, path, body):
    url = f"/api/sections/{phantom_section.pk}/{path}"
    response = director.post(url, body, content_type="application/json")
    assert response.status_code == 400
    missing = director.post(
        f"/api/sections/999999/{path}", {}, content_type="application/json"
    )
    assert missing.status_code == 404
    assert not SectionChange.objects.exists()
