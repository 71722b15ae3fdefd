"""A tablet writes only its table's current round, and never what the
opponents agreed; a closed session refuses every write, in every game.

Each test here failed on the main branch before the one write path (a token
rewrote a confirmed line with HTTP 200, stored lines of other rounds with
201, and Chinese and Barbu entries ignored closed sessions and rounds).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.chinese.services import chinese_hand_submit
from tournaments.models import (
    BarbuDeal,
    ChineseHand,
    Result,
    ResultChange,
    Section,
    Session,
    Source,
    WhizResult,
)
from tournaments.selectors.movement import section_movement
from tournaments.services import entry as entry_module
from tournaments.services.results import result_submit
from tournaments.services.table_rounds import current_round
from tournaments.services.tokens import issue_table_token
from tournaments.whiz.services import section_whiz_movement, whiz_result_answer

pytestmark = pytest.mark.django_db


def auth(section: Section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def post(client, url, data, headers=None):
    return client.post(url, data, content_type="application/json", headers=headers)


def seating_of(section: Section, table: int, round: int):
    movement = section_movement(section)
    seating = movement.seating(round, table)
    return (
        [n + section.first_board - 1 for n in seating.boards],
        movement.pair(seating.ns).label,
        movement.pair(seating.ew).label,
    )


def line(section, table, round, index=0, result="="):
    boards, ns, ew = seating_of(section, table, round)
    return {"board": boards[index], "ns": ns, "ew": ew, "contract": "3NT",
            "declarer": "N", "result": result}  # fmt: skip


def results_url(section):
    return reverse("api-section-results", args=[section.pk])


def play_round(client, section, table, round):
    """The tablet enters both boards of the round and the opponents agree."""
    headers = auth(section, table)
    for index in (0, 1):
        created = post(client, results_url(section), line(section, table, round, index),
                       headers)  # fmt: skip
        assert created.status_code == 201, created.json()
        url = reverse("api-result-confirm", args=[created.json()["id"]])
        assert post(client, url, {}, headers).status_code == 200


def test_a_token_cannot_write_a_future_round(client, section):
    response = post(client, results_url(section), line(section, 1, 2), auth(section, 1))
    assert response.status_code == 403
    assert "playing round 1" in response.json()["detail"]
    assert not Result.objects.exists()


def test_a_token_cannot_write_a_past_round(client, director, section):
    play_round(client, section, 1, 1)
    assert current_round(section.table_set.get(number=1)) == 2
    Result.objects.filter(board__number=line(section, 1, 1, 1)["board"]).delete()
    response = post(
        client, results_url(section), line(section, 1, 1, 1), auth(section, 1)
    )
    # Round 1 has a board missing again: the table is back in round 1 ...
    assert response.status_code == 201
    # ... but a table moved on by the director may not go back.
    url = reverse("api-table-round", args=[section.pk, 2])
    assert post(director, url, {"round": 3}).json() == {"table": 2, "round": 3}
    response = post(client, results_url(section), line(section, 2, 1), auth(section, 2))
    assert response.status_code == 403
    assert "playing round 3" in response.json()["detail"]


def test_an_agreed_line_is_locked_for_the_tablet(client, section):
    headers = auth(section, 1)
    created = post(client, results_url(section), line(section, 1, 1), headers).json()
    confirm = post(client, reverse("api-result-confirm", args=[created["id"]]), {},
                   headers)  # fmt: skip
    assert confirm.status_code == 200 and confirm.json()["confirmed"] is not None
    url = reverse("api-result-detail", args=[created["id"]])
    response = client.patch(
        url, {"result": "-1"}, content_type="application/json", headers=headers
    )
    assert response.status_code == 403
    assert "only the director" in response.json()["detail"]
    stored = Result.objects.get()
    assert stored.score_ns == 400 and stored.confirmed is not None
    actions = list(ResultChange.objects.values_list("action", flat=True))
    assert actions == ["create", "confirm"]


def test_the_director_corrects_an_agreed_line_and_it_is_audited(
    client, director, section
):
    created = post(client, results_url(section), line(section, 1, 1),
                   auth(section, 1)).json()  # fmt: skip
    post(client, reverse("api-result-confirm", args=[created["id"]]), {},
         auth(section, 1))  # fmt: skip
    url = reverse("api-result-detail", args=[created["id"]])
    response = director.patch(url, {"result": "-1"}, content_type="application/json")
    assert response.status_code == 200 and response.json()["score_ns"] == -50
    change = ResultChange.objects.get(action="correct")
    assert (change.before["score_ns"], change.after["score_ns"]) == (400, -50)
    assert change.source == Source.API and change.user.username == "td"


def test_another_table_cannot_confirm_a_line(client, section):
    created = post(client, results_url(section), line(section, 1, 1),
                   auth(section, 1)).json()  # fmt: skip
    url = reverse("api-result-confirm", args=[created["id"]])
    assert post(client, url, {}, auth(section, 2)).status_code == 403
    assert post(client, url, {}).status_code in (401, 403)
    assert Result.objects.get().confirmed is None


def test_a_dispute_flags_the_line_and_keeps_the_table_in_its_round(client, section):
    created = post(client, results_url(section), line(section, 1, 1),
                   auth(section, 1)).json()  # fmt: skip
    url = reverse("api-result-dispute", args=[created["id"]])
    response = post(client, url, {}, auth(section, 1))
    assert response.status_code == 200 and response.json()["disputed"] is True
    assert current_round(section.table_set.get(number=1)) == 1
    assert ResultChange.objects.filter(action="dispute").count() == 1


def test_the_round_endpoint_follows_the_table(client, director, section):
    url = reverse("api-table-round", args=[section.pk, 1])
    assert client.get(url, headers=auth(section, 1)).json() == {"table": 1, "round": 1}
    play_round(client, section, 1, 1)
    assert client.get(url, headers=auth(section, 1)).json() == {"table": 1, "round": 2}
    assert client.get(url, headers=auth(section, 2)).status_code == 404
    assert post(client, url, {"round": 3}, auth(section, 1)).status_code == 403
    assert post(director, url, {"round": 9}).status_code == 400
    assert post(director, url, {"round": 3}).json() == {"table": 1, "round": 3}


def test_the_terminal_refuses_a_board_of_another_round(client, section):
    client.post("/table/", {"code": section.table_set.get(number=1).code})
    boards, _ns, _ew = seating_of(section, 1, 2)
    entry = {"level": "3", "denomination": "NT", "doubled": "", "declarer": "N",
             "result": "=", "key": "k-1", "save": "1"}  # fmt: skip
    response = client.post(f"/table/play/2/board/{boards[0]}/", entry)
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_a_double_tap_that_races_is_a_replay_not_a_dispute(section, monkeypatch):
    """The same key twice at once: the twin is stored between the second
    write's read of the board (which saw nothing) and its insert, which then
    hits the unique constraint; it answers with the twin's line."""
    table = section.table_set.get(number=1)
    boards, ns, ew = seating_of(section, 1, 1)
    pairs = {p.label: p for p in section.pairs.all()}
    board = section.boards.get(number=boards[0])
    kwargs = {"board": board, "ns_pair": pairs[ns], "ew_pair": pairs[ew],
              "contract": "3NT", "declarer": "N", "tricks": 9, "table": table,
              "source": Source.TABLE, "key": "tap"}  # fmt: skip
    real_read = entry_module.lines_now

    def read_then_twin_lands(writer, entry):
        seen = real_read(writer, entry)
        monkeypatch.setattr(entry_module, "lines_now", real_read)
        twin.append(result_submit(**kwargs))
        return seen

    twin = []
    monkeypatch.setattr(entry_module, "lines_now", read_then_twin_lands)
    second = result_submit(**kwargs)
    assert second.pk == twin[0].pk
    stored = Result.objects.get()
    assert not stored.disputed
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["create"]


def test_a_closed_session_refuses_a_chinese_hand(api):
    body = {"name": "Chinese night", "date": "2026-11-20", "hands": 2,
            "players": [{"name": n} for n in ("Ann", "Ben", "Cat", "Dan")]}  # fmt: skip
    event = api.post(reverse("api-chinese-event-new"), body, "application/json").json()
    url = reverse("api-chinese-matches", args=[event["section"]])
    data = {"round": 1, "table": 1, "hand": 1, "tricks_a": 15}
    assert api.post(url, data, "application/json").status_code == 201
    Session.objects.update(status=Session.Status.CLOSED)
    response = api.post(url, data | {"tricks_a": 2}, "application/json")
    assert response.status_code == 400
    assert "closed" in str(response.json())
    assert ChineseHand.objects.get().tricks_a == 15
    section = Section.objects.get(pk=event["section"])
    match = section.chinese_matches.get(round=1, table=1)
    with pytest.raises(ValidationError):
        chinese_hand_submit(match=match, number=1, tricks_a=3)
    changes = ResultChange.objects.filter(section=section)
    assert [(c.action, c.after) for c in changes] == [
        ("create", {"tricks_a": 15, "tricks_b": 11})
    ]


def test_a_chinese_tablet_writes_its_current_round_only(api, client):
    body = {"name": "Chinese night", "date": "2026-11-20", "hands": 2,
            "players": [{"name": n} for n in ("Ann", "Ben", "Cat", "Dan")]}  # fmt: skip
    event = api.post(reverse("api-chinese-event-new"), body, "application/json").json()
    section = Section.objects.get(pk=event["section"])
    url = reverse("api-chinese-matches", args=[section.pk])
    headers = auth(section, 1)
    later = {"round": 2, "hand": 1, "tricks_a": 14}
    assert post(client, url, later, headers).status_code == 403
    for number in (1, 2):
        first = {"round": 1, "hand": number, "tricks_a": 14}
        assert post(client, url, first, headers).status_code == 201
    # Both hands in, but not yet agreed by the opponent: still round 1.
    assert post(client, url, later, headers).status_code == 403
    answer = reverse("api-chinese-answer", args=[section.pk])
    for number in (1, 2):
        agreed = {"round": 1, "hand": number, "agree": True}
        response = post(client, answer, agreed, headers)
        assert response.status_code == 200
        assert response.json()["hands"][number - 1]["confirmed"] is True
    assert post(client, url, later, headers).status_code == 201
    response = post(client, url, {"round": 1, "hand": 1, "tricks_a": 1}, headers)
    assert response.status_code == 403
    assert ChineseHand.objects.get(match__round=1, number=1).tricks_a == 14


def test_a_barbu_token_cannot_overwrite_an_earlier_round(api, client):
    body = {"name": "Barbu night", "date": "2026-11-20",
            "players": [{"name": n} for n in "ABCDEFGH"]}  # fmt: skip
    event = api.post(reverse("api-barbu-event-new"), body, "application/json").json()
    section = Section.objects.get(pk=event["section"])
    url = reverse("api-barbu-deals", args=[section.pk])
    deal = {"round": 1, "contract": "tricks",
            "record": {"tricks": {"N": 5, "E": 4, "S": 3, "W": 1}}}  # fmt: skip
    headers = auth(section, 1)
    assert post(client, url, deal | {"round": 2}, headers).status_code == 403
    assert post(client, url, deal, headers).status_code == 201
    # The director keys the rest of round 1: table 1 moves on to round 2.
    BarbuDeal.objects.filter(table__number=1).update(source=Source.DIRECTOR)
    table = section.table_set.get(number=1)
    table.moved_to_round = 2
    table.save()
    changed = deal | {"record": {"tricks": {"N": 1, "E": 4, "S": 3, "W": 5}}}
    assert post(client, url, changed, headers).status_code == 403
    assert BarbuDeal.objects.get().points_n == -10
    Session.objects.update(status=Session.Status.CLOSED)
    response = post(api.client, url, changed | {"table": 1})
    assert response.status_code == 400 and "closed" in str(response.json())


def whiz_night(api) -> Section:
    """A Whiz of twelve players, a board a round, created through the API."""
    names = ["Ada", "Bea", "Cyd", "Dot", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jon",
             "Kim", "Lou"]  # fmt: skip
    body = {"name": "Whiz night", "date": "2026-11-20", "boards_per_round": 1,
            "players": [{"name": n} for n in names]}  # fmt: skip
    event = api.post(reverse("api-whiz-event-new"), body, "application/json").json()
    return Section.objects.get(pk=event["section"])


def test_a_whiz_tablet_is_bound_to_its_round_and_a_director_corrects(api, client):
    section = whiz_night(api)
    movement = section_whiz_movement(section)
    later = next(s for s in movement.seatings if s.table == 1 and s.round == 2)
    url = reverse("api-whiz-results", args=[section.pk])
    headers = auth(section, 1)
    line = {"contract": "10S", "declarer": "N", "result": "="}
    response = post(client, url, line | {"board": later.boards[0]}, headers)
    assert response.status_code == 403
    first = next(s for s in movement.seatings if s.table == 1 and s.round == 1)
    created = post(client, url, line | {"board": first.boards[0]}, headers)
    assert created.status_code == 201
    # The director's second entry for the same board is refused too: the
    # director corrects the stored line instead (it used to overwrite it).
    response = api.post(
        url, line | {"board": first.boards[0], "table": 1, "result": "+1"},
        "application/json",
    )  # fmt: skip
    assert response.status_code == 400
    assert WhizResult.objects.get().tricks == 10
    stored = WhizResult.objects.get()
    whiz_result_answer(stored, agree=True, source=Source.TABLE,
                       table=section.table_set.get(number=1))  # fmt: skip
    assert current_round(section.table_set.get(number=1)) == 2
    assert [c.action for c in ResultChange.objects.filter(section=section)] == [
        "create", "confirm"
    ]  # fmt: skip


def test_a_director_corrects_a_whiz_line_through_the_api(api, client):
    section = whiz_night(api)
    first = next(
        s for s in section_whiz_movement(section).seatings
        if s.table == 1 and s.round == 1
    )  # fmt: skip
    url = reverse("api-whiz-results", args=[section.pk])
    line = {"board": first.boards[0], "contract": "10S", "declarer": "N",
            "result": "="}  # fmt: skip
    created = post(client, url, line, auth(section, 1)).json()
    detail = reverse("api-whiz-result-detail", args=[created["id"]])
    # Another table's tablet may not touch it; its own may, until agreed.
    other = client.patch(detail, {"result": "+1"}, content_type="application/json",
                         headers=auth(section, 2))  # fmt: skip
    assert other.status_code == 403
    own = client.patch(detail, {"result": "+1"}, content_type="application/json",
                       headers=auth(section, 1))  # fmt: skip
    assert own.status_code == 200 and own.json()["tricks"] == 11
    stored = WhizResult.objects.get()
    whiz_result_answer(stored, agree=True, source=Source.TABLE,
                       table=section.table_set.get(number=1))  # fmt: skip
    locked = client.patch(detail, {"result": "-1"}, content_type="application/json",
                          headers=auth(section, 1))  # fmt: skip
    assert locked.status_code == 403
    fixed = api.client.patch(detail, {"contract": "9S", "tricks": 8},
                             content_type="application/json")  # fmt: skip
    assert fixed.status_code == 200
    assert (fixed.json()["contract"], fixed.json()["tricks"]) == ("9S", 8)
    actions = [c.action for c in ResultChange.objects.filter(section=section)]
    assert actions == ["create", "correct", "confirm", "correct"]


def test_a_write_chosen_as_a_deadlock_victim_is_run_again(monkeypatch):
    """PostgreSQL aborts one of two deadlocked transactions (40P01): the
    write path runs it again rather than answer 500; other errors go up."""
    from django.db import OperationalError

    from tournaments.services.entry import retried

    class Deadlock(Exception):
        sqlstate = "40P01"

    attempts = []

    def work():
        attempts.append(1)
        if len(attempts) == 1:
            raise OperationalError("deadlock detected") from Deadlock()
        return "stored"

    # The test runs inside a transaction: take the path of a top-level write.
    monkeypatch.setattr(entry_module, "in_transaction", lambda: False)
    assert retried(work) == "stored" and len(attempts) == 2

    def broken():
        raise OperationalError("disk full")

    with pytest.raises(OperationalError, match="disk full"):
        retried(broken)
    monkeypatch.setattr(entry_module, "in_transaction", lambda: True)
    attempts.clear()
    with pytest.raises(OperationalError, match="deadlock"):
        retried(work)
