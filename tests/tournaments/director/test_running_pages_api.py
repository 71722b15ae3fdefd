"""A running section changed from the director's section page and the API:
refusals naming the field, tablets and the public refused, and every page
of a section changed three ways answering.
"""

from __future__ import annotations

import pytest
from running_play import PLAY, SIGN_IN, enter_rounds, percentages

from tournaments.models import SectionChange
from tournaments.selectors.movement import section_movement
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


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
    assert response.status_code == 409  # the results stored refuse it
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
    assert 'name="arrow-rounds" value="5"' in page  # the form offers the saved rounds
    assert '<option value="3NS">' in page  # the forms offer the section's pairs


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
    assert section_movement(section).arrow_switch_rounds == {3, 7}
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
    assert again.status_code == 409  # the phantom's seat is taken now
    assert again.json() == {
        "section": ["This section has no phantom: there is no seat to take."]
    }
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
    again = director.post(
        url, {"pair": "2EW", "round": 5}, content_type="application/json"
    )
    assert again.status_code == 409  # what is stored refuses it, not the input
    assert again.json() == {"pair": ["Pair 2EW already withdrew from round 5."]}
    for body, field in (
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
    assert response.status_code == 409
    assert response.json() == {
        "arrow_switch_rounds": [
            "Round(s) 4 already have results: their arrow switch cannot change."
        ]
    }
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


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("late-pair/", {"late-player_a": "A", "late-player_b": "B", "late-round": 2}),
        ("withdrawals/", {"withdraw-pair": "3NS", "withdraw-round": 4}),
        (
            "absences/",
            {"absent-pair": "3NS", "absent-first": 4, "absent-award": "60/0"},
        ),
        ("arrow-switch/", {"arrow-rounds": "4"}),
    ],
)
def test_every_section_page_action_is_a_directors_post(
    client, director, five_tables, django_user_model, path, data
):
    """The four actions share one decorator: each refuses the public and a
    player (to the sign-in page), a GET (405) and an unknown section (404),
    changing nothing."""
    url = f"/director/sections/{five_tables.pk}/{path}"
    assert director.get(url).status_code == 405
    assert director.post(f"/director/sections/999999/{path}", data).status_code == 404
    director.logout()
    assert client.post(url, data).status_code == 302
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    response = client.post(url, data)
    assert response.status_code == 302 and "/login/" in response["Location"]
    five_tables.refresh_from_db()
    assert (five_tables.absences, five_tables.arrow_switch_rounds) == ([], [])
    assert not SectionChange.objects.exists()
