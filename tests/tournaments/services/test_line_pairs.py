"""A board played by the wrong pairs, or with the pairs turned round.

Board 1 of a 5-table Mitchell (one matchpoint a beat, Neuberg off, so four
lines make a top of 3),
worked by hand.  The movement seats board 1 at table 1 in round 1 (1NS v
1EW), table 5 in round 2 (5NS v 4EW), table 4 in round 3 (4NS v 2EW) and
table 3 in round 4 (3NS v 5EW); round 5 (2NS v 3EW) is not played yet.

    table  NS seats v EW seats   contract   NS score  NS MP  EW MP
      1    1NS v 1EW             4S N =       420       1      2
      5    5NS v 4EW             4S N +1      450       3      0
      4    4NS v 2EW             4S N -1      -50       0      3
      3    3NS v 5EW             3NT N +1     430       2      1

At table 3 the pairs sat the wrong way round: 5EW held the North-South
cards and made 3NT+1.  Swapping the line gives 5EW the North-South 2 MP of
the seats it sat in (66.67 %), and 3NS the East-West 1 MP (33.33 %): the
contract, declarer and +430 stay as played, compared with the other
North-South scores.
"""

from __future__ import annotations

import pytest
from director_forms import traveller_as_shown
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from section_play import correct_line
from wrong_pairs import line, mp, pair
from wrong_pairs import section as section

from tournaments.models import (
    PairScore,
    Result,
    ResultChange,
    Section,
    Source,
)
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, section_create
from tournaments.services.line_pairs import line_pairs_fix, line_swap
from tournaments.services.results import result_submit, session_close
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def corrections(result: Result) -> int:
    """The audited changes of a line after it was entered."""
    return ResultChange.objects.filter(result=result).exclude(action="create").count()


def api_url(name: str, result: Result) -> str:
    return reverse(name, args=[result.pk])


def table_auth(section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def test_the_traveller_is_scored_as_worked_by_hand(section):
    figures = {
        r.ns_pair.label: (r.score_ns, r.mp_ns, r.mp_ew, r.top)
        for r in Result.objects.filter(board__section=section)
    }
    assert figures == {
        "1NS": (420, 1, 2, 3),
        "5NS": (450, 3, 0, 3),
        "4NS": (-50, 0, 3, 3),
        "3NS": (430, 2, 1, 3),
    }
    assert mp(section, "3NS") == (2, 66.67)
    assert mp(section, "5EW") == (1, 33.33)


def test_a_swap_moves_the_matchpoints_to_the_pair_in_the_seats(
    section, django_user_model, django_capture_on_commit_callbacks
):
    director = django_user_model.objects.create_user(
        "td", is_staff=True, is_superuser=True
    )
    stored = line(section, "3NS")
    with django_capture_on_commit_callbacks(execute=True):
        swapped = line_swap(stored, user=director)
    swapped.refresh_from_db()
    assert (swapped.ns_pair.label, swapped.ew_pair.label) == ("5EW", "3NS")
    # The result stays with the seats: as played, compared with NS's scores.
    assert (swapped.contract, swapped.declarer, swapped.tricks) == ("3NT", "N", 10)
    assert (swapped.score_ns, swapped.mp_ns, swapped.mp_ew) == (430, 2, 1)
    # Still where it was played: round 4, table 3.
    assert (swapped.round.number, swapped.table.number) == (4, 3)
    assert mp(section, "5EW") == (2, 66.67)
    assert mp(section, "3NS") == (1, 33.33)
    # The other pairs' figures do not move.
    assert mp(section, "1NS") == (1, 33.33)
    assert mp(section, "2EW") == (3, 100.0)
    change = ResultChange.objects.exclude(action="create").get(result=swapped)
    assert change.action == ResultChange.Action.CORRECT
    assert (change.user, change.source) == (director, Source.DIRECTOR)
    assert (change.before["ns_pair_id"], change.before["ew_pair_id"]) == (
        pair(section, "3NS").pk,
        pair(section, "5EW").pk,
    )
    assert (change.after["ns_pair_id"], change.after["ew_pair_id"]) == (
        pair(section, "5EW").pk,
        pair(section, "3NS").pk,
    )
    assert change.after["score_ns"] == change.before["score_ns"] == 430


def test_a_second_click_on_swap_is_refused_not_undone(section):
    stored = line(section, "3NS")
    seen = stored.ns_pair_id
    line_swap(stored, expected_ns=seen)
    again = Result.objects.get(pk=stored.pk)
    with pytest.raises(ValidationError) as refused:
        line_swap(again, expected_ns=seen)
    assert refused.value.message_dict == {
        "ns_pair": ["Board 1 was already swapped: 5EW sits North-South now."]
    }
    # The swap marked the section stale: its rescore is queued on commit.
    assert Section.objects.select_related("scoring").get(pk=section.pk).stale
    again.refresh_from_db()
    assert again.ns_pair.label == "5EW"
    assert corrections(again) == 1


def test_fixing_the_ew_pair_scores_the_line_for_the_pair_who_played(
    section, django_capture_on_commit_callbacks
):
    # At table 4, 3EW (whose round 5 is still to play) sat in for 2EW.
    stored = line(section, "4NS")
    with django_capture_on_commit_callbacks(execute=True):
        fixed = line_pairs_fix(stored, ew_pair=pair(section, "3EW"))
    assert (fixed.ns_pair.label, fixed.ew_pair.label) == ("4NS", "3EW")
    assert (fixed.round.number, fixed.table.number) == (3, 4)
    assert mp(section, "3EW") == (3, 100.0)
    assert not PairScore.objects.filter(pair=pair(section, "2EW"), boards__gt=0)
    change = ResultChange.objects.exclude(action="create").get(result=fixed)
    assert (change.before["ew_pair_id"], change.after["ew_pair_id"]) == (
        pair(section, "2EW").pk,
        pair(section, "3EW").pk,
    )


def test_a_fix_that_makes_a_pair_play_the_board_twice_is_refused(section):
    stored = line(section, "4NS")
    with pytest.raises(ValidationError) as refused:
        line_pairs_fix(stored, ew_pair=pair(section, "1EW"))
    assert refused.value.message_dict == {
        "ew_pair": [
            "Pair 1EW already has a result on board 1: it would play the board twice."
        ]
    }
    with pytest.raises(ValidationError) as refused:
        line_pairs_fix(stored, ew_pair=pair(section, "5NS"))
    assert list(refused.value.message_dict) == ["ew_pair"]
    stored.refresh_from_db()
    assert stored.ew_pair.label == "2EW"
    assert corrections(stored) == 0


def test_a_pair_against_itself_or_of_another_section_is_refused(section):
    stored = line(section, "4NS")
    with pytest.raises(ValidationError) as itself:
        line_pairs_fix(stored, ew_pair=pair(section, "4NS"))
    assert itself.value.message_dict == {
        "ew_pair": ["A pair cannot play against itself."]
    }
    other = section_create(
        session=section.session, choice=MovementChoice("mitchell", 3, 2), letter="B"
    )
    with pytest.raises(ValidationError) as outside:
        line_pairs_fix(stored, ns_pair=pair(other, "2NS"))
    assert outside.value.message_dict == {
        "ns_pair": ["Pair 2NS is not in this section."]
    }
    stored.refresh_from_db()
    assert (stored.ns_pair.label, stored.ew_pair.label) == ("4NS", "2EW")


def test_a_tablet_never_fixes_pairs_and_a_closed_session_refuses(section):
    stored = line(section, "4NS")
    with pytest.raises(PermissionDenied):
        line_swap(stored, source=Source.TABLE)
    session_close(section.session)
    with pytest.raises(ValidationError) as closed:
        line_swap(stored)
    assert "closed" in closed.value.messages[0]
    stored.refresh_from_db()
    assert stored.ns_pair.label == "4NS"


def test_the_director_corrects_a_fixed_line_that_the_movement_does_not_seat(
    section,
):
    stored = line_pairs_fix(line(section, "4NS"), ew_pair=pair(section, "3EW"))
    corrected = correct_line(stored, ("4S", "N", 10))
    assert (corrected.score_ns, corrected.round.number, corrected.table.number) == (
        420,
        3,
        4,
    )


# The director's traveller page -----------------------------------------------


def test_the_swap_button_swaps_once(section, director):
    stored = line(section, "3NS")
    url = reverse("director:line-swap", args=[section.pk, 1, stored.pk])
    seen = f"{url}?ns={stored.ns_pair_id}"
    response = director.post(seen, follow=True)
    assert response.status_code == 200
    assert "Board 1: 5EW sat North-South, 3NS East-West." in response.content.decode()
    again = director.post(seen, follow=True)
    assert "Board 1 was already swapped: 5EW sits North-South now." in (
        again.content.decode()
    )
    stored.refresh_from_db()
    assert (stored.ns_pair.label, stored.ew_pair.label) == ("5EW", "3NS")
    assert corrections(stored) == 1
    # The traveller keeps the line in its seat: round 4, table 3.
    page = director.get(reverse("director:traveller", args=[section.pk, 1]))
    rows = page.context["rows"]
    table_three = [row for row in rows if row.table == 3 and row.round == 4]
    assert [(row.ns_label, row.ew_label, row.result_id) for row in table_three] == [
        ("5EW", "3NS", stored.pk)
    ]
    assert len(rows) == 5  # the movement's five seatings, no extra line


def test_a_swap_in_a_closed_session_is_refused_on_the_page(section, director):
    session_close(section.session)
    stored = line(section, "3NS")
    url = reverse("director:line-swap", args=[section.pk, 1, stored.pk])
    response = director.post(f"{url}?ns=99999999999999999999999", follow=True)
    assert response.status_code == 200
    assert (
        "This session is closed: the director reopens it to change a result."
        in response.content.decode()
    )
    stored.refresh_from_db()
    assert stored.ns_pair.label == "3NS"


def test_a_swap_on_another_sections_url_is_404(section, director):
    stored = line(section, "3NS")
    url = reverse("director:line-swap", args=[section.pk + 1, 1, stored.pk])
    assert director.post(url).status_code == 404
    url = reverse("director:line-swap", args=[section.pk, 2, stored.pk])
    assert director.post(url).status_code == 404


def test_the_traveller_form_fixes_a_lines_pairs(section, director):
    page = director.get(reverse("director:traveller", args=[section.pk, 1]))
    rows = page.context["rows"]
    data = traveller_as_shown(rows)
    table_four = next(row for row in rows if row.table == 4)
    data[f"e{table_four.index}"] = "3"  # pair 3 of the EW direction
    data["stay"] = ""
    url = reverse("director:traveller", args=[section.pk, 1])
    response = director.post(url, data)
    assert response.status_code == 302
    stored = Result.objects.get(pk=table_four.result_id)
    assert (stored.ns_pair.label, stored.ew_pair.label) == ("4NS", "3EW")
    changes = ResultChange.objects.filter(board__section=section).exclude(
        action=ResultChange.Action.CREATE
    )
    assert [(c.result_id, c.action) for c in changes] == [
        (stored.pk, ResultChange.Action.CORRECT)
    ]
    data[f"e{table_four.index}"] = "1EW"
    refused = director.post(url, data)
    assert refused.status_code == 400
    assert (
        "Pair 1EW already has a result on board 1: it would play the board twice."
        in refused.content.decode()
    )
    stored.refresh_from_db()
    assert stored.ew_pair.label == "3EW"


# The console and the tablet follow the line where it was played ----------------


def test_the_console_and_the_tablet_find_a_swapped_line_in_its_seat(section):
    from tournaments.director.console import console_grid
    from tournaments.selectors.table_play import table_rounds

    stored = line(section, "3NS")
    line_swap(stored)
    grid = {row.table: row for row in console_grid(section)}
    cell = next(c for c in grid[3].cells if c.round == 4)
    assert (cell.ns, cell.ew, cell.entered) == ("3NS", "5EW", 1)
    table = section.table_set.get(number=3)
    rounds = table_rounds(table, section_movement(section))
    board_one = rounds[3].line(1)
    assert board_one.result.pk == stored.pk
    # The tablet cannot enter the board again under the movement's pairs.
    with pytest.raises(ValidationError) as refused:
        result_submit(
            board=stored.board,
            ns_pair=pair(section, "3NS"),
            ew_pair=pair(section, "5EW"),
            contract="4S",
            declarer="N",
            tricks=10,
        )
    assert refused.value.messages == ["Pair 3NS already has a result on board 1."]

    assert Result.objects.filter(board=stored.board).count() == 4


def test_closing_does_not_count_a_swapped_line_as_missing(section):
    from tournaments.services.closing import missing_results

    line_swap(line(section, "3NS"))
    missing = {(p.round, p.table, p.board) for p in missing_results(section)}
    # Board 1 was played at table 3 in round 4 (pairs turned round): entered.
    assert (4, 3, 1) not in missing
    # Round 5's board 1 (2NS v 3EW) is still to be played.
    assert (5, 2, 1) in missing
