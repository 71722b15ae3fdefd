"""The single-section event each player game is created as, and the shapes its
rows share: the entrant, the entered line, the background job."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from named_players import DAY, entries

from tournaments.barbu.services import barbu_event_create
from tournaments.chinese.services import chinese_event_create
from tournaments.models import (
    Analysis,
    BarbuDeal,
    BarbuEntrant,
    Board,
    ChineseHand,
    ChinesePlayer,
    Club,
    Event,
    MailJob,
    Player,
    Result,
    Round,
    Section,
    Session,
    Source,
    Table,
    WhizEntrant,
)
from tournaments.services.single_section import (
    PlayerEntry,
    check_player_names,
    entrant_fields,
    single_section_event_create,
)
from tournaments.whiz.services import whiz_event_create

pytestmark = pytest.mark.django_db


# The single-section event, made in one transaction.


def test_a_section_that_cannot_be_stored_leaves_no_event_nor_session():
    with pytest.raises(IntegrityError):
        single_section_event_create(
            Event(name="Broken", date=DAY, kind=Event.Kind.BARBU),
            tables=None,
            rounds=4,
            boards_per_round=7,
        )
    assert not Event.objects.exists()
    assert not Session.objects.exists()


def test_a_bad_event_field_is_named_and_nothing_is_stored():
    with pytest.raises(ValidationError) as refused:
        single_section_event_create(
            Event(name="", date=DAY, kind=Event.Kind.BARBU),
            tables=1,
            rounds=4,
            boards_per_round=7,
        )
    assert "name" in refused.value.message_dict
    assert not Event.objects.exists() and not Section.objects.exists()


def test_each_game_lays_out_its_one_playing_section():
    whiz = whiz_event_create(
        name="Whiz", date=DAY, entries=entries(9), boards_per_round=2
    )
    barbu = barbu_event_create(name="Barbu", date=DAY, entries=entries(8))
    chinese = chinese_event_create(name="Chinese", date=DAY, entries=entries(5))
    laid_out = {}
    for event in (whiz, barbu, chinese):
        session = Session.objects.get(event=event)
        assert session.number == 1 and session.status == Session.Status.PLAYING
        section = Section.objects.get(session=session)
        laid_out[event.kind] = (
            section.movement,
            section.tables,
            Table.objects.filter(section=section).count(),
            Round.objects.filter(section=section).count(),
            Board.objects.filter(section=section).count(),
        )
    assert laid_out == {
        # Three tables of three, three rounds of two boards.
        "whiz": ("game", 3, 3, 3, 6),
        # Two tables of four, four manches: no boards, the deals are the record.
        "barbu": ("game", 2, 2, 4, 0),
        # Five players: three matches a round (one a bye); rounds are matches.
        "chinese": ("game", 3, 3, 0, 0),
    }


def test_whiz_boards_keep_their_dealers_and_no_vulnerability():
    event = whiz_event_create(
        name="Whiz", date=DAY, entries=entries(9), boards_per_round=2
    )
    boards = Board.objects.filter(section__session__event=event).order_by("number")
    assert [(b.number, b.dealer, b.vulnerability) for b in boards] == [
        (1, "N", "None"), (2, "E", "None"), (3, "S", "None"),
        (4, "N", "None"), (5, "E", "None"), (6, "S", "None"),
    ]  # fmt: skip


def test_a_member_is_stored_by_link_and_a_name_is_trimmed():
    club = Club.objects.create(name="Donne BC")
    member = Player.objects.create(club=club, first_name="Zoe", last_name="Ray")
    assert entrant_fields(PlayerEntry(name="typed", player=member)) == {
        "player": member,
        "name": "",
    }
    assert entrant_fields(PlayerEntry(name="  Ann  ")) == {
        "player": None,
        "name": "Ann",
    }


def test_a_player_with_neither_name_nor_membership_is_refused_by_number():
    with pytest.raises(ValidationError) as refused:
        check_player_names([PlayerEntry(name="Ann"), PlayerEntry(name="   ")])
    assert refused.value.message_dict == {"players": ["Player 2 has no name."]}


def test_each_game_refuses_a_nameless_player_and_stores_nothing():
    nameless = [*entries(7), PlayerEntry(name=" ")]
    with pytest.raises(ValidationError, match="Player 8 has no name"):
        whiz_event_create(name="W", date=DAY, entries=nameless, boards_per_round=2)
    with pytest.raises(ValidationError, match="Player 8 has no name"):
        barbu_event_create(name="B", date=DAY, entries=nameless)
    assert not Event.objects.exists()


# The entrant and the entered line.


def test_the_entrants_keep_their_names_labels_and_constraints():
    event = barbu_event_create(name="Barbu", date=DAY, entries=entries(4))
    section = Section.objects.get(session__event=event)
    first = BarbuEntrant.objects.get(section=section, number=1)
    assert (str(first), first.label, first.display_name) == ("1 Ann", "1", "Ann")
    assert str(BarbuEntrant(section=section, number=7)) == "7 7"
    whiz = WhizEntrant(section=section, number=3, line="E")
    assert (whiz.label, whiz.display_name, str(whiz)) == ("3E", "3E", "3E 3E")
    assert [c.name for c in BarbuEntrant._meta.constraints] == ["unique_barbu_number"]
    assert [c.name for c in ChinesePlayer._meta.constraints] == [
        "unique_chinese_number"
    ]
    assert [c.name for c in WhizEntrant._meta.constraints] == ["unique_whiz_position"]
    assert BarbuEntrant._meta.get_field("section").remote_field.related_name == (
        "barbu_entrants"
    )
    with pytest.raises(IntegrityError):
        BarbuEntrant.objects.create(section=section, number=1, name="Twin")


def test_the_lines_share_where_they_came_from_and_who_entered_them():
    for model in (Result, BarbuDeal):
        names = {field.name for field in model._meta.fields}
        assert {"source", "entered_by", "updated"} <= names
    assert ChineseHand._meta.get_field("source").default == Source.DIRECTOR
    assert Result._meta.get_field("round").null
    assert not BarbuDeal._meta.get_field("round").null


def test_the_jobs_say_whether_the_page_keeps_polling():
    states = {
        status: (MailJob(status=status).finished, Analysis(status=status).running)
        for status in ("queued", "running", "done", "failed")
    }
    assert states == {
        "queued": (False, True),
        "running": (False, True),
        "done": (True, False),
        "failed": (True, False),
    }
