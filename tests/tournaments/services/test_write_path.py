"""The one write path: movement checks, idempotent tablet entries, the audit."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from section_play import club_night, correct_line, play_line

from tournaments.models import Pair, Result, ResultChange, Source
from tournaments.services.events import event_create
from tournaments.services.results import result_delete, result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return club_night()


def three_nt_by_south(
    section, ns: str = "1NS", ew: str = "1EW", tricks: int = 9, **extra: object
) -> Result:
    """Board 1 bid 3NT by South between the pairs ``ns`` and ``ew``, through
    the write path; ``extra`` goes to ``result_submit``."""
    return play_line(section, 1, ns, ew, tricks, contract="3NT", declarer="S", **extra)


def test_round_one_table_one_plays_boards_1_and_2(section):
    """3-table Mitchell, round 1: table t has t NS v t EW on set t."""
    line = three_nt_by_south(section)
    assert (line.round.number, line.table.number, line.score_ns) == (1, 1, 400)


def test_pairs_that_do_not_play_the_board_are_refused(section):
    with pytest.raises(ValidationError) as refused:
        three_nt_by_south(section, "2NS", "2EW")
    assert "2NS and 2EW do not play board 1" in refused.value.messages[0]
    assert "ns_pair" in refused.value.message_dict
    assert not Result.objects.exists()


def test_the_wrong_round_is_refused(section):
    with pytest.raises(ValidationError, match="at table 1 in round 2"):
        three_nt_by_south(
            section,
            round=section.round_set.get(number=2),
            table=section.table_set.get(number=1),
        )


def test_a_tablet_cannot_enter_a_board_played_at_another_table(section):
    """The write path, not only the API, keeps a tablet to its table's boards;
    the table that plays the board then enters it."""
    with pytest.raises(PermissionDenied) as refused:
        three_nt_by_south(
            section,
            source=Source.TABLE,
            round=section.round_set.get(number=1),
            table=section.table_set.get(number=2),
        )
    assert str(refused.value) == (
        "Board 1 between 1NS and 1EW is played at another table, not at table 2."
    )
    assert not Result.objects.exists()
    line = three_nt_by_south(
        section, source=Source.TABLE, table=section.table_set.get(number=1)
    )
    assert (line.table.number, line.round.number, line.source) == (1, 1, Source.TABLE)


def tablet_entry(section, key: str, tricks: int = 9) -> Result:
    return three_nt_by_south(section, tricks=tricks, source=Source.TABLE, key=key)


def test_a_retried_tablet_submission_is_stored_once(section):
    first = tablet_entry(section, "tablet-1-board-1-abc")
    again = tablet_entry(section, "tablet-1-board-1-abc")
    assert again.pk == first.pk
    assert Result.objects.count() == 1
    assert ResultChange.objects.filter(action="create").count() == 1


def test_a_different_second_tablet_entry_is_refused_and_flagged(section):
    first = tablet_entry(section, "key-a")
    with pytest.raises(ValidationError, match="only the director can change it"):
        tablet_entry(section, "key-b", tricks=10)
    first.refresh_from_db()
    assert first.disputed
    assert first.tricks == 9
    assert list(ResultChange.objects.values_list("action", flat=True)) == [
        "create",
        "refuse",
    ]


def test_every_correction_and_adjustment_is_in_the_audit_trail(
    section, django_user_model
):
    director = django_user_model.objects.create_user(
        "td", is_staff=True, is_superuser=True
    )
    line = tablet_entry(section, "key-a")
    correct_line(line, ("3NT", "S", 8), user=director)
    correct_line(line, None, user=director)  # A+ for NS, A- for EW
    result_delete(line, user=director)
    changes = list(ResultChange.objects.order_by("id"))
    assert [c.action for c in changes] == ["create", "correct", "adjust", "delete"]
    assert [c.source for c in changes] == ["table", "director", "director", "director"]
    assert changes[1].before["score_ns"] == 400
    assert changes[1].after["score_ns"] == -50
    assert changes[2].after["adjusted_ns"] == "A+"
    assert changes[3].after is None and changes[3].before["adjusted_ew"] == "A-"
    assert changes[1].user == director and changes[0].user is None


def test_a_pair_plays_a_board_once_in_either_direction_without_a_movement():
    """An imported section has no movement to check against: a pair already on
    the board as N-S may not be entered again as E-W (nor the reverse)."""
    from tournaments.models import Board, Section

    event = event_create(name="Imported", date=dt.date(2026, 11, 24))
    section = Section.objects.create(
        session=event.sessions.get(), movement=Section.Movement.NONE,
        tables=2, rounds=1, boards_per_round=1,
    )  # fmt: skip
    pairs = {n: Pair.objects.create(section=section, number=n) for n in (1, 2, 3)}
    board = Board.objects.create(section=section, number=1)
    line = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9}
    result_submit(ns_pair=pairs[1], ew_pair=pairs[2], **line)
    with pytest.raises(ValidationError, match="Pair 2 already has a result on board 1"):
        result_submit(ns_pair=pairs[2], ew_pair=pairs[3], **line)
    assert Result.objects.count() == 1
