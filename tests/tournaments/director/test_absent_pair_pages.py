"""Marking a pair absent from the API and the director's pages, and the
award as the traveller, the traveller form, the results API and the score
preview show it; who may not do it.  The scenario is that of
``test_absent_pair.py``: 2EW absent in round 5 of the five-table Mitchell."""

from __future__ import annotations

import pytest
from absent_play import awards
from django import forms
from running_play import PLAY, SIGN_IN, enter_rounds, percentages
from teams_play import create as create_teams
from teams_play import matches as team_matches

from tournaments.director.forms import TravellerRow
from tournaments.models import Result, ResultChange, SectionChange, Source
from tournaments.services.absent_awards import pair_absent
from tournaments.services.entry import StateConflict
from tournaments.services.results import result_submit
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def test_the_api_marks_a_pair_absent(director, five_tables):
    enter_rounds(five_tables, range(1, 5))
    url = f"/api/sections/{five_tables.pk}/absences/"
    response = director.post(
        url,
        {"pair": "2ew", "first": 5, "award": "60/0"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json() == {
        "pair": "2EW", "first": 5, "last": 5, "award": "60/0", "lines": 2,
    }  # fmt: skip
    assert len(awards(five_tables)) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"pair": "9NS", "first": 5}, "pair"),
        ({"first": 5}, "pair"),
        ({"pair": "2EW"}, "first"),
        ({"pair": "2EW", "first": "x"}, "first"),
        ({"pair": "2EW", "first": 0}, "first"),
        ({"pair": "2EW", "first": 5, "last": 9}, "last"),
        ({"pair": "2EW", "first": 5, "award": "70/30"}, "award"),
    ],
)
def test_the_api_refuses_bad_input_naming_the_field(director, five_tables, body, field):
    enter_rounds(five_tables, range(1, 5))
    response = director.post(
        f"/api/sections/{five_tables.pk}/absences/",
        body,
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert awards(five_tables) == []


def test_a_tablet_or_the_public_cannot_mark_a_pair_absent(client, five_tables):
    token = issue_table_token(five_tables.table_set.get(number=1))
    url = f"/api/sections/{five_tables.pk}/absences/"
    for headers in ({"Authorization": f"Table {token}"}, {}):
        response = client.post(
            url,
            {"pair": "2EW", "first": 5},
            content_type="application/json",
            headers=headers,
        )
        assert response.status_code in (401, 403)
    assert awards(five_tables) == []


def test_the_section_page_form_and_the_traveller(director, five_tables):
    enter_rounds(five_tables, range(1, 5))
    url = f"/director/sections/{five_tables.pk}/"
    assert 'id="absent"' in director.get(url).content.decode()
    response = director.post(
        f"{url}absences/",
        {"absent-pair": "2EW", "absent-first": 5, "absent-award": "60/0"},
    )
    assert response.status_code == 302
    page = director.get(url).content.decode()
    assert "pair absent, opponents awarded: 60/0, rounds 5–5" in page
    enter_rounds(five_tables, range(5, 6))
    percentages(five_tables)
    traveller = director.get(f"/sections/{five_tables.pk}/boards/9/")
    assert traveller.status_code == 200
    assert "Adjusted score 60/0 – EW absent" in traveller.content.decode()


def test_the_section_page_refuses_a_played_round(director, five_tables):
    enter_rounds(five_tables, range(1, 5))
    response = director.post(
        f"/director/sections/{five_tables.pk}/absences/",
        {"absent-pair": "2EW", "absent-first": 4, "absent-award": "60/0"},
    )
    assert response.status_code == 409  # the lines stored refuse it
    assert "already has a line on board" in response.content.decode()
    response = director.post(
        f"/api/sections/{five_tables.pk}/absences/",
        {"pair": "2EW", "first": 4},
        content_type="application/json",
    )
    assert response.status_code == 409
    assert response.json() == {
        "first": [
            "Pair 2EW already has a line on board 5: delete it first, or mark "
            "it absent from a later round."
        ]
    }
    assert awards(five_tables) == []


def test_the_directors_traveller_form_keeps_the_absent_side(director, five_tables):
    """Saving the traveller again reads "60/0 – EW absent" back unchanged."""
    enter_rounds(five_tables, range(1, 5))
    pair_absent(five_tables, pair="2EW", first=5, award="60/0")
    url = f"/director/sections/{five_tables.pk}/boards/9/"
    page = director.get(url)
    assert page.status_code == 200
    assert 'value="60/0 – EW absent"' in page.content.decode()


@pytest.mark.parametrize(
    ("typed", "parsed"),
    [
        ("60/0 – EW absent", ("60", "0", "EW")),
        ("60/0 EW", ("60", "0", "EW")),
        ("0/60 - ns", ("0", "60", "NS")),
        ("A-/A+ NS absent", ("A-", "A+", "NS")),
        ("60/40", ("60", "40", "")),
        ("60/0", ("60", "0", "EW")),
        ("0%/60%", ("0", "60", "NS")),
        ("A+", ("A+", "A+", "")),
        ("60/0 EW absente", ("60", "0", "EW")),
        ("55", ("55", "55", "")),
        ("60.5/40", ("60.5", "40", "")),
    ],
)
def test_the_traveller_form_reads_an_absent_side(typed, parsed):
    row = TravellerRow(
        index=0, ns=1, ew=2, ns_label="1NS", ew_label="2EW", round=5, table=1,
        result_id=None, contract=typed,
    )  # fmt: skip
    values = row.parsed()
    assert (values["kind"], values["ns"], values["ew"], values["absent"]) == (
        "adjusted",
        *parsed,
    )


@pytest.mark.parametrize("contract", ["4S", "3NT", "1NTX", "4S EW"])
def test_a_contract_is_not_read_as_an_award(contract):
    row = TravellerRow(
        index=0, ns=1, ew=2, ns_label="1NS", ew_label="2EW", round=5, table=1,
        result_id=None, contract=contract, declarer="N", result="=",
    )  # fmt: skip
    try:
        kind = row.parsed()["kind"]
    except forms.ValidationError:  # a refused contract is not an award either
        kind = "refused"
    assert kind != "adjusted"


def test_the_results_api_gives_the_marks_and_the_absent_side(director, five_tables):
    enter_rounds(five_tables, range(1, 5))
    pair_absent(five_tables, pair="2EW", first=5, award="60/0")
    enter_rounds(five_tables, range(5, 6))
    percentages(five_tables)
    response = director.get(f"/api/sections/{five_tables.pk}/results/")
    assert response.status_code == 200
    body = response.json()
    lines = body["results"] if isinstance(body, dict) else body
    awards = [(x["board"], x["adjusted"], x["absent"]) for x in lines if x["adjusted"]]
    assert awards == [(9, "60/0", "EW"), (10, "60/0", "EW")]
    played = [x for x in lines if not x["adjusted"]]
    assert {x["absent"] for x in played} == {""}


def test_the_score_preview_echoes_the_absent_side(director, five_tables):
    board = five_tables.boards.get(number=1)
    response = director.get(
        "/api/score/", {"board": board.pk, "contract": "60/0 EW absent"}
    )
    assert response.status_code == 200
    assert response.json() == {"adjusted": "60/0", "absent": "EW"}


def test_anonymous_and_players_cannot_use_the_section_page(client, five_tables):
    response = client.post(
        f"/director/sections/{five_tables.pk}/absences/",
        {"absent-pair": "2EW", "absent-first": 5, "absent-award": "60/0"},
    )
    assert response.status_code == 302
    assert "login" in response["Location"]
    assert awards(five_tables) == []


def test_saving_the_traveller_again_keeps_the_award(director, five_tables):
    """The director saves board 9's traveller as shown: nothing changes (no
    audit row); typing "60/40" without a side turns the award into a plain
    artificial score, audited."""
    enter_rounds(five_tables, range(1, 5))
    pair_absent(five_tables, pair="2EW", first=5, award="60/0")
    url = f"/director/sections/{five_tables.pk}/boards/9/"
    rows = director.get(url).context["rows"]
    (row,) = [row for row in rows if "absent" in row.contract]
    assert row.contract == "60/0 – EW absent"
    data = {"next": ""}
    for shown in rows:
        if shown.result_id:
            data |= {
                f"c{shown.index}": shown.contract,
                f"d{shown.index}": shown.declarer,
                f"r{shown.index}": shown.result,
                f"l{shown.index}": shown.lead,
            }
    audited = ResultChange.objects.count()
    assert director.post(url, data).status_code == 302
    line = Result.objects.get(pk=row.result_id)
    assert (line.adjusted_ns, line.adjusted_ew, line.absent) == ("60", "0", "EW")
    assert ResultChange.objects.count() == audited
    data[f"c{row.index}"] = "60/40"
    assert director.post(url, data).status_code == 302
    line.refresh_from_db()
    assert (line.adjusted_ns, line.adjusted_ew, line.absent) == ("60", "40", "")
    change = ResultChange.objects.latest("id")
    assert (change.before["absent"], change.after["absent"]) == ("EW", "")


def test_a_teams_match_has_no_absent_award(api):
    """A teams board is adjusted in marks (Law 86A); an absent side is refused."""
    event = create_teams(api, 2, boards_per_match=2)
    (match,) = team_matches(api, event["id"])
    url = f"/director/sections/{match['section']}/boards/1/"
    response = api.client.post(url, {"c0": "A+/A- EW absent"})
    assert response.status_code == 400
    assert "absent pair" in str(response.context["rows"][0].errors)
    assert not Result.objects.exists()


def test_the_awarded_tables_tablet_shows_the_award_and_takes_no_entry(
    client, five_tables
):
    """Table 1 in round 5 (1NS v the absent 2EW): its tablet page answers with
    the director's awards on boards 9-10; a tablet entry there is refused
    saying why (a 409 on the API), and the award is not flagged."""
    enter_rounds(five_tables, range(1, 5))
    pair_absent(five_tables, pair="2EW", first=5, award="60/0")
    table = five_tables.table_set.get(number=1)
    client.post(SIGN_IN, {"code": table.code})
    response = client.get(PLAY, {"round": 5})
    assert response.status_code == 200
    assert "Board 9" in response.content.decode()
    pairs = {p.label: p for p in five_tables.pairs.all()}
    with pytest.raises(StateConflict, match="2EW is marked absent on board 9"):
        result_submit(
            board=five_tables.boards.get(number=9), ns_pair=pairs["1NS"],
            ew_pair=pairs["2EW"], contract="4S", declarer="N", tricks=10,
            round=five_tables.round_set.get(number=5), table=table,
            source=Source.TABLE,
        )  # fmt: skip
    (award,) = Result.objects.filter(board__number=9, absent="EW")
    assert (award.adjusted_ns, award.adjusted_ew, award.disputed) == ("60", "0", False)


def test_the_api_takes_only_the_absence_from_the_body(director, five_tables):
    """The checked body goes to the service as its keywords: a smuggled
    ``user`` or ``section`` is not among them (the director is recorded)."""
    enter_rounds(five_tables, range(1, 5))
    url = f"/api/sections/{five_tables.pk}/absences/"
    body = {"pair": "2EW", "first": 5, "user": None, "section": 999, "rescore": False}
    response = director.post(url, body, content_type="application/json")
    assert response.status_code == 201, response.content
    change = SectionChange.objects.get(section=five_tables)
    assert (change.action, change.user.username, change.pair) == ("absent", "td", "2EW")
    assert len(awards(five_tables)) == 2
