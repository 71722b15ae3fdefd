"""Pairs exchanged between tables: several lines of a board fixed at once.

The board of ``test_line_pairs`` (5-table Mitchell, top 3, four lines):

    table  NS v EW      NS score  NS MP  EW MP
      1    1NS v 1EW      420       1      2
      5    5NS v 4EW      450       3      0
      4    4NS v 2EW      -50       0      3
      3    3NS v 5EW      430       2      1

If 1EW and 4EW went to each other's tables, 4EW defended the +420 (2 MP,
66.67 %) and 1EW the +450 (0 MP, 0 %).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from wrong_pairs import line, mp, pair
from wrong_pairs import section as section

from tournaments.models import Pair, Result, ResultChange, Source
from tournaments.services.line_exchange import LineRefused, lines_pairs_fix

pytestmark = pytest.mark.django_db


def fixes(section, *changes):
    """(line's NS pair, its right NS, its right EW) as the service takes them."""
    return [
        (line(section, stored), pair(section, ns), pair(section, ew))
        for stored, ns, ew in changes
    ]


def pairs_of(section) -> dict[int, tuple[str, str]]:
    return {
        r.table.number: (r.ns_pair.label, r.ew_pair.label)
        for r in Result.objects.filter(board__section=section)
    }


def test_two_ew_pairs_exchanged_are_fixed_together(
    section, django_user_model, django_capture_on_commit_callbacks
):
    director = django_user_model.objects.create_user("td", is_staff=True)
    pairs_before = Pair.objects.count()
    originals = {r.pk: (r.ns_pair_id, r.ew_pair_id) for r in Result.objects.all()}
    with django_capture_on_commit_callbacks(execute=True):
        stored = lines_pairs_fix(
            fixes(section, ("1NS", "1NS", "4EW"), ("5NS", "5NS", "1EW")),
            user=director,
        )
    assert len(stored) == 2
    assert pairs_of(section) == {
        1: ("1NS", "4EW"),
        5: ("5NS", "1EW"),
        4: ("4NS", "2EW"),
        3: ("3NS", "5EW"),
    }
    assert mp(section, "4EW") == (2, 66.67)
    assert mp(section, "1EW") == (0, 0.0)
    # No placeholder pair is left behind.
    assert Pair.objects.count() == pairs_before
    # One audit row a line, from the pairs it had to the pairs it has.
    changes = ResultChange.objects.filter(action="correct").order_by("id")
    assert len(changes) == 2
    for change in changes:
        before = (change.before["ns_pair_id"], change.before["ew_pair_id"])
        assert before == originals[change.result_id]
        assert change.user == director
    after = {c.result_id: c.after["ew_pair_id"] for c in changes}
    assert after == {
        line(section, "1NS").pk: pair(section, "4EW").pk,
        line(section, "5NS").pk: pair(section, "1EW").pk,
    }


def test_three_tables_in_a_cycle(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lines_pairs_fix(
            fixes(
                section,
                ("1NS", "1NS", "4EW"),
                ("5NS", "5NS", "2EW"),
                ("4NS", "4NS", "1EW"),
            )
        )
    assert pairs_of(section) == {
        1: ("1NS", "4EW"),
        5: ("5NS", "2EW"),
        4: ("4NS", "1EW"),
        3: ("3NS", "5EW"),
    }
    assert (mp(section, "4EW"), mp(section, "2EW"), mp(section, "1EW")) == (
        (2, 66.67),
        (0, 0.0),
        (3, 100.0),
    )


def test_a_board_left_with_a_pair_twice_is_refused_whole(section):
    with pytest.raises(LineRefused) as refused:
        lines_pairs_fix(fixes(section, ("1NS", "1NS", "4EW")))
    assert refused.value.result_pk == line(section, "1NS").pk
    assert refused.value.message_dict == {
        "ew_pair": [
            "Pair 4EW already has a result on board 1: it would play the board twice."
        ]
    }
    with pytest.raises(LineRefused) as itself:
        lines_pairs_fix(fixes(section, ("1NS", "1NS", "4EW"), ("5NS", "5NS", "5NS")))
    assert itself.value.result_pk == line(section, "5NS").pk
    assert pairs_of(section)[1] == ("1NS", "1EW")
    assert not ResultChange.objects.filter(action="correct").exists()


def test_only_the_director_and_one_board_at_a_time(section):
    with pytest.raises(PermissionDenied):
        lines_pairs_fix(fixes(section, ("1NS", "1NS", "3EW")), source=Source.TABLE)
    other = Result.objects.create(
        board=section.boards.get(number=3),
        ns_pair=pair(section, "2NS"),
        ew_pair=pair(section, "2EW"),
        score_ns=100,
    )
    with pytest.raises(ValidationError) as mixed:
        lines_pairs_fix(
            [
                (line(section, "1NS"), pair(section, "1NS"), pair(section, "3EW")),
                (other, pair(section, "2NS"), pair(section, "3EW")),
            ]
        )
    assert mixed.value.message_dict == {
        "board": ["Fix the lines of one board at a time."]
    }


def test_the_traveller_form_fixes_exchanged_pairs_in_one_save(section, director):
    url = reverse("director:traveller", args=[section.pk, 1])
    rows = director.get(url).context["rows"]
    data = {"stay": ""}
    for row in rows:
        i = row.index
        data.update({f"c{i}": row.contract, f"d{i}": row.declarer,
                     f"l{i}": row.lead, f"r{i}": row.result})  # fmt: skip
        if row.result_id:
            data.update({f"n{i}": row.ns_typed, f"e{i}": row.ew_typed})
    by_table = {row.table: row.index for row in rows}
    data[f"e{by_table[1]}"] = "4EW"
    data[f"e{by_table[5]}"] = "1EW"
    response = director.post(url, data)
    assert response.status_code == 302
    assert pairs_of(section)[1] == ("1NS", "4EW")
    assert pairs_of(section)[5] == ("5NS", "1EW")
    assert ResultChange.objects.filter(action="correct").count() == 2
    page = director.get(url)
    seats = {row.table: (row.ns_label, row.ew_label) for row in page.context["rows"]}
    assert seats[1] == ("1NS", "4EW") and seats[5] == ("5NS", "1EW")
    # Garbage in a pair box is a 400 naming the pair, and nothing changes.
    data[f"n{by_table[4]}"] = "zz"
    refused = director.post(url, data)
    assert refused.status_code == 400
    assert "No pair zz in this section." in refused.content.decode()
    assert pairs_of(section)[4] == ("4NS", "2EW")
