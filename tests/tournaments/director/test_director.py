"""The director's pages: events, sections, travellers, adjustments, closing."""

from __future__ import annotations

import datetime as dt
from urllib.parse import quote

import pytest
from director_forms import typed_line
from django.urls import reverse
from section_play import club_night

from tournaments.models import Event, Pair, PairScore, Result, Section, Session
from tournaments.rescore import rescore_section
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return club_night()


def board_one_rows(client, section):
    url = reverse("director:traveller", args=[section.pk, 1])
    response = client.get(url)
    assert response.status_code == 200
    return url, response.context["rows"]


def test_anonymous_users_are_sent_to_log_in(client):
    response = client.get(reverse("director:dashboard"), follow=True)
    assert response.redirect_chain[-1] == (
        "/accounts/login/?next=" + quote("/director/", safe=""),
        302,
    )
    assert response.templates[0].name == "accounts/sign_in.html"


def test_it_creates_an_event_with_its_scoring_settings(director):
    response = director.post(
        reverse("director:event-new"),
        {
            "name": "Tuesday pairs",
            "date": "2026-11-24",
            "scale": 1,
            "neuberg": "",
            "average_plus": "60",
            "average": "50",
            "average_minus": "40",
            "average_rule": "session",
            "method": "mp",
            "butler_trim": "one",
            "butler_rounding": "half-away",
        },
    )
    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("director:event", args=[event.pk])
    assert (event.scale, event.neuberg, event.average_rule) == (1, False, "session")
    assert event.sessions.count() == 1


def test_it_creates_a_pairs_event_scored_by_butler_imps(director):
    data = {
        "name": "IMP pairs",
        "date": "2026-11-24",
        "scale": 2,
        "average_plus": "60",
        "average": "50",
        "average_minus": "40",
        "average_rule": "flat",
        "method": "butler",
        "butler_trim": "5pct",
        "butler_rounding": "half-even",
    }
    assert director.post(reverse("director:event-new"), data).status_code == 302
    event = Event.objects.get()
    assert (event.method, event.butler_trim, event.butler_rounding) == (
        "butler",
        "5pct",
        "half-even",
    )
    assert event.cross_imps_total is False


def test_a_bad_event_form_is_a_400_naming_the_field(director):
    response = director.post(
        reverse("director:event-new"),
        {"name": "", "date": "tomorrow", "scale": 2, "average_plus": "160"},
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert {"name", "date", "average_plus"} <= set(errors)
    assert not Event.objects.exists()


def test_it_proposes_movements_for_the_number_of_pairs(director):
    event = event_create(name="x", date=dt.date(2026, 11, 20))
    url = reverse("director:section-new", args=[event.sessions.get().pk])
    response = director.get(url, {"pairs": 14})
    names = [name for _, name in response.context["form"].fields["movement"].choices]
    assert names[0].startswith("Mitchell 7 tables")
    assert any(name.startswith("Howell 7 tables") for name in names)
    assert director.get(url, {"pairs": 3}).status_code == 400


def test_it_starts_a_section_with_named_pairs(director):
    event = event_create(name="x", date=dt.date(2026, 11, 20))
    session = event.sessions.get()
    url = reverse("director:section-new", args=[session.pk])
    form = director.get(url, {"pairs": 6}).context["form"]
    mitchell = next(i for i, m in enumerate(form.proposals) if m.kind == "mitchell")
    data = {"pairs": 6, "movement": mitchell, "boards_per_round": 4, "rounds": ""}
    data |= {f"pair{i}-a": f"Ann {i}" for i in range(6)}
    data |= {f"pair{i}-b": f"Bob {i}" for i in range(6)}
    response = director.post(url, data)
    section = Section.objects.get()
    assert response.status_code == 302
    assert (section.movement, section.tables, section.boards_per_round) == (
        "mitchell",
        3,
        4,
    )
    assert Pair.objects.get(section=section, number=1, direction="NS").names == (
        "Ann 0 – Bob 0"
    )
    assert Pair.objects.get(section=section, number=1, direction="EW").names == (
        "Ann 3 – Bob 3"
    )
    assert section.boards.count() == 12
    session.refresh_from_db()
    assert session.status == Session.Status.PLAYING


def test_it_enters_a_traveller_and_scores_it(
    director, section, django_capture_on_commit_callbacks
):
    url, rows = board_one_rows(director, section)
    assert len(rows) == 3
    data = {"next": ""}
    for row, line in zip(
        rows, [("4S", "N", "="), ("4S", "N", "+1"), ("3NTX", "E", "-2")], strict=True
    ):
        data |= typed_line(row.index, *line)
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(url, data)
    assert response.status_code == 302
    assert response["Location"] == reverse("director:traveller", args=[section.pk, 2])
    scores = sorted(Result.objects.values_list("score_ns", "mp_ns", "pct_ns"))
    # Board 1 is love all: 420, 450 and +300 (3NTX-2 NV); top 4.
    assert scores == [(300, 0.0, 0.0), (420, 2.0, 50.0), (450, 4.0, 100.0)]


def test_a_bad_line_keeps_the_whole_board_unsaved(director, section):
    url, rows = board_one_rows(director, section)
    data = typed_line(rows[0].index, "4S", "N", "=")
    data |= typed_line(rows[1].index, "4Z", "N", "=")
    response = director.post(url, data)
    assert response.status_code == 400
    assert not Result.objects.exists()
    errors = response.context["rows"][1].errors
    assert errors and "Contract" in errors[0] and "4Z" in errors[0]


def test_it_awards_split_adjusted_scores_and_deletes_a_line(
    director, section, django_capture_on_commit_callbacks
):
    url, rows = board_one_rows(director, section)
    data = typed_line(rows[0].index, "4S", "N", "10")
    data |= {f"c{rows[1].index}": "A+/A-", f"c{rows[2].index}": "60%"}
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, data).status_code == 302
    adjusted = Result.objects.exclude(adjusted_ns="").order_by("adjusted_ns")
    assert [(r.adjusted_ns, r.adjusted_ew) for r in adjusted] == [
        ("60", "60"),
        ("A+", "A-"),
    ]
    rows = board_one_rows(director, section)[1]
    assert rows[1].contract == "A+/A-"
    with django_capture_on_commit_callbacks(execute=True):
        data[f"x{rows[1].index}"] = "on"
        assert director.post(url, data).status_code == 302
    assert Result.objects.count() == 2


def test_a_closed_session_refuses_changes(director, section):
    session = section.session
    close = reverse("director:session-status", args=[session.pk, "close"])
    # Nothing is entered yet: the director confirms closing all the same.
    assert director.post(close).status_code == 409
    assert director.post(close, {"confirm": "1"}).status_code == 302
    url, rows = board_one_rows(director, section)
    director.post(url, {f"c{rows[0].index}": "4S", f"d{rows[0].index}": "N"})
    assert not Result.objects.exists()
    director.post(reverse("director:session-status", args=[session.pk, "reopen"]))
    session.refresh_from_db()
    assert session.status == Session.Status.PLAYING


def test_the_score_preview_scores_as_you_type(client, section):
    board = section.boards.get(number=4)  # all vulnerable
    url = reverse("api-score-preview")
    body = client.get(url, {"board": board.pk, "contract": "4S", "declarer": "N",
                            "result": "+1"}).json()  # fmt: skip
    assert body == {"score_ns": 650, "tricks": 11}
    bad = client.get(url, {"board": board.pk, "contract": "4S", "declarer": "Q",
                           "result": "="})  # fmt: skip
    assert bad.status_code == 400
    assert bad.json()["field"] == "declarer"
    assert client.get(url, {"board": "x"}).status_code == 400
    adjusted = client.get(url, {"board": board.pk, "contract": "A+/A-"}).json()
    assert adjusted == {"adjusted": "A+/A-"}


def test_rescoring_recomputes_and_never_adds(director, section):
    url, rows = board_one_rows(director, section)
    data = {}
    for row, tricks in zip(rows, ["9", "10", "11"], strict=True):
        data |= typed_line(row.index, "4S", "N", tricks)
    director.post(url, data)
    rescore_section(section.pk)
    first = list(PairScore.objects.order_by("pair_id").values_list())
    mp = list(Result.objects.order_by("pk").values_list("mp_ns", flat=True))
    rescore_section(section.pk)
    assert list(PairScore.objects.order_by("pair_id").values_list()) != []
    assert [row[1:] for row in PairScore.objects.order_by("pair_id").values_list()] == [
        row[1:] for row in first
    ]
    assert list(Result.objects.order_by("pk").values_list("mp_ns", flat=True)) == mp
    assert sorted(mp) == [0.0, 2.0, 4.0]


def test_the_section_page_lists_boards_pairs_and_printouts(director, section):
    response = director.get(reverse("director:section", args=[section.pk]))
    assert response.status_code == 200
    assert [(b.number, entered, expected) for b, entered, expected in
            response.context["boards"]][:2] == [(1, 0, 3), (2, 0, 3)]  # fmt: skip
    html = response.content.decode()
    assert reverse("movement:sheet", args=[section.pk]) in html
    assert reverse("director:traveller", args=[section.pk, 6]) in html
    event_page = director.get(
        reverse("director:event", args=[section.session.event_id])
    )
    assert event_page.status_code == 200
    assert director.get(reverse("director:dashboard")).status_code == 200
