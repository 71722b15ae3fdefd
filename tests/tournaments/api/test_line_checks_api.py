"""The live checks in a line's JSON (``checks``), and the director's fixes.

A line that is likely wrong carries ``[{"code", "message"}]`` in the API's
line, the section's list and the tablet's answers; the console fixes it in
one click through the one write path (the DB row corrected, audited, the
flag gone).  A flag never blocks the entry.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.double_dummy import DoubleDummyTable
from tournaments.models import Board, Result, ResultChange, Session, Source
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.line_pairs import pair_by_label
from tournaments.services.results import result_enter
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

DIRECTION = (
    "Declarer on the wrong side? Declared by S, the score would be 420, as the "
    "other tables or the hand record have it."
)


def spades_record(**seats: int) -> str:
    """A ``[DoubleDummyTricks]`` value: 7 tricks everywhere, spades as given."""
    rows = [
        (seat, denomination, seats.get(seat, 7) if denomination == "S" else 7)
        for seat in "NSEW"
        for denomination in ("NT", "S", "H", "D", "C")
    ]
    return DoubleDummyTable.from_rows(rows).to_pbn()


def table_auth(section, number):
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def post(client, url, data, headers=None):
    return client.post(url, data, content_type="application/json", headers=headers)


@pytest.fixture
def hand_record(section):
    """Board 1's hand record: North-South make 10 tricks in spades, East-West 3."""
    Board.objects.filter(section=section, number=1).update(
        dd_tricks=spades_record(N=10, S=10, E=3, W=3)
    )
    return section


def test_a_wrong_direction_from_a_tablet_is_stored_and_flagged(client, hand_record):
    section = hand_record
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "4S",
             "declarer": "E", "result": "="}  # fmt: skip
    response = post(client, url, entry, table_auth(section, 1))
    assert response.status_code == 201  # never blocked
    assert response.json()["score_ns"] == -420
    assert response.json()["checks"] == [{"code": "direction", "message": DIRECTION}]
    line = Result.objects.get()
    detail = client.get(
        reverse("api-result-detail", args=[line.pk]), headers=table_auth(section, 1)
    )
    assert detail.status_code == 200
    assert detail.json()["checks"] == [{"code": "direction", "message": DIRECTION}]


def test_the_section_list_carries_each_lines_checks(director, hand_record):
    section = hand_record
    url = reverse("api-section-results", args=[section.pk])
    wrong = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "4S",
             "declarer": "E", "result": "="}  # fmt: skip
    right = {"board": 2, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "="}  # fmt: skip
    assert post(director, url, wrong).status_code == 201
    assert post(director, url, right).status_code == 201
    rows = director.get(url).json()
    assert [(row["board"], row["checks"]) for row in rows] == [
        (1, [{"code": "direction", "message": DIRECTION}]),
        (2, []),
    ]


def test_the_message_is_in_french_for_a_french_reader(client, hand_record):
    section = hand_record
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "4S",
             "declarer": "E", "result": "="}  # fmt: skip
    response = client.post(
        url, entry, content_type="application/json",
        headers=table_auth(section, 1) | {"Accept-Language": "fr"},
    )  # fmt: skip
    assert response.json()["checks"] == [
        {
            "code": "direction",
            "message": "Déclarant du mauvais côté ? Joué par S, la marque serait "
            "420, comme aux autres tables ou selon l'analyse en double mort.",
        }
    ]


def test_the_tablets_answer_carries_the_checks(client, hand_record):
    section = hand_record
    client.post("/table/", {"code": section.table_set.get(number=1).code})
    entry = {"level": "4", "denomination": "S", "doubled": "", "declarer": "E",
             "result": "=", "key": "k" * 32, "save": "1"}  # fmt: skip
    response = client.post(
        "/table/play/1/board/1/", entry, headers={"Accept": "application/json"}
    )
    assert response.status_code == 200
    line = Result.objects.get()
    assert response.json() == {
        "status": "stored", "board": 1, "result": line.pk, "message": "",
        "checks": [{"code": "direction", "message": DIRECTION}],
    }  # fmt: skip
    page = client.get("/table/play/1/board/1/")
    text = page.content.decode()
    assert "unusual result: check" in text
    assert text.index("unusual result: check") < text.index("E-W agree")
    answer = {"answer": "agree", "result": str(line.pk)}
    agreed = client.post(
        "/table/play/1/board/1/answer/", answer, headers={"Accept": "application/json"}
    )
    assert agreed.json()["checks"] == [{"code": "direction", "message": DIRECTION}]
    assert (
        "unusual result: check"
        not in client.get("/table/play/1/board/1/").content.decode()
    )


def test_the_director_swaps_the_direction_in_one_click(director, hand_record):
    section = hand_record
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "4S",
             "declarer": "E", "result": "="}  # fmt: skip
    line_id = post(director, url, entry).json()["id"]
    fix = reverse("director:line-check-fix", args=[section.pk, line_id])
    response = director.post(fix, {"code": "direction"})
    assert response.status_code == 302
    line = Result.objects.get(pk=line_id)
    assert (line.contract, line.declarer, line.tricks, line.score_ns) == (
        "4S", "S", 10, 420,
    )  # fmt: skip
    change = ResultChange.objects.filter(board__section=section).latest("id")
    assert (change.before["declarer"], change.after["declarer"]) == ("E", "S")
    detail = director.get(reverse("api-result-detail", args=[line_id]))
    assert detail.json()["checks"] == []
    again = director.post(fix, {"code": "direction"}, follow=True)
    assert "has no &quot;direction&quot; fix to make now." in again.content.decode()
    assert Result.objects.get(pk=line_id).declarer == "S"


def test_a_tablet_cannot_apply_a_fix(client, hand_record):
    section = hand_record
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "4S",
             "declarer": "E", "result": "="}  # fmt: skip
    line_id = post(client, url, entry, table_auth(section, 1)).json()["id"]
    fix = reverse("director:line-check-fix", args=[section.pk, line_id])
    response = client.post(fix, {"code": "direction"})
    assert response.status_code == 302  # to the director's sign-in page
    assert response["Location"].startswith("/admin/login/")
    assert Result.objects.get(pk=line_id).declarer == "E"


@pytest.fixture
def five_tables():
    """A 5-table Mitchell of 2 boards a round, being played."""
    event = event_create(name="Thursday pairs", date=dt.date(2026, 11, 26))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 5, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    section.refresh_from_db()
    return section


def enter_field(section, number, contract, declarer, tricks, skip_table=1):
    """Every table but ``skip_table`` enters the same result on board ``number``."""
    movement = section_movement(section)
    board = section.boards.get(number=number)
    for seating in movement.seatings:
        if number not in seating.boards or seating.table == skip_table:
            continue
        result_enter(
            board=board,
            ns_pair=pair_by_label(section, movement.pair(seating.ns).label, "ns"),
            ew_pair=pair_by_label(section, movement.pair(seating.ew).label, "ew"),
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            source=Source.DIRECTOR,
        )


def table_one_pairs(section):
    return (
        section.pairs.get(number=1, direction="NS"),
        section.pairs.get(number=1, direction="EW"),
    )


def test_a_line_under_the_wrong_board_is_moved_in_one_click(director, five_tables):
    section = five_tables
    enter_field(section, 1, "4S", "N", 9)  # -50 at every other table
    enter_field(section, 2, "3NT", "N", 9)  # +600, North-South vulnerable
    ns, ew = table_one_pairs(section)
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "="}  # fmt: skip
    body = post(director, url, entry).json()
    assert body["checks"] == [
        {
            "code": "board",
            "message": "Another board? This result scores 600 on board 2 of this "
            "round, as the other tables there.",
        }
    ]
    fix = reverse("director:line-check-fix", args=[section.pk, body["id"]])
    assert director.post(fix, {"code": "board"}).status_code == 302
    line = Result.objects.get(pk=body["id"])
    assert (line.board.number, line.score_ns, line.ns_pair, line.ew_pair) == (
        2, 600, ns, ew,
    )  # fmt: skip
    rows = director.get(url).json()
    assert [row["checks"] for row in rows if row["id"] == body["id"]] == [[]]
    change = ResultChange.objects.filter(board__section=section).latest("id")
    assert change.board.number == 2
    assert (change.before["board_id"], change.after["board_id"]) == (
        section.boards.get(number=1).pk,
        section.boards.get(number=2).pk,
    )


def test_a_score_with_its_sign_reversed_is_fixed_in_one_click(director, five_tables):
    section = five_tables
    enter_field(section, 1, "4S", "N", 10)  # +420 at every other table
    ns, ew = table_one_pairs(section)
    # A line typed as a score (as an import or a traveller of scores brings it).
    line = Result.objects.create(
        board=section.boards.get(number=1), ns_pair=ns, ew_pair=ew,
        round=section.round_set.get(number=1), table=section.table_set.get(number=1),
        score_ns=-420, source=Source.IMPORT,
    )  # fmt: skip
    detail = director.get(reverse("api-result-detail", args=[line.pk]))
    assert detail.json()["checks"] == [
        {"code": "sign", "message": "Sign reversed? 420 is the score the other "
         "tables made."}
    ]  # fmt: skip
    fix = reverse("director:line-check-fix", args=[section.pk, line.pk])
    assert director.post(fix, {"code": "sign"}).status_code == 302
    line.refresh_from_db()
    assert (line.contract, line.score_ns) == ("", 420)
    detail = director.get(reverse("api-result-detail", args=[line.pk]))
    assert detail.json()["checks"] == []


def test_a_line_nothing_is_unusual_about_has_an_empty_list(director, section):
    url = reverse("api-section-results", args=[section.pk])
    entry = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "="}  # fmt: skip
    body = post(director, url, entry).json()
    assert body["checks"] == []
    detail = director.get(reverse("api-result-detail", args=[body["id"]]))
    assert detail.json()["checks"] == []
