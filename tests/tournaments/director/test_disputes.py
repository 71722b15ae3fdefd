"""Second entries, disputes and their resolution, through the API, the
tablet and the director's pages: exact rows of the audit trail, flags and
HTTP codes, and what a tablet, a stranger or an anonymous caller may do."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Result, ResultChange, SectionScoring, Source
from tournaments.services.disputes import attempted_values, same_result
from tournaments.services.results import _entry as traveller_entry
from tournaments.services.results import result_answer, result_submit
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

# Table 1 plays boards 1-2 in round 1 (1NS v 1EW); board 1 is love all, so
# 3NT= by N is +400 and 3NT+1 +430.
BOARD_ONE = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "=", "lead": "SK"}  # fmt: skip
STORED = {
    "ns_pair_id": None, "ew_pair_id": None, "contract": "3NT", "declarer": "N",
    "lead": "SK", "tricks": 9, "score_ns": 400, "adjusted_ns": "", "adjusted_ew": "",
    "absent": "",
}  # fmt: skip


def auth(section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def post(client, url, data=None, headers=None):
    body = data or {}
    return client.post(url, body, content_type="application/json", headers=headers)


def enter(client, section, data, table=1, key="device-a"):
    url = reverse("api-section-results", args=[section.pk])
    headers = auth(section, table) | {"Idempotency-Key": key}
    return post(client, url, data, headers)


def stored(line: Result, **changes: object) -> dict[str, object]:
    return (
        STORED
        | {"ns_pair_id": line.ns_pair_id, "ew_pair_id": line.ew_pair_id}
        | (changes)
    )


def actions() -> list[str]:
    return list(ResultChange.objects.order_by("id").values_list("action", flat=True))


def dispute(client, section) -> Result:
    """Table 1 enters 3NT= by N; a second device says 3NT+1: refused."""
    assert enter(client, section, BOARD_ONE).status_code == 201
    second = BOARD_ONE | {"result": "+1"}
    assert enter(client, section, second, key="device-b").status_code == 409
    return Result.objects.get()


# -- a second entry ------------------------------------------------------------


@pytest.mark.parametrize(
    "again",
    [
        {},  # the same boxes
        {"result": "9"},  # the tricks rather than "="
        {"result": "+0", "lead": " sk ", "declarer": "n", "contract": "3nt"},
        {"lead": ""},  # the lead left out by the second device
    ],
)
def test_the_same_result_from_a_second_device_confirms_it(client, section, again):
    first = enter(client, section, BOARD_ONE)
    assert first.status_code == 201
    second = enter(client, section, BOARD_ONE | again, key="device-b")
    assert second.status_code == 200
    body = second.json()
    assert (body["id"], body["score_ns"], body["disputed"]) == (
        first.json()["id"],
        400,
        False,
    )
    line = Result.objects.get()
    assert not line.disputed and line.confirmed is None  # not the opponents'
    assert line.idempotency_key == "device-a" and line.lead == "SK"
    assert actions() == ["create", "same"]
    same = ResultChange.objects.get(action="same")
    assert same.before == stored(line)
    assert same.after == stored(line, lead=STORED["lead"] if again != {"lead": ""}
                                else "")  # fmt: skip
    assert (same.source, same.table.number, same.result_id) == ("table", 1, line.pk)


def test_the_same_result_again_confirms_an_agreed_line_too(client, section):
    enter(client, section, BOARD_ONE)
    line = Result.objects.get()
    result_answer(line, agree=True, source=Source.TABLE, table=line.table)
    again = enter(client, section, BOARD_ONE, key="device-b")
    assert again.status_code == 200 and again.json()["disputed"] is False
    assert actions() == ["create", "confirm", "same"]


def test_a_different_second_entry_is_refused_and_both_are_kept(client, section, td):
    line = dispute(client, section)
    assert line.disputed and line.tricks == 9 and line.score_ns == 400
    assert actions() == ["create", "refuse"]
    refused = ResultChange.objects.get(action="refuse")
    assert refused.before == stored(line)
    assert refused.after == stored(line, tricks=10, score_ns=430)
    # The director reads both on the board's audit trail.
    page = td.get(reverse("director:traveller", args=[section.pk, 1]))
    row = next(r for r in page.context["changes"] if r.action == "second entry refused")
    assert (row.who, row.before, row.after) == (
        "table 1",
        "1NS v 1EW: 3NT= by N, +400",
        "1NS v 1EW: 3NT+1 by N, +430",
    )


def test_a_refused_entry_on_the_tablet_is_a_409_and_flags_the_line(client, section):
    client.post("/table/", {"code": section.table_set.get(number=1).code})
    entry = {"level": "3", "denomination": "NT", "doubled": "", "declarer": "N",
             "result": "=", "key": "k1", "save": "1"}  # fmt: skip
    assert client.post("/table/play/1/board/1/", entry).status_code == 302
    same = client.post("/table/play/1/board/1/", entry | {"key": "k2"})
    assert same.status_code == 302  # confirmed: the result page
    assert not Result.objects.get().disputed
    other = client.post("/table/play/1/board/1/", entry | {"key": "k3", "result": "-1"})
    assert other.status_code == 409
    assert "only the director can change it now" in other.content.decode()
    assert Result.objects.get().disputed
    assert actions() == ["create", "same", "refuse"]


def test_another_tables_tablet_cannot_enter_or_confirm_the_line(client, section):
    enter(client, section, BOARD_ONE)
    response = enter(client, section, BOARD_ONE, table=2, key="other")
    assert response.status_code == 403
    assert actions() == ["create"]
    assert not Result.objects.get().disputed


# -- resolving a dispute through the API ---------------------------------------


def resolve_url(line: Result) -> str:
    return reverse("api-result-resolve", args=[line.pk])


def test_the_director_keeps_a_disputed_line_as_entered(client, section, td):
    line = dispute(client, section)
    response = post(td, resolve_url(line))
    assert response.status_code == 200
    assert (response.json()["disputed"], response.json()["score_ns"]) == (False, 400)
    line.refresh_from_db()
    assert not line.disputed and line.tricks == 9
    assert actions() == ["create", "refuse", "resolve"]
    resolved = ResultChange.objects.get(action="resolve")
    assert resolved.before == resolved.after == stored(line)
    assert (resolved.user, resolved.source) == (td.user, "api")
    again = post(td, resolve_url(line))  # a double click changes nothing
    assert again.status_code == 200
    assert actions() == ["create", "refuse", "resolve"]


@pytest.mark.parametrize("who", ["own table", "other table", "anonymous", "player"])
def test_only_a_director_resolves_a_dispute(client, section, who, django_user_model):
    line = dispute(client, section)
    headers = None
    if who == "own table":
        headers = auth(section, 1)
    elif who == "other table":
        headers = auth(section, 2)
    elif who == "player":
        player = django_user_model.objects.create_user("ada", password="pw")
        client.force_login(player)
    response = post(client, resolve_url(line), headers=headers)
    assert response.status_code == (401 if who == "anonymous" else 403)
    line.refresh_from_db()
    assert line.disputed
    assert actions() == ["create", "refuse"]


def test_resolving_a_missing_line_is_a_404(td):
    response = post(td, reverse("api-result-resolve", args=[999]))
    assert response.status_code == 404


def test_the_opponents_not_agreed_is_settled_by_a_correction(client, section, td):
    enter(client, section, BOARD_ONE)
    line = Result.objects.get()
    answer = post(client, reverse("api-result-dispute", args=[line.pk]),
                  headers=auth(section, 1))  # fmt: skip
    assert answer.status_code == 200 and answer.json()["disputed"] is True
    url = reverse("api-result-detail", args=[line.pk])
    corrected = td.patch(url, {"result": "+1"}, content_type="application/json")
    assert corrected.status_code == 200
    assert (corrected.json()["score_ns"], corrected.json()["disputed"]) == (430, False)
    assert actions() == ["create", "dispute", "correct", "resolve"]
    resolved = ResultChange.objects.get(action="resolve")
    assert resolved.before == stored(line)
    assert resolved.after == stored(line, tricks=10, score_ns=430)
    assert (resolved.user, resolved.source) == (td.user, "api")


# -- the director's console and traveller --------------------------------------


def test_the_console_lists_open_disputes_until_kept_as_entered(client, section, td):
    line = dispute(client, section)
    console = reverse("director:console", args=[section.pk])
    page = td.get(console)
    listed = [(d.board, d.table, d.players, d.result) for d in page.context["disputes"]]
    assert listed == [(1, 1, "1NS v 1EW", line.pk)]
    html = page.content.decode()
    assert "1 open dispute" in html
    assert reverse("director:traveller", args=[section.pk, 1]) in html
    keep = reverse("director:result-keep", args=[line.pk])
    assert keep in html
    response = td.post(keep, {"back": console})
    assert response.status_code == 302 and response["Location"] == console
    line.refresh_from_db()
    assert not line.disputed
    resolved = ResultChange.objects.get(action="resolve")
    assert (resolved.user, resolved.source) == (td.user, "director")
    page = td.get(console)
    assert page.context["disputes"] == []
    assert "open dispute" not in page.content.decode()


def test_keep_as_entered_goes_back_to_this_site_only(client, section, td):
    line = dispute(client, section)
    keep = reverse("director:result-keep", args=[line.pk])
    response = td.post(keep, {"back": "https://evil.example/"})
    assert response["Location"] == reverse("director:traveller", args=[section.pk, 1])


def test_keep_as_entered_is_the_directors(client, section, not_director):
    line = dispute(client, section)
    response = not_director.post(reverse("director:result-keep", args=[line.pk]))
    assert response.status_code == 302 and "/login/" in response["Location"]
    line.refresh_from_db()
    assert line.disputed
    assert actions() == ["create", "refuse"]


def test_keep_as_entered_is_a_post(client, section, td):
    line = dispute(client, section)
    assert td.get(reverse("director:result-keep", args=[line.pk])).status_code == 405
    assert Result.objects.get().disputed


def traveller_data(td, section, number=1, **changes):
    """The traveller form as the page shows it, with ``changes`` typed in."""
    url = reverse("director:traveller", args=[section.pk, number])
    rows = td.get(url).context["rows"]
    data = {"stay": ""}
    for row in rows:
        data |= {
            f"c{row.index}": row.contract,
            f"d{row.index}": row.declarer,
            f"l{row.index}": row.lead,
            f"r{row.index}": row.result,
        }
    return url, rows, data | changes


def test_the_traveller_flags_a_dispute_and_a_correction_settles_it(client, section, td):
    line = dispute(client, section)
    url, rows, data = traveller_data(td, section)
    flagged = [row for row in rows if row.disputed]
    assert [row.result_id for row in flagged] == [line.pk]
    html = td.get(url).content.decode()
    assert f'data-disputed="{line.pk}"' in html
    assert reverse("director:result-keep", args=[line.pk]) in html
    index = flagged[0].index
    response = td.post(url, data | {f"r{index}": "+1"})
    assert response.status_code == 302
    line.refresh_from_db()
    assert (line.tricks, line.score_ns, line.disputed) == (10, 430, False)
    assert actions() == ["create", "refuse", "correct", "resolve"]
    corrected = ResultChange.objects.get(action="correct")
    assert (corrected.user, corrected.source) == (td.user, "director")
    assert f'data-disputed="{line.pk}"' not in td.get(url).content.decode()


def test_an_unchanged_traveller_save_writes_nothing(client, section, td):
    line = dispute(client, section)
    result_submit(board=line.board, ns_pair=section.pairs.get(number=2, direction="NS"),
                  ew_pair=section.pairs.get(number=3, direction="EW"),
                  contract="4S", declarer="S", tricks=10)  # fmt: skip
    before = list(ResultChange.objects.values_list("id", flat=True))
    changes = SectionScoring.objects.get(section=section).changes
    url, _rows, data = traveller_data(td, section)
    assert td.post(url, data).status_code == 302
    assert list(ResultChange.objects.values_list("id", flat=True)) == before
    assert SectionScoring.objects.get(section=section).changes == changes
    line.refresh_from_db()
    assert line.disputed  # saving the board unchanged does not settle it


def test_a_directors_delete_is_logged_as_the_directors(client, section, td):
    enter(client, section, BOARD_ONE)
    line = Result.objects.get()
    url, rows, data = traveller_data(td, section)
    index = next(row.index for row in rows if row.result_id == line.pk)
    assert td.post(url, data | {f"x{index}": "on"}).status_code == 302
    assert not Result.objects.exists()
    deleted = ResultChange.objects.get(action="delete")
    assert (deleted.user, deleted.source) == (td.user, "director")
    assert deleted.before == stored(line) and deleted.after is None
    rows = td.get(url).context["changes"]
    assert [(r.who, r.action) for r in rows] == [
        ("td", "deleted"),
        ("table 1", "entered"),
    ]


def test_an_adjusted_score_settles_a_dispute_too(client, section, td):
    line = dispute(client, section)
    url, rows, data = traveller_data(td, section)
    index = next(row.index for row in rows if row.result_id == line.pk)
    adjusted = {f"c{index}": "A+/A-", f"d{index}": "", f"l{index}": "", f"r{index}": ""}
    assert td.post(url, data | adjusted).status_code == 302
    line.refresh_from_db()
    assert (line.adjusted_ns, line.adjusted_ew, line.disputed) == ("A+", "A-", False)
    assert actions() == ["create", "refuse", "adjust", "resolve"]


def test_a_closed_session_keeps_a_disputed_line_as_entered(client, section, td):
    line = dispute(client, section)
    close = reverse("director:session-status", args=[section.session_id, "close"])
    assert td.post(close, {"confirm": "1"}).status_code == 302
    # The line cannot change, but the director may still settle the flag.
    url = reverse("api-result-detail", args=[line.pk])
    refused = td.patch(url, {"result": "+1"}, content_type="application/json")
    assert refused.status_code == 400
    assert post(td, resolve_url(line)).json()["disputed"] is False
    line.refresh_from_db()
    assert (line.tricks, line.disputed) == (9, False)
    assert actions() == ["create", "refuse", "resolve"]


def test_a_tablet_cannot_correct_a_disputed_line_to_settle_it(client, section):
    line = dispute(client, section)
    url = reverse("api-result-detail", args=[line.pk])
    response = client.patch(
        url, {"result": "+1"}, content_type="application/json", headers=auth(section, 1)
    )
    assert response.status_code == 403
    assert "disputed" in response.json()["detail"]
    line.refresh_from_db()
    assert (line.tricks, line.disputed) == (9, True)
    assert actions() == ["create", "refuse"]


def test_the_same_contract_against_other_opponents_is_no_confirmation(section):
    """Without a movement to refuse them first (an imported section), a second
    entry naming another EW pair is a different line, not the same result."""
    line = result_submit(board=section.boards.get(number=1),
                         ns_pair=section.pairs.get(number=1, direction="NS"),
                         ew_pair=section.pairs.get(number=1, direction="EW"),
                         contract="3NT", declarer="N", tricks=9)  # fmt: skip
    other = section.pairs.get(number=2, direction="EW")
    values = {"ns_pair": line.ns_pair, "ew_pair": other, "contract": "3NT",
              "declarer": "N", "tricks": 9, "score_ns": 400}  # fmt: skip
    entry = traveller_entry(line.board, values, line.ns_pair, other, None, None, None)
    attempted = attempted_values(entry, line)
    assert attempted["ew_pair_id"] == other.pk
    assert not same_result(entry, stored(line) | {"lead": ""}, attempted)


def test_not_agreed_twice_calls_the_director_once(client, section):
    enter(client, section, BOARD_ONE)
    line = Result.objects.get()
    url = reverse("api-result-dispute", args=[line.pk])
    for _ in range(2):
        response = post(client, url, headers=auth(section, 1))
        assert response.status_code == 200 and response.json()["disputed"] is True
    assert actions() == ["create", "dispute"]
