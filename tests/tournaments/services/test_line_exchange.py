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
from director_forms import traveller_as_shown
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
    director = django_user_model.objects.create_user(
        "td", is_staff=True, is_superuser=True
    )
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
    data = {"stay": ""} | traveller_as_shown(rows)
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


# The API ------------------------------------------------------------------------


def board_pairs_url(section, number: int = 1) -> str:
    return reverse("api-board-pairs", args=[section.pk, number])


def post(client, url, data, **headers):
    return client.post(url, data, content_type="application/json", **headers)


def test_api_fixes_exchanged_pairs(section, api):
    body = {
        "lines": [
            {"id": line(section, "1NS").pk, "ns": "1NS", "ew": "4EW"},
            {"id": line(section, "5NS").pk, "ns": "5NS", "ew": "1EW"},
        ]
    }
    response = api.post(board_pairs_url(section), body, "application/json")
    assert response.status_code == 200
    assert [(r["table"], r["ns"], r["ew"], r["mp_ew"]) for r in response.json()] == [
        (1, "1NS", "4EW", 2),
        (5, "5NS", "1EW", 0),
    ]
    assert mp(section, "4EW") == (2, 66.67)
    changes = ResultChange.objects.filter(action="correct")
    assert {(c.source, c.user.username) for c in changes} == {("api", "td")}


@pytest.mark.parametrize(
    "lines, place, errors",
    [
        ([{"id": "?", "ns": "1NS", "ew": "4EW"}], 0,
         {"id": ["A valid integer is required."]}),
        ([{"ns": "1NS", "ew": "4EW"}], 0, {"id": ["This field is required."]}),
        ([{"id": 999999, "ns": "1NS", "ew": "4EW"}], 0,
         {"id": ["No line 999999 on this board."]}),
        (["1NS"], 0,
         {"non_field_errors": ["Invalid data. Expected a dictionary, but got str."]}),
    ],
)  # fmt: skip
def test_api_bad_lines_are_400_at_their_place(section, director, lines, place, errors):
    response = post(director, board_pairs_url(section), {"lines": lines})
    assert response.status_code == 400
    assert response.json()["lines"][place] == errors
    assert pairs_of(section)[1] == ("1NS", "1EW")


def test_api_refusals_name_the_line_and_field(section, director):
    first, fifth = line(section, "1NS").pk, line(section, "5NS").pk
    cases = [
        (
            [{"id": first, "ns": "1NS", "ew": "4EW"}],
            [{"ew": ["Pair 4EW already has a result on board 1: it would play "
                     "the board twice."]}],
        ),
        (
            [{"id": first, "ns": "1NS", "ew": "4EW"},
             {"id": fifth, "ns": "5NS", "ew": "99EW"}],
            [{}, {"ew": ["No pair 99EW in this section."]}],
        ),
        (
            [{"id": first, "ns": "1NS", "ew": "4EW"},
             {"id": first, "ns": "1NS", "ew": "1EW"}],
            [{}, {"id": [f"Line {first} is given twice."]}],
        ),
    ]  # fmt: skip
    for lines, errors in cases:
        response = post(director, board_pairs_url(section), {"lines": lines})
        assert response.status_code == 400
        assert response.json() == {"lines": errors}
    assert post(director, board_pairs_url(section), {"lines": []}).status_code == 400
    assert (
        post(director, board_pairs_url(section, 99), {"lines": []}).status_code == 404
    )
    assert pairs_of(section)[1] == ("1NS", "1EW")
    assert not ResultChange.objects.filter(action="correct").exists()


def test_api_board_pairs_are_the_directors_only(section, client, django_user_model):
    from tournaments.services.tokens import issue_table_token

    body = {"lines": [{"id": line(section, "1NS").pk, "ns": "1NS", "ew": "3EW"}]}
    url = board_pairs_url(section)
    assert post(client, url, body).status_code == 401
    token = issue_table_token(section.table_set.get(number=1))
    tablet = post(client, url, body, headers={"Authorization": f"Table {token}"})
    assert tablet.status_code == 403
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert post(client, url, body).status_code == 403
    assert pairs_of(section)[1] == ("1NS", "1EW")


ODD_BODIES = [
    [],
    "text",
    None,
    {"lines": "x"},
    {"lines": [None]},
    {"lines": [[]]},
    {"lines": [{"id": -1, "ns": "1", "ew": "2"}]},
    {"lines": [{"id": 10**30, "ns": "1NS", "ew": "1EW"}]},
    {"lines": [{"id": 1, "ns": "\x00", "ew": "1EW"}]},
    {"lines": [{"id": 1, "ns": "1NS" * 10, "ew": "1EW"}]},
    {"lines": [{"id": 1, "ns": 99999999999999999999, "ew": "1EW"}]},
    {"ns": ["x"]},
    {"ns": None},
    {"ns": ""},
    {"ns": "99999999999999999999"},
    {"ew": "0"},
    {"players": None},
    {"players": [None, None]},
    {"players": [1, 2]},
]


def test_no_input_is_a_500(section, director):
    stored = line(section, "1NS")
    urls = [
        ("post", board_pairs_url(section)),
        ("post", reverse("api-result-swap", args=[stored.pk])),
        ("patch", reverse("api-result-detail", args=[stored.pk])),
        ("patch", reverse("api-pair", args=[pair(section, "1NS").pk])),
    ]
    for method, url in urls:
        for body in ODD_BODIES:
            response = getattr(director, method)(
                url, body, content_type="application/json"
            )
            assert response.status_code < 500, (url, body, response.content)
    page = reverse("director:traveller", args=[section.pk, 1])
    for text in ("\x00", "1NS" * 30, "99999999999999999999", "-1", "0EW"):
        response = director.post(page, {"n0": text, "e0": text, "c0": "4S",
                                         "d0": "N", "r0": "="})  # fmt: skip
        assert response.status_code in (302, 400), (text, response.status_code)
    swap = reverse("director:line-swap", args=[section.pk, 1, stored.pk])
    for seen in ("\x00", "-1", "1" * 40, "abc"):
        assert director.post(swap, {}, QUERY_STRING=f"ns={seen}").status_code == 302
