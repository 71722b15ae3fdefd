"""The demo events: two finished, scored club nights, safe to load twice."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator

import pytest
from django.db import transaction
from django.utils import timezone

from games.bridge import parse_contract, result_score
from games.cards import Card, Seat
from games.deal import Deal
from tournaments.demo.club import load_demo
from tournaments.demo.pairs import last_weekday, load_demo_events
from tournaments.models import (
    BarbuDeal,
    BarbuScore,
    Board,
    ChineseMatch,
    Event,
    Match,
    Pair,
    PairScore,
    Result,
    Section,
    Session,
    TeamScore,
    WhizResult,
    WhizScore,
)

pytestmark = pytest.mark.django_db

MITCHELL = "Tuesday Mitchell"
HOWELL = "Thursday Howell"
LIVE = "Tonight's pairs"
TEAMS = "Saturday Swiss teams"
WHIZ = "Sunday Whiz"
BARBU = "Barbu evening"
BRIDGEOTE = "Bridgeote evening"
CHINESE = "Chinese bridge round robin"
INDIVIDUAL = "Individual evening"
# name -> (pairs, boards, traveller lines, tables each board is played at)
EXPECTED = {MITCHELL: (14, 21, 147, 7), HOWELL: (8, 21, 84, 4)}


@pytest.fixture(scope="module")
def events(django_db_setup, django_db_blocker) -> Iterator[dict[str, Event]]:
    """Load the demo (which loads the events) once for the module, rolled back
    at its end.

    Each test still runs in its own savepoint (``django_db``), so the tests
    that delete or reload see a fresh copy.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        summary = load_demo()
        assert summary.events_created == 9
        yield {event.name: event for event in Event.objects.filter(club=summary.club)}
        transaction.set_rollback(True)


def section_of(event: Event) -> Section:
    return Section.objects.get(session__event=event)


def closed_section_of(event: Event, shape: tuple[int, int, int]) -> Section:
    """``event``'s one section, its session closed, of ``shape`` (tables,
    rounds, boards): a finished evening of the demo."""
    section = section_of(event)
    assert section.session.status == Session.Status.CLOSED
    assert (section.tables, section.rounds, section.boards.count()) == shape
    return section


def test_it_creates_two_finished_events_and_tonights_for_the_demo_club(
    events,
) -> None:
    assert set(events) == {
        MITCHELL, HOWELL, LIVE, TEAMS, WHIZ, BARBU, BRIDGEOTE, CHINESE,
        INDIVIDUAL,
    }  # fmt: skip
    club = load_demo().club
    today = timezone.localdate()
    for event in events.values():
        assert event.club == club
        assert today - dt.timedelta(days=7) <= event.date <= today
    assert events[MITCHELL].date.weekday() == 1
    assert events[HOWELL].date.weekday() == 3
    assert events[LIVE].date == today
    assert events[TEAMS].date.weekday() == 5
    assert events[WHIZ].date.weekday() == 6
    assert events[BARBU].date.weekday() == 4
    assert events[BRIDGEOTE].date.weekday() == 2
    assert events[CHINESE].date.weekday() == 0
    assert events[INDIVIDUAL].date.weekday() == 3


def test_the_chinese_round_robin_is_played_out(events) -> None:
    section = Section.objects.get(session__event=events[CHINESE])
    matches = ChineseMatch.objects.filter(section=section)
    assert matches.count() == 15  # 6 players: 5 rounds of 3 matches
    assert all(m.points_a + m.points_b == 2 * 26 for m in matches)
    players = section.chinese_players.all()
    # Each match gives 1 point in all (a win, or two halves): 15 matches.
    assert sum(p.score for p in players) == pytest.approx(15)


def test_the_bridgeote_evening_is_matchpointed(events) -> None:
    event = events[BRIDGEOTE]
    assert event.game == "bridgeote"
    section = Section.objects.get(session__event=event)
    lines = Result.objects.filter(board__section=section)
    assert lines.count() == 6 * 3  # 6 boards, each at the 3 tables
    assert all(line.card_points is not None for line in lines)
    # Each board's 3 lines share a top of 4 matchpoints per side.
    for board in section.boards.all():
        mps = [line.mp_ns + line.mp_ew for line in lines.filter(board=board)]
        assert mps == [4.0, 4.0, 4.0]


def test_the_barbu_evening_is_a_full_game_at_two_tables(events) -> None:
    section = Section.objects.get(session__event=events[BARBU])
    assert section.session.status == Session.Status.CLOSED
    assert BarbuDeal.objects.filter(table__section=section).count() == 2 * 4 * 7
    scores = list(BarbuScore.objects.filter(entrant__section=section))
    assert len(scores) == 8 and all(s.deals == 28 for s in scores)
    assert sum(s.points for s in scores) == 0


def test_the_individual_evening_is_finished_and_ranked(events) -> None:
    """12 players, 3 tables, 7 rounds of 3 boards shared by the tables: 21
    boards each played at the 3 tables (63 lines).  A line's two sides share
    the top of 4 MP (2 x (3 - 1)), each side's MP going to both its players:
    21 boards x 3 lines x 4 MP x 2 players = 504 MP over the field."""
    from tournaments.models import IndividualScore

    section = closed_section_of(events[INDIVIDUAL], (3, 7, 21))
    assert Result.objects.filter(board__section=section).count() == 63
    scores = list(IndividualScore.objects.filter(entrant__section=section))
    assert len(scores) == 12 and all(s.boards == 21 and s.top == 84 for s in scores)
    assert sum(s.mp for s in scores) == pytest.approx(504)
    assert [s.position for s in scores] == list(range(1, 13))


def test_the_whiz_tournament_is_finished_and_ranked(events) -> None:
    section = closed_section_of(events[WHIZ], (4, 4, 8))
    # Every table plays every board once: 8 boards x 4 tables.
    assert WhizResult.objects.filter(board__section=section).count() == 32
    scores = list(WhizScore.objects.filter(entrant__section=section))
    assert len(scores) == 12 and all(s.boards == 8 for s in scores)
    # Each board gives each hand 4 x 3 = 12 matchpoints.
    assert sum(s.mp for s in scores) == pytest.approx(8 * 3 * 12)
    assert [s.position for s in scores] == list(range(1, 13))


def test_the_swiss_teams_has_three_rounds_scored_and_the_fourth_on(events) -> None:
    event = events[TEAMS]
    sessions = list(event.sessions.order_by("number"))
    assert [s.status for s in sessions] == ["closed"] * 3 + ["playing"]
    matches = Match.objects.filter(session__event=event)
    assert matches.count() == 16
    assert len({frozenset((m.home_id, m.away_id)) for m in matches}) == 16
    finished = matches.filter(stage__lte=3)
    assert all(m.complete and m.boards_played == 8 for m in finished)
    assert all(m.home_points + m.away_points == pytest.approx(20) for m in finished)
    live = matches.filter(stage=4)
    assert all(not m.complete and m.boards_played == 4 for m in live)
    scores = TeamScore.objects.filter(team__event=event)
    assert [s.played for s in scores] == [3] * 8
    assert sum(s.points for s in scores) == pytest.approx(3 * 4 * 20)
    assert [s.position for s in scores] == list(range(1, 9))


def test_tonights_event_is_half_played_from_the_tablets(events, client) -> None:
    """Rounds 1-2 confirmed at all 5 tables, round 3 entered at tables 1, 3, 5."""
    section = section_of(events[LIVE])
    assert section.session.status == Session.Status.PLAYING
    assert (section.movement, section.tables, section.rounds) == ("mitchell", 5, 5)
    lines = Result.objects.filter(board__section=section)
    assert lines.count() == 2 * 5 * 3 + 3 * 3
    assert set(lines.values_list("source", flat=True)) == {"table"}
    confirmed = lines.filter(confirmed__isnull=False)
    assert set(confirmed.values_list("round__number", flat=True)) == {1, 2}
    assert confirmed.count() == 30
    waiting = lines.filter(confirmed__isnull=True)
    assert sorted(set(waiting.values_list("table__number", flat=True))) == [1, 3, 5]
    assert PairScore.objects.filter(pair__section=section).count() == 10
    page = client.get(f"/events/{events[LIVE].pk}/results/")
    assert page.status_code == 200
    assert "Provisional" in page.content.decode()


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_each_event_has_its_pairs_boards_and_lines(events, name) -> None:
    pairs, boards, lines, _ = EXPECTED[name]
    section = section_of(events[name])
    assert section.pairs.count() == pairs
    assert section.boards.count() == boards
    assert Result.objects.filter(board__section=section).count() == lines
    players = [p.pk for pair in section.pairs.all() for p in pair.players.all()]
    assert len(players) == len(set(players)) == 2 * pairs


def test_the_movements_are_a_mitchell_and_a_howell(events) -> None:
    mitchell, howell = section_of(events[MITCHELL]), section_of(events[HOWELL])
    assert (mitchell.movement, mitchell.tables, mitchell.rounds) == ("mitchell", 7, 7)
    assert (howell.movement, howell.tables, howell.rounds) == ("howell", 4, 7)
    assert set(mitchell.pairs.values_list("direction", flat=True)) == {"NS", "EW"}
    assert set(howell.pairs.values_list("direction", flat=True)) == {""}


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_the_sessions_are_closed_and_scored(events, name) -> None:
    section = section_of(events[name])
    assert section.session.status == Session.Status.CLOSED
    assert section.scored is not None


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_every_board_holds_its_deal(events, name) -> None:
    deals = set()
    for board in section_of(events[name]).boards.all():
        deal = Deal.from_pbn(board.deal)
        assert deal.to_pbn() == board.deal
        deals.add(board.deal)
    assert len(deals) == 21


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_every_line_is_a_legal_scored_result_with_round_and_table(events, name) -> None:
    section = section_of(events[name])
    for result in Result.objects.filter(board__section=section).select_related(
        "board", "round", "table"
    ):
        assert result.round is not None and result.table is not None
        assert result.mp_ns is not None and result.pct_ns is not None
        assert result.mp_ew is not None and result.pct_ew is not None
        if result.is_adjusted:
            continue
        contract = parse_contract(result.contract)
        assert result.score_ns == result_score(
            contract, result.declarer or None, result.tricks or 0, result.board.number
        )
        if not contract.is_pass:
            leader = Seat.parse(result.declarer).next()
            deal = Deal.from_pbn(result.board.deal)
            assert Card.parse(result.lead) in deal.hand(leader)


def test_the_mitchell_has_one_artificial_score(events) -> None:
    adjusted = Result.objects.filter(board__section=section_of(events[MITCHELL]))
    adjusted = adjusted.exclude(adjusted_ns="")
    assert [(r.adjusted_ns, r.adjusted_ew) for r in adjusted] == [("A+", "A-")]
    assert not Result.objects.filter(board__section=section_of(events[HOWELL])).exclude(
        adjusted_ns=""
    )


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_every_pair_has_a_score(events, name) -> None:
    section = section_of(events[name])
    scores = PairScore.objects.filter(pair__section=section)
    assert scores.count() == Pair.objects.filter(section=section).count()
    assert all(0 < score.pct < 100 for score in scores)
    assert len({round(score.pct, 2) for score in scores}) > 1


def test_the_mitchell_ranks_ns_and_ew_and_the_howell_ranks_everybody(events) -> None:
    mitchell = PairScore.objects.filter(pair__section=section_of(events[MITCHELL]))
    howell = PairScore.objects.filter(pair__section=section_of(events[HOWELL]))
    assert set(mitchell.values_list("ranking", flat=True)) == {"NS", "EW"}
    assert mitchell.filter(ranking="NS").count() == 7
    assert mitchell.filter(ranking="EW").count() == 7
    assert set(howell.values_list("ranking", flat=True)) == {""}
    assert howell.filter(rank="1").exists() or howell.filter(rank="1=").exists()


@pytest.mark.parametrize("name", [MITCHELL, HOWELL])
def test_the_matchpoints_of_each_board_add_up_to_the_full_top(events, name) -> None:
    tables = EXPECTED[name][3]
    section = section_of(events[name])
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in Result.objects.filter(board__section=section):
        by_board[result.board_id].append(result)
    assert len(by_board) == 21
    for lines in by_board.values():
        assert len(lines) == tables
        for line in lines:
            assert line.top == 2 * (tables - 1)
        if any(line.is_adjusted for line in lines):
            continue
        # Two matchpoints per score beaten, one per tie, for each direction.
        assert sum(line.mp_ns for line in lines) == pytest.approx(tables * (tables - 1))
        assert sum(line.mp_ew for line in lines) == pytest.approx(tables * (tables - 1))


def test_the_results_look_like_a_club_night(events) -> None:
    played = Result.objects.exclude(contract__in=("", "Pass")).filter(
        board__section__session__event__game="bridge"
    )
    games = made = 0
    for result in played:
        contract = parse_contract(result.contract)
        games += (
            contract.level
            >= {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}[str(contract.denomination)]
        )
        made += result.tricks >= contract.tricks_needed
    assert 0.3 <= games / played.count() <= 0.8
    assert 0.4 <= made / played.count() <= 0.9


def stored_counts() -> tuple[int, ...]:
    """How many events, sections, pairs, boards, lines and pair scores are stored."""
    return tuple(
        model.objects.count()
        for model in (Event, Section, Pair, Board, Result, PairScore)
    )


def test_running_it_twice_creates_nothing_new(events) -> None:
    counts = stored_counts()
    assert load_demo_events(load_demo().club) == []
    assert stored_counts() == counts


def test_the_same_seed_gives_the_same_events_every_load(events) -> None:
    first = list(
        Result.objects.filter(board__section__session__event__name=MITCHELL)
        .order_by("board__number", "ns_pair__number")
        .values_list("contract", "declarer", "tricks", "lead")
    )
    Result.objects.all().delete()  # results protect their pairs
    Event.objects.filter(name__in=(MITCHELL, HOWELL)).delete()
    load_demo_events(load_demo().club)
    again = list(
        Result.objects.filter(board__section__session__event__name=MITCHELL)
        .order_by("board__number", "ns_pair__number")
        .values_list("contract", "declarer", "tricks", "lead")
    )
    assert again == first


@pytest.mark.parametrize(
    ("today", "weekday", "expected"),
    [
        (dt.date(2026, 3, 11), 1, dt.date(2026, 3, 10)),  # Wednesday -> Tuesday
        (dt.date(2026, 3, 10), 1, dt.date(2026, 3, 3)),  # Tuesday -> a week ago
        (dt.date(2026, 3, 9), 3, dt.date(2026, 3, 5)),  # Monday -> Thursday
    ],
)
def test_events_are_dated_on_the_last_such_weekday(today, weekday, expected) -> None:
    assert last_weekday(weekday, today) == expected
