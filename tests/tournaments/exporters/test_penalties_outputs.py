"""Procedural penalties where they are read: the section page's form and record,
the results page, the print set, the multi-session totals and the exports
(Excel, PBN ``[TotalScoreTable]``, USEBIO ``PAIR``).

The section is the hand-worked one of ``test_penalties.py`` (NS: 2NS 6 MP,
3NS 4 MP, 1NS 2 MP on tops of 8); 2NS is fined 3 MP: 3 MP, 37.5 %, second.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.urls import reverse
from openpyxl import load_workbook
from page_text import table_rows
from penalty_play import (  # noqa: F401 (fixtures)
    pair,
    penalty_event,
    penalty_section,
    stored_section,
)

from games.pbn import read_pbn
from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.models import Event, PairScore, Penalty, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.pairs import stored_report
from tournaments.services.penalties import penalty_give, penalty_withdraw

pytestmark = pytest.mark.django_db


def fine(section, label="2NS", unit="mp", amount=3, reason="Slow play"):
    penalty = penalty_give(section, pair=pair(section, label), unit=unit,
                           amount=amount, reason=reason, user=None)  # fmt: skip
    rescore_section(section.pk)
    return penalty


def test_the_results_page_shows_the_penalty_and_the_total_after_it(director, section):
    url = reverse("results:event", args=[section.session.event_id])
    before = table_rows(director.get(url).content.decode(), "ranking")
    assert "Penalty" not in before[0]
    fine(section)
    rows = table_rows(director.get(url).content.decode(), "ranking")
    assert rows[0] == [
        "Rank", "Pair", "Names", "MP", "Penalty", "Total", "Top", "%", "Boards",
    ]  # fmt: skip
    assert rows[1:4] == [
        ["1", "3", "Pair 3NS", "4", "", "4", "8", "50.00", "2"],
        ["2", "2", "Pair 2NS", "6", "−3", "3", "8", "37.50", "2"],
        ["3", "1", "Pair 1NS", "2", "", "2", "8", "25.00", "2"],
    ]


def test_the_print_set_shows_the_penalty(director, section):
    fine(section, unit="top_pct", amount=25)
    response = director.get(reverse("director:print-set", args=[section.pk]))
    assert response.status_code == 200
    rows = table_rows(response.content.decode(), "ranking")
    assert rows[0][3:6] == ["MP", "Penalty", "Total"]
    assert ["1", "2NS", "Pair 2NS", "6", "−1", "5", "8", "62.50", "2"] in rows


def test_the_section_page_gives_lists_and_withdraws_a_penalty(director, section):
    page = reverse("director:section", args=[section.pk])
    assert 'id="penalty-new"' in director.get(page).content.decode()
    target = pair(section, "2NS")
    body = {
        "penalty-pair": target.pk,
        "penalty-unit": "top_pct",
        "penalty-amount": "25",
        "penalty-reason": "Mobile phone rang",
    }
    url = reverse("director:penalty-new", args=[section.pk])
    response = director.post(url, body)
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.pair, penalty.unit, str(penalty.amount)) == (
        target,
        "top_pct",
        "25.00",
    )
    assert penalty.given_by.username == "td"
    listed = table_rows(director.get(page).content.decode(), "penalty-list")
    assert listed[1][:3] == ["2NS", "25 % of a top", "Mobile phone rang"]
    assert listed[1][3].endswith("td") and listed[1][4] == ""
    withdraw = reverse("director:penalty-withdraw", args=[penalty.pk])
    assert director.post(withdraw).status_code == 302
    penalty.refresh_from_db()
    assert penalty.withdrawn_by.username == "td" and not penalty.in_force
    listed = table_rows(director.get(page).content.decode(), "penalty-list")
    assert listed[1][4].endswith("td")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"penalty-amount": "0"}, "amount"),
        ({"penalty-amount": "abc"}, "amount"),
        ({"penalty-unit": "imps"}, "unit"),
        ({"penalty-reason": ""}, "reason"),
        ({"penalty-reason": "   "}, "reason"),
        ({"penalty-pair": "999999"}, "pair"),
        ({"penalty-amount": "150"}, "amount"),
    ],
)
def test_the_section_form_refuses_bad_input_by_field(director, section, change, field):
    body = {
        "penalty-pair": pair(section, "2NS").pk,
        "penalty-unit": "top_pct",
        "penalty-amount": "25",
        "penalty-reason": "Late",
        **change,
    }
    response = director.post(reverse("director:penalty-new", args=[section.pk]), body)
    assert response.status_code == 400
    errors = response.context["penalty_form"].errors
    assert field in errors, errors
    assert not Penalty.objects.exists()


def test_the_section_form_is_for_directors_only(client, section):
    url = reverse("director:penalty-new", args=[section.pk])
    body = {"penalty-pair": pair(section, "2NS").pk, "penalty-unit": "mp",
            "penalty-amount": "3", "penalty-reason": "x"}  # fmt: skip
    response = client.post(url, body)
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Penalty.objects.exists()


def test_a_closed_session_shows_no_form_and_keeps_its_penalty(director, section):
    penalty = fine(section)
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.CLOSED)
    page = director.get(reverse("director:section", args=[section.pk]))
    assert 'id="penalty-new"' not in page.content.decode()
    director.post(reverse("director:penalty-withdraw", args=[penalty.pk]))
    penalty.refresh_from_db()
    assert penalty.in_force


def test_multi_session_totals_include_the_penalty(director, event, section):
    stored_section(event, number=2)
    fine(section, amount=5)
    reports_url = reverse("results:event", args=[event.pk])
    rows = table_rows(director.get(reports_url).content.decode(), "ranking")
    assert rows[1:4] == [
        ["1", "3", "Pair 3NS", "8", "", "8", "16", "50.00", "4"],
        ["2", "2", "Pair 2NS", "12", "−5", "7", "16", "43.75", "4"],
        ["3", "1", "Pair 1NS", "4", "", "4", "16", "25.00", "4"],
    ]


def test_the_workbook_has_a_penalty_column(director, section):
    fine(section)
    response = director.get(reverse("results:excel", args=[section.session.event_id]))
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content))["Ranking"]
    header = [cell.value for cell in sheet[1]]
    assert header == ["Ranking", "Rank", "Tied", "Pair", "Names", "MP", "Penalty",
                      "Total", "Top", "%", "Boards"]  # fmt: skip
    rows = [list(r) for r in sheet.iter_rows(min_row=2, values_only=True)]
    assert ["NS", 2, None, 2, "Pair 2NS", 6.0, -3.0, 3.0, 8.0, 0.375, 2] in rows
    assert ["NS", 1, None, 3, "Pair 3NS", 4.0, None, 4.0, 8.0, 0.5, 2] in rows


def test_an_imp_workbook_has_a_penalty_column(director, event):
    Event.objects.filter(pk=event.pk).update(method=Event.Method.CROSS_IMPS)
    section = stored_section(Event.objects.get(pk=event.pk))
    fine(section, label="3NS", unit="imps", amount=3)
    response = director.get(reverse("results:excel", args=[event.pk]))
    sheet = load_workbook(BytesIO(response.content))["Ranking"]
    header = [cell.value for cell in sheet[1]]
    assert header[5:8] == ["IMPs", "Penalty", "Total"]
    rows = [list(r) for r in sheet.iter_rows(min_row=2, values_only=True)]
    assert ["NS", 2, None, 3, "Pair 3NS", 3.0, -3.0, 0.0, 2, 0.0] in rows


def test_the_pbn_total_score_table_carries_the_penalty(section):
    fine(section)
    text_ = event_pbn(section.session.event)
    header = re.search(r'\[TotalScoreTable "([^"]*)"\]', text_).group(1)
    assert header.split(";")[4:7] == [
        "Penalty\\6R", "TotalScoreMP\\6R", "TotalPercentage\\6R",
    ]  # fmt: skip
    assert '"2" "2NS" - NS -3.00 3.00 37.50 "Pair 2NS" 2' in text_
    assert '"1" "3NS" - NS - 4.00 50.00 "Pair 3NS" 4' not in text_
    assert '"1" "3NS" - NS - 4.00 50.00 "Pair 3NS" 2' in text_


def test_usebio_carries_the_penalty_and_the_total_after_it(section):
    fine(section)
    root = ET.fromstring(event_usebio(section.session.event).split("\n", 2)[-1])
    pairs = {p.findtext("PAIR_NUMBER"): p for p in root.iter("PAIR")}
    fined = pairs["2NS"]
    assert (
        fined.findtext("TOTAL_SCORE"),
        fined.findtext("PERCENTAGE"),
        fined.findtext("PLACE"),
        fined.findtext("PENALTY"),
    ) == ("3.00", "37.50", "2", "3.00")
    assert pairs["3NS"].find("PENALTY") is None


def test_withdrawing_restores_every_output(director, section):
    penalty = fine(section)
    assert "Penalty\\6R" in event_pbn(section.session.event)
    penalty_withdraw(penalty, user=None)
    rescore_section(section.pk)
    url = reverse("results:event", args=[section.session.event_id])
    rows = table_rows(director.get(url).content.decode(), "ranking")
    assert "Penalty" not in rows[0]
    assert rows[1] == ["1", "2", "Pair 2NS", "6", "8", "75.00", "2"]
    assert "Penalty\\6R" not in event_pbn(section.session.event)


def test_the_pair_s_scorecard_shows_the_penalty_before_the_total(director, section):
    fine(section)
    target = pair(section, "2NS")
    response = director.get(reverse("results:pair", args=[section.pk, target.pk]))
    rows = table_rows(response.content.decode(), "scorecard")
    penalty_at = next(i for i, r in enumerate(rows) if "Procedural penalty" in r)
    assert rows[penalty_at][2] == "−3"
    assert rows[penalty_at + 1][0] == "Total"
    assert rows[penalty_at + 1][2:5] == ["3", "8", "37.50"]


def test_score_event_json_ranks_after_the_penalty(section):
    fine(section, unit="top_pct", amount=50)
    out = StringIO()
    call_command("score_event", str(section.session.event_id), "--json", stdout=out)
    rankings = json.loads(out.getvalue())["rankings"]
    ns = next(r for r in rankings if r["direction"] == "NS")["entries"]
    assert [
        (e["rank"], e["pair"], e["mp"], e["pct"], e.get("penalty")) for e in ns
    ] == [
        ("1=", "2", 4.0, 50.0, 2.0),
        ("1=", "3", 4.0, 50.0, None),
        ("3", "1", 2.0, 25.0, None),
    ]
    out = StringIO()
    call_command(
        "score_event", str(section.session.event_id), "--json", "--neuberg", "off",
        stdout=out,
    )  # fmt: skip
    ns = json.loads(out.getvalue())["rankings"][0]["entries"]
    assert {e["pair"]: e.get("penalty") for e in ns} == {"1": None, "2": 2.0, "3": None}


def test_a_penalty_in_the_other_method_s_unit_is_kept_but_not_applied(
    director, event, section
):
    fine(section)
    Event.objects.filter(pk=event.pk).update(method=Event.Method.CROSS_IMPS)
    rescore_section(section.pk)
    fined = PairScore.objects.get(pair=pair(section, "2NS"))
    assert (fined.imps, fined.penalty, fined.rank) == (0.5, 0.0, "2")
    page = director.get(reverse("director:section", args=[section.pk]))
    assert "not applied: the event" in html.unescape(page.content.decode())
    Event.objects.filter(pk=event.pk).update(method=Event.Method.MATCHPOINTS)
    rescore_section(section.pk)
    fined = PairScore.objects.get(pair=pair(section, "2NS"))
    assert (fined.mp, fined.penalty, fined.rank) == (3.0, 3.0, "2")


def test_a_penalised_pbn_total_score_table_reads_back_whole(section):
    fine(section)
    text_ = event_pbn(section.session.event)
    table = read_pbn(text_)[0].table("TotalScoreTable")
    fined = next(row for row in table.rows if row["PairId"] == "2NS")
    assert (fined["Penalty"], fined["TotalScoreMP"], fined["Rank"]) == (
        "-3.00",
        "3.00",
        "2",
    )
    assert [row["Penalty"] for row in table.rows].count(None) == 5


def test_the_results_mail_names_the_penalty(section):
    fine(section)
    report = stored_report(section)
    standing = next(
        row for rows in report.rankings.values() for row in rows
        if row.pair.label == "2NS"
    )  # fmt: skip
    context = {
        "player": {"first_name": "Ann", "full_name": "Ann Smith"},
        "link": "http://club/pair",
        "results": "http://club/results",
        "pair": standing.pair,
        "section": section,
        "standing": standing,
        "event": section.session.event,
        "ranked": 3,
        "by_imps": False,
    }
    body = render_to_string("mail/results.txt", context)
    assert "Rank 2 of 3: 37.50 % (3 of 8 matchpoints)" in body
    assert "Procedural penalty: 3, already taken off the total above." in body
    other = next(row for row in report.rankings["NS"] if row.pair.label == "3NS")
    assert "Procedural penalty" not in render_to_string(
        "mail/results.txt", context | {"standing": other, "pair": other.pair}
    )
