"""Files on the director's pages and through the API: hand records, typed
travellers and results files come in; PBN and USEBIO go out.

Every refused file is a 400 naming its faulty lines, with nothing stored.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.pbn import read_pbn
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_session
from tournaments.models import Board, Event, PairScore, Result, Session
from tournaments.rescore import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

CSV = b"""board,ns,ew,contract,declarer,result,lead
1,1NS,1EW,4S,N,=,HK
1,2NS,3EW,4S,N,+1,
1,3NS,2EW,A+/A-,,,
"""
BAD_CSV = b"""board;ns;ew;contract;declarer;result
1;1NS;1EW;4S;N;=
x;1NS;1EW;4S;N;=
1;9NS;1EW;4S;N;=
1;2NS;3EW;4Z;N;=
"""


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data)


@pytest.fixture
def event() -> Event:
    event = event_create(name="Tuesday", date=dt.date(2026, 11, 24))
    section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    return event


def _percentages(event: Event) -> dict[str, float]:
    scores = PairScore.objects.filter(pair__section__session__event=event)
    return {score.pair.label: score.pct for score in scores}


# Hand records -------------------------------------------------------------


def test_the_director_attaches_the_hand_records_from_the_event_page(
    director, event, data_dir
):
    page = director.get(reverse("director:event", args=[event.pk]))
    assert b'name="file"' in page.content and b"multipart/form-data" in page.content
    data = (data_dir / "pbn" / "westwood_20190625_1.pbn").read_bytes()
    response = director.post(
        reverse("director:hand-records-import", args=[event.pk]),
        {"file": upload("westwood.pbn", data)},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse("director:event", args=[event.pk])
    shown = [str(message) for message in response.context["messages"]]
    assert "6 boards given their deal." in shown
    assert any(message.startswith("No board numbered 7") for message in shown)
    assert (
        Board.objects.filter(section__session__event=event).exclude(deal="").count()
        == 6
    )


def test_a_malformed_hand_record_file_is_a_400_naming_the_line(director, event):
    Board.objects.filter(section__session__event=event, number=1).update(deal="kept")
    response = director.post(
        reverse("director:hand-records-import", args=[event.pk]),
        {"file": upload("bad.pbn", b'[Board "1"]\n[Deal "N:AKQ.xx"]\n')},
    )
    assert response.status_code == 400
    assert b"Line 2" in response.content or b"line 2" in response.content
    assert b"Nothing was stored" in response.content
    deals = Board.objects.filter(section__session__event=event).values_list(
        "deal", flat=True
    )
    assert sorted(set(deals)) == ["", "kept"]


def test_posting_no_file_names_the_field(director, event):
    response = director.post(reverse("director:hand-records-import", args=[event.pk]))
    assert response.status_code == 400
    assert b"File: This field is required." in response.content


def test_the_public_cannot_upload(client, event, data_dir):
    data = (data_dir / "pbn" / "westwood_20190625_1.pbn").read_bytes()
    response = client.post(
        reverse("director:hand-records-import", args=[event.pk]),
        {"file": upload("westwood.pbn", data)},
    )
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Board.objects.exclude(deal="").exists()


# Travellers ----------------------------------------------------------------


def test_the_director_imports_a_csv_of_travellers_from_the_section_page(
    director, section
):
    page = director.get(reverse("director:section", args=[section.pk]))
    assert (
        reverse("director:travellers-import", args=[section.pk]).encode()
        in page.content
    )
    response = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("board1.csv", CSV)},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse(
        "director:section", args=[section.pk]
    )
    assert "3 traveller lines stored." in [str(m) for m in response.context["messages"]]
    scores = dict(Result.objects.values_list("ns_pair__number", "score_ns"))
    assert scores == {1: 420, 2: 450, 3: None}
    assert Result.objects.get(ns_pair__number=3).adjusted_ns == "A+"


def test_every_faulty_traveller_line_is_listed_and_nothing_stored(director, section):
    response = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("bad.csv", BAD_CSV)},
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "Line 3: board: no board &#x27;x&#x27; in this section" in text
    assert "Line 4: ns: no pair &#x27;9NS&#x27; in this section" in text
    assert "Line 5:" in text and "Line 2:" not in text
    assert not Result.objects.exists()


def test_a_file_that_is_not_a_workbook_is_refused(director, section):
    response = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("travellers.xlsx", b"board,ns\n1,2\n")},
    )
    assert response.status_code == 400
    assert b"not an Excel workbook" in response.content
    assert not Result.objects.exists()


def test_travellers_are_refused_in_a_closed_session(director, section):
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.CLOSED)
    response = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("board1.csv", CSV)},
        follow=True,
    )
    assert "This session is closed: reopen it first." in [
        str(m) for m in response.context["messages"]
    ]
    assert not Result.objects.exists()


# Results files -------------------------------------------------------------


def test_a_usebio_file_from_the_dashboard_becomes_an_event(director, data_dir):
    data = (data_dir / "usebio" / "mp_pairs_howell.xml").read_bytes()
    response = director.post(
        reverse("director:results-import"),
        {"file": upload("howell.xml", data), "name": "Howell from Compscore"},
    )
    event = Event.objects.get(name="Howell from Compscore")
    assert response.status_code == 302
    assert response["Location"] == reverse("director:event", args=[event.pk])
    assert Result.objects.filter(board__section__session__event=event).exists()


def test_a_pbn_results_file_from_the_dashboard_becomes_an_event(director, jfr_session):
    response = director.post(
        reverse("director:results-import"),
        {"file": upload("wb.pbn", jfr_session.pbn.read_bytes())},
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert Result.objects.filter(board__section__session__event=event).count() == 216


def test_a_file_that_is_neither_is_a_400_and_no_event(director):
    response = director.post(
        reverse("director:results-import"),
        {"file": upload("notes.txt", b"Dear members,\nsee you on Tuesday.\n")},
    )
    assert response.status_code == 400
    assert b"Results file not imported" in response.content
    assert not Event.objects.exists()


# Downloads -----------------------------------------------------------------


@pytest.fixture
def finished_mitchell(demo) -> Event:
    """The demo's Tuesday Mitchell, published."""
    Event.objects.filter(name="Tuesday Mitchell").update(published=True)
    return Event.objects.get(name="Tuesday Mitchell")


def test_the_pbn_download_reads_back_with_the_same_percentages(
    finished_mitchell, client
):
    source = finished_mitchell
    page = client.get(reverse("results:event", args=[source.pk]))
    assert reverse("results:pbn", args=[source.pk]).encode() in page.content
    response = client.get(reverse("results:pbn", args=[source.pk]))
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == 'attachment; filename="tuesday-mitchell.pbn"'
    )
    text = response.content.decode()
    assert len(read_pbn(text)) == source.sessions.get().sections.get().boards.count()
    again = event_import(parse_session(text))
    rescore_section(again.sessions.get().sections.get().pk)
    assert _percentages(again) == pytest.approx(_percentages(source))


def test_the_usebio_download_is_the_events_xml(finished_mitchell, client):
    source = finished_mitchell
    response = client.get(reverse("results:usebio", args=[source.pk]))
    assert response.status_code == 200
    root = ET.fromstring(response.content)
    assert root.tag == "USEBIO" and root.find("EVENT").get("EVENT_TYPE") == "MP_PAIRS"
    pairs = root.findall(".//PARTICIPANTS/PAIR")
    assert (
        len(pairs)
        == PairScore.objects.filter(pair__section__session__event=source).count()
    )


def test_downloads_wait_for_publication_unless_director(
    finished_mitchell, client, django_user_model
):
    source = finished_mitchell
    Event.objects.filter(pk=source.pk).update(published=False)
    staff = Client()
    staff.force_login(
        django_user_model.objects.create_user("td", is_staff=True, is_superuser=True)
    )
    for name in ("results:pbn", "results:usebio"):
        assert client.get(reverse(name, args=[source.pk])).status_code == 404
        assert staff.get(reverse(name, args=[source.pk])).status_code == 200


def test_a_whiz_event_offers_no_pbn(demo, client):
    Event.objects.update(published=True)
    whiz = Event.objects.get(kind=Event.Kind.WHIZ)
    assert client.get(reverse("results:pbn", args=[whiz.pk])).status_code == 404
    assert client.get(reverse("results:usebio", args=[whiz.pk])).status_code == 404


# API -------------------------------------------------------------------------


def test_api_results_file_creates_the_event(director, data_dir):
    data = (data_dir / "usebio" / "butler_howell.xml").read_bytes()
    response = director.post(
        "/api/results-files/", {"file": upload("butler.xml", data)}
    )
    assert response.status_code == 201
    body = response.json()
    event = Event.objects.get(pk=body["id"])
    assert (body["kind"], event.method) == ("pairs", "butler")


def test_api_refused_results_file_is_a_400_on_the_file(director):
    response = director.post(
        "/api/results-files/", {"file": upload("bad.xml", b"<USEBIO><EVENT")}
    )
    assert response.status_code == 400
    assert "not well-formed XML" in response.json()["file"][0]
    assert not Event.objects.exists()


def test_api_hand_records(director, event, data_dir):
    data = (data_dir / "pbn" / "westwood_20190625_1.pbn").read_bytes()
    response = director.post(
        f"/api/events/{event.pk}/hand-records/", {"file": upload("w.pbn", data)}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["attached"] == 6
    assert any(w.startswith("No board numbered 7") for w in body["warnings"])


def test_api_traveller_file_all_or_nothing(director, section):
    bad = director.post(
        f"/api/sections/{section.pk}/traveller-file/",
        {"file": upload("b.csv", BAD_CSV)},
    )
    assert bad.status_code == 400
    assert [e.split(":")[0] for e in bad.json()["file"]] == [
        "Line 3",
        "Line 4",
        "Line 5",
    ]
    assert not Result.objects.exists()
    good = director.post(
        f"/api/sections/{section.pk}/traveller-file/", {"file": upload("g.csv", CSV)}
    )
    assert (good.status_code, good.json()) == (201, {"stored": 3})
    assert Result.objects.count() == 3


def test_api_uploads_are_for_directors(client, section, django_user_model):
    url = f"/api/sections/{section.pk}/traveller-file/"
    assert client.post(url, {"file": upload("g.csv", CSV)}).status_code == 401
    client.force_login(django_user_model.objects.create_user("player"))
    assert client.post(url, {"file": upload("g.csv", CSV)}).status_code == 403
    assert not Result.objects.exists()


def test_an_excel_traveller_file_through_the_api(director, section):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["Board", "NS", "EW", "Contract", "Declarer", "Result"])
    book.active.append([3, "2NS", "2EW", "3NT", "S", 9])
    buffer = BytesIO()
    book.save(buffer)
    response = director.post(
        f"/api/sections/{section.pk}/traveller-file/",
        {"file": upload("t.xlsx", buffer.getvalue())},
    )
    assert response.status_code == 201
    assert Result.objects.get().score_ns == 400


def test_hand_records_for_one_session_leave_the_other_alone(director, event, data_dir):
    """A second session replays boards 1-6 with other deals: the director
    attaches a file to session 2 only."""
    second = Session.objects.create(event=event, number=2)
    section_create(session=second, choice=MovementChoice("mitchell", 3, 2))
    page = director.get(reverse("director:event", args=[event.pk]))
    assert b'<option value="2">Session 2</option>' in page.content
    data = (data_dir / "pbn" / "westwood_20190625_1.pbn").read_bytes()
    response = director.post(
        reverse("director:hand-records-import", args=[event.pk]),
        {"file": upload("westwood.pbn", data), "session": "2"},
    )
    assert response.status_code == 302
    dealt = Board.objects.filter(section__session__event=event).exclude(deal="")
    assert sorted(set(dealt.values_list("section__session__number", flat=True))) == [2]
    assert dealt.count() == 6
    response = director.post(
        f"/api/events/{event.pk}/hand-records/",
        {"file": upload("westwood.pbn", data), "session": "3"},
    )
    assert response.status_code == 400
    assert response.json() == {"file": ["This event has no session 3"]}


XLSX_BYTES = b"PK\x03\x04" + bytes(range(256)) * 4
BAD_RESULTS_FILES = {
    "binary": XLSX_BYTES,
    "empty": b"",
    "latin-1 text": "Séance du mardi\n".encode("latin-1"),
    "usebio without event": b'<?xml version="1.0"?><USEBIO Version="1.2"></USEBIO>',
    "usebio other root": b"<RESULTS><EVENT/></RESULTS>",
    "usebio unknown type": b'<USEBIO><EVENT EVENT_TYPE="BINGO"/></USEBIO>',
    "usebio bad board": (
        b'<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>x</BOARD_NUMBER>'
        b"</BOARD></EVENT></USEBIO>"
    ),
    "usebio bad line": (
        b'<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
        b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>9Z</CONTRACT>"
        b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    ),
    "pbn bad contract": (
        b'[Board "1"]\n[North "a"]\n[South "b"]\n[East "c"]\n[West "d"]\n'
        b'[Contract "9Z"]\n[Declarer "N"]\n[Result "9"]\n'
    ),
    "pbn unclosed tag": b'[Board "1"\n[Deal "N:AKQ"]\n',
    "entity expansion": (
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><USEBIO>&b;</USEBIO>'
    ),
}


@pytest.mark.parametrize("name", BAD_RESULTS_FILES)
def test_a_bad_results_file_is_a_400_never_a_500(director, name):
    response = director.post(
        "/api/results-files/", {"file": upload(f"{name}.dat", BAD_RESULTS_FILES[name])}
    )
    assert response.status_code == 400, response.content
    assert response.json()["file"]
    page = director.post(
        reverse("director:results-import"),
        {"file": upload(f"{name}.dat", BAD_RESULTS_FILES[name])},
    )
    assert page.status_code == 400
    assert not Event.objects.exists()


@pytest.mark.parametrize("name", ["binary", "latin-1 text", "pbn unclosed tag"])
def test_a_bad_hand_record_file_is_a_400(director, event, name):
    response = director.post(
        f"/api/events/{event.pk}/hand-records/",
        {"file": upload("deals.pbn", BAD_RESULTS_FILES[name])},
    )
    assert response.status_code == 400, response.content
    assert not Board.objects.exclude(deal="").exists()


@pytest.mark.parametrize(
    "data",
    [
        XLSX_BYTES,
        b"",
        b"board\n",
        "board,ns,ew,contract\n1,1NS,1EW,4♠\n".encode("utf-16"),
    ],
)
def test_a_bad_traveller_file_is_a_400(director, section, data):
    for filename in ("t.csv", "t.xlsx"):
        response = director.post(
            f"/api/sections/{section.pk}/traveller-file/",
            {"file": upload(filename, data)},
        )
        assert response.status_code == 400, (filename, response.content)
    assert not Result.objects.exists()
