"""Whatever bytes a director uploads, each reader answers 201/200 or 400, never
a 500: random bytes, and small valid files (PBN results, USEBIO, hand
records, CSV and Excel travellers) mutated with hypothesis."""

from __future__ import annotations

import datetime as dt
import io
import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import Section, Session
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

# Deterministic and short by default; DONNE_FUZZ_EXAMPLES=2000 searches longer,
# with fresh random examples.
EXAMPLES = int(os.environ.get("DONNE_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    derandomize="DONNE_FUZZ_EXAMPLES" not in os.environ,
)

PBN_RESULTS = (
    b'[Event "Fuzz"]\n[Date "2026.11.24"]\n[Board "1"]\n'
    b'[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    b'[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
    b"1NS 1EW 4S N 10 -\n2NS 2EW 3NT S 9 -\n3NS 3EW A+ - - 60%\n"
)
USEBIO = (
    b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
    b"<DATE>24/11/2026</DATE><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
    b"<PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"
    b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
)
HAND_RECORDS = (
    b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    b'[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
)
CSV = b"board,ns,ew,contract,declarer,result,round,table\n1,1NS,1EW,4S,N,=,1,1\n"
# What hostile or broken files hold: huge numbers, control characters,
# impossible dates, markup, entity declarations, separators.
TOKENS = [
    b"99999999999999999999",
    b"-99999",
    b"\x00",
    b"\x07",
    b"\xff\xfe",
    b"31/02/2026",
    b'<!DOCTYPE x [<!ENTITY a "b">]>',
    b"&a;",
    b"<",
    b"]",
    b"[",
    b'"',
    b"{",
    b"%",
    b";",
    b",",
    b"\n\n",
    b"A6040",
    b"7NTXX",
    b"0",
]

edits = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=10_000),
        st.sampled_from(["insert", "replace", "delete"]),
        st.one_of(st.sampled_from(TOKENS), st.binary(min_size=1, max_size=4)),
    ),
    min_size=1,
    max_size=6,
)


def mutated(data: bytes, changes: list[tuple[int, str, bytes]]) -> bytes:
    """``data`` with each change applied at its position (modulo the length)."""
    for position, how, piece in changes:
        at = position % (len(data) + 1)
        if how == "insert":
            data = data[:at] + piece + data[at:]
        elif how == "replace":
            data = data[:at] + piece + data[at + len(piece) :]
        else:
            data = data[:at] + data[at + len(piece) :]
    return data


def xlsx(rows: list[list[object]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


XLSX = xlsx([["board", "ns", "ew", "contract", "declarer", "result"]])


@pytest.fixture
def fuzz_section() -> Section:
    event = event_create(name="Fuzz", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return section


def send(client, url: str, name: str, data: bytes) -> int:
    response = client.post(url, {"file": SimpleUploadedFile(name, data)})
    assert response.status_code in (200, 201, 202, 400), response.content[:300]
    if response.status_code == 400:
        assert response.json()["file"], response.content[:300]
    return response.status_code


def test_the_seed_files_are_accepted(director, fuzz_section):
    assert send(director, "/api/results-files/", "r.pbn", PBN_RESULTS) == 201
    assert send(director, "/api/results-files/", "r.xml", USEBIO) == 201
    event = fuzz_section.session.event_id
    hands = f"/api/events/{event}/hand-records/"
    assert send(director, hands, "h.pbn", HAND_RECORDS) == 200
    travellers = f"/api/sections/{fuzz_section.pk}/traveller-file/"
    assert send(director, travellers, "t.csv", CSV) == 201


@FUZZ
@given(data=st.binary(max_size=2000))
def test_random_bytes_are_never_a_500(director, fuzz_section, data):
    event = fuzz_section.session.event_id
    send(director, "/api/results-files/", "r.dat", data)
    send(director, f"/api/events/{event}/hand-records/", "h.pbn", data)
    for name in ("t.csv", "t.xlsx"):
        send(director, f"/api/sections/{fuzz_section.pk}/traveller-file/", name, data)


@FUZZ
@given(changes=edits, seed=st.sampled_from([PBN_RESULTS, USEBIO]))
def test_mutated_results_files_are_never_a_500(director, changes, seed):
    send(director, "/api/results-files/", "r.dat", mutated(seed, changes))


@FUZZ
@given(changes=edits)
def test_mutated_hand_records_are_never_a_500(director, fuzz_section, changes):
    url = f"/api/events/{fuzz_section.session.event_id}/hand-records/"
    send(director, url, "h.pbn", mutated(HAND_RECORDS, changes))


@FUZZ
@given(changes=edits, name=st.sampled_from(["t.csv", "t.xlsx"]))
def test_mutated_traveller_files_are_never_a_500(director, fuzz_section, changes, name):
    seed = CSV if name == "t.csv" else XLSX
    url = f"/api/sections/{fuzz_section.pk}/traveller-file/"
    send(director, url, name, mutated(seed, changes))


@FUZZ
@given(
    cells=st.lists(
        st.one_of(
            st.sampled_from([t.decode("latin-1") for t in TOKENS]),
            st.integers(min_value=-(10**30), max_value=10**30),
            st.text(max_size=8).map(lambda s: s.replace("\x00", "_x0000_")),
        ),
        min_size=6,
        max_size=8,
    )
)
def test_workbooks_of_odd_cells_are_never_a_500(director, fuzz_section, cells):
    header = ["board", "ns", "ew", "contract", "declarer", "result", "round", "table"]
    from openpyxl.utils.exceptions import IllegalCharacterError

    try:
        data = xlsx([header, cells])
    except IllegalCharacterError:  # openpyxl does not write control characters
        return
    url = f"/api/sections/{fuzz_section.pk}/traveller-file/"
    send(director, url, "t.xlsx", data)
