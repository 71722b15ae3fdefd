"""Chinese bridge to a number of points, through the tablet (issue 22, item 5).

« La partie se joue en un nombre de points ou en un nombre de manches qui a
été fixé à l'avance (par exemple 100 points, ou 12 manches). » A match to
100 ends after the hand in which a player reaches 100 ahead; level totals at
or over 100 play on (the rule book is silent on ties: Donne plays on until
they differ, ``games.chinese_bridge``).  Players deal in turn, player a
first; the other player agrees with each hand or calls the director; every
refusal is a readable message naming its field.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import (
    ChineseHand,
    ChinesePlayer,
    ChineseSettings,
    Event,
    Section,
)

pytestmark = pytest.mark.django_db

# Ann (a) v Ben (b), to 100: Ann's tricks a hand, Ben's are 26 minus them.
#   hand  dealer  tricks   running totals
#   1     Ann     15-11    15-11
#   2     Ben     10-16    25-27
#   3     Ann     14-12    39-39
#   4     Ben     20-6     59-45
#   5     Ann     13-13    72-58
#   6     Ben     12-14    84-72
#   7     Ann     16-10    100-82  Ann reaches 100, ahead: the match is over.
TO_100 = [15, 10, 14, 20, 13, 12, 16]


def create(api, names=("Ann", "Ben"), **settings) -> dict:
    body = {
        "name": "Chinese to 100",
        "date": "2026-11-20",
        "players": [{"name": n} for n in names],
    } | settings
    response = api.post(reverse("api-chinese-event-new"), body, "application/json")
    assert response.status_code == 201, response.json()
    return response.json()


class Tablet:
    """Table 1's tablet, signed in; each post runs the scoring it queues."""

    def __init__(self, event: dict, capture) -> None:
        section = Section.objects.get(pk=event["section"])
        self.client, self.capture = Client(), capture
        code = section.table_set.get(number=1).code
        assert self.client.post("/table/", {"code": code}).status_code == 302

    def post(self, data: dict):
        with self.capture(execute=True):
            return self.client.post("/table/play/", {"round": "1"} | data)

    def enter(self, number: int, tricks: object, status: int = 302):
        response = self.post({"hand": str(number), "tricks_a": str(tricks)})
        assert response.status_code == status, response.content.decode()[-600:]
        return response

    def agree(self, number: int, answer: str = "agree"):
        response = self.post({"hand": str(number), "answer": answer})
        assert response.status_code == 302
        return response

    def page(self) -> str:
        return self.client.get("/table/play/?round=1").content.decode()


@pytest.fixture
def tablet(api, django_capture_on_commit_callbacks):
    event = create(api, target=100)
    return Tablet(event, django_capture_on_commit_callbacks)


def test_a_game_to_100_ends_after_the_hand_that_reaches_it(tablet):
    page = tablet.page()
    assert "match to 100 points" in page
    assert "Hand 1 · dealer Ann" in page and "Hand 2" not in page
    for number, tricks in enumerate(TO_100, start=1):
        tablet.enter(number, tricks)
        if number < 7:
            tablet.agree(number)
    # Hand 7 ends the match: an eighth is refused, naming the hand.
    refused = tablet.enter(8, 13, status=400)
    assert "The match ended after hand 7 (100 to 82): hand 8 cannot follow it." in (
        refused.content.decode()
    )
    tablet.agree(7)
    page = tablet.page()
    # Dealers alternate, Ann first: the odd hands are hers.
    for number in range(1, 8):
        dealer = "Ann" if number % 2 else "Ben"
        assert f"Hand {number} · dealer {dealer}" in page
    assert "100 – 82" in page and "match over" in page
    assert "Hand 8" not in page  # nothing more to enter
    # Every hand agreed: the table has played its round; the tablet is done.
    done = tablet.enter(8, 13, status=403)
    assert "Table 1 has played every round: call the director." in (
        done.content.decode()
    )
    assert ChineseHand.objects.count() == 7
    assert all(hand.confirmed for hand in ChineseHand.objects.all())
    # A won match scores 1, a lost one 0; points are the tricks.
    ranking = [
        (p.display_name, p.rank, p.score, p.points)
        for p in ChinesePlayer.objects.order_by("position")
    ]
    assert ranking == [("Ann", "1", 1.0, 100.0), ("Ben", "2", 0.0, 82.0)]


def test_level_totals_over_the_target_play_on(api, django_capture_on_commit_callbacks):
    """Seven hands of 13-13 make 91-91; the eighth 104-104: both are over
    100 but level, so a ninth is played, 14-12: 118-116, Ann wins."""
    tablet = Tablet(create(api, target=100), django_capture_on_commit_callbacks)
    for number in range(1, 9):
        tablet.enter(number, 13)
    assert "Hand 9 · dealer Ann" in tablet.page()
    tablet.enter(9, 14)
    tablet.enter(10, 13, status=400)
    ann, ben = ChinesePlayer.objects.order_by("position")
    assert (ann.display_name, ann.points, ann.score) == ("Ann", 118.0, 1.0)
    assert (ben.points, ben.score) == (116.0, 0.0)


def test_hands_go_in_order_and_a_correction_cannot_strand_a_later_hand(
    api, django_capture_on_commit_callbacks
):
    """To 50: 20-6, 20-6 (40-12), 5-21 (45-33), 10-16 (55-49, over).
    Correcting hand 3 to 21-5 would end the match after hand 3 (61-17)
    with hand 4 entered: refused, naming the tricks."""
    event = create(api, target=50)
    tablet = Tablet(event, django_capture_on_commit_callbacks)
    tablet.enter(1, 20)
    skipped = tablet.enter(3, 20, status=400)
    assert "Enter hand 2 first." in skipped.content.decode()
    for number, tricks in ((2, 20), (3, 5), (4, 10)):
        tablet.enter(number, tricks)
    url = reverse("api-chinese-matches", args=[event["section"]])
    body = {"round": 1, "table": 1, "hand": 3, "tricks_a": 21}
    response = api.post(url, body, "application/json")
    assert response.status_code == 400
    assert response.json() == {
        "tricks_a": [
            "The match ended after hand 3 (61 to 17): hand 4 cannot follow it."
        ]
    }
    assert ChineseHand.objects.get(number=3).tricks_a == 5


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        ({"hand": "1", "tricks_a": "abc"}, "Tricks: Enter a whole number."),
        ({"hand": "x", "tricks_a": "13"}, "Hand: Enter a whole number."),
        (
            {"hand": "1", "tricks_a": "30"},
            "Tricks: Ensure this value is less than or equal to 26.",
        ),
        ({"hand": "1", "tricks_a": ""}, "Tricks: This field is required."),
        ({"hand": "1", "answer": "maybe"}, "Answer: Select a valid choice."),
    ],
)
def test_bad_input_is_a_readable_400(tablet, data, shown):
    response = tablet.post(data)
    assert response.status_code == 400
    page = response.content.decode()
    assert shown in page
    assert "invalid literal" not in page
    assert not ChineseHand.objects.exists()


def test_the_opponent_agrees_or_calls_the_director(tablet):
    tablet.enter(1, 15)
    page = tablet.page()
    assert "Ben, do you agree?" in page and "15 – 11" in page
    tablet.agree(1)
    hand = ChineseHand.objects.get()
    assert hand.confirmed is not None and not hand.disputed
    assert "Agreed by Ben." in tablet.page()
    # Agreed: the tablet cannot change it any more, only the director.
    refused = tablet.enter(1, 16, status=403)
    assert "is agreed: only the director can change it now." in (
        refused.content.decode()
    )
    tablet.enter(2, 10)
    tablet.agree(2, "dispute")
    second = ChineseHand.objects.get(number=2)
    assert second.disputed and second.confirmed is None
    assert "The director is called." in tablet.page()
    tablet.enter(2, 11, status=403)
    assert ChineseHand.objects.get(number=2).tricks_a == 10


def test_a_round_stays_open_until_every_hand_is_agreed(
    api, django_capture_on_commit_callbacks
):
    """Four players, two hands a match: table 1 moves to round 2 once its
    round-1 match has both hands and Dan (its b) agreed with both."""
    from tournaments.services.table_rounds import current_round

    event = create(api, names=("Ann", "Ben", "Cat", "Dan"), hands=2)
    tablet = Tablet(event, django_capture_on_commit_callbacks)
    table = Section.objects.get(pk=event["section"]).table_set.get(number=1)
    tablet.enter(1, 15)
    tablet.enter(2, 12)
    assert current_round(table) == 1
    tablet.agree(1)
    assert current_round(table) == 1
    tablet.agree(2)
    assert current_round(table) == 2


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"target": 5}, "target"),
        ({"target": 501}, "target"),
        ({"target": 100, "duplicate": True}, "target"),
        ({"target": "lots"}, "target"),
    ],
)
def test_a_bad_target_is_a_400_naming_it(api, settings, field):
    body = {
        "name": "x", "date": "2026-11-20",
        "players": [{"name": n} for n in ("Ann", "Ben")],
    } | settings  # fmt: skip
    response = api.post(reverse("api-chinese-event-new"), body, "application/json")
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not ChineseSettings.objects.exists()


def test_the_target_is_stored_and_shown(api):
    event = create(api, target=100)
    settings = ChineseSettings.objects.get()
    assert (settings.target, settings.hands) == (100, 0)
    page = api.get(reverse("director:event", args=[event["id"]])).content.decode()
    assert "match to 100 points" in page


def test_the_api_takes_the_opponents_answer(api, client):
    """A table token agrees or disputes its own table's hands only."""
    from tournaments.models import Table
    from tournaments.services.tokens import issue_table_token

    event = create(api, names=("Ann", "Ben", "Cat", "Dan"), hands=2)
    section = event["section"]
    matches = reverse("api-chinese-matches", args=[section])
    answer = reverse("api-chinese-answer", args=[section])

    def token(number: int) -> dict[str, str]:
        table = Table.objects.get(section_id=section, number=number)
        return {"Authorization": f"Table {issue_table_token(table)}"}

    def post(url, data, number=1):
        return client.post(
            url, data, content_type="application/json", headers=token(number)
        )

    assert post(matches, {"round": 1, "hand": 1, "tricks_a": 15}).status_code == 201
    missing = post(answer, {"round": 1, "hand": 2, "agree": True})
    assert missing.status_code == 400 and list(missing.json()) == ["hand"]
    other = post(answer, {"round": 1, "table": 1, "hand": 1, "agree": True}, 2)
    assert other.status_code == 403
    disputed = post(answer, {"round": 1, "hand": 1, "agree": False})
    assert disputed.status_code == 200
    assert disputed.json()["hands"] == [
        {"hand": 1, "tricks_a": 15, "tricks_b": 11, "confirmed": False,
         "disputed": True},
    ]  # fmt: skip
    # Disputed: the tablet may no longer change it.
    again = post(matches, {"round": 1, "hand": 1, "tricks_a": 16})
    assert again.status_code == 403
    assert ChineseHand.objects.get().tricks_a == 15


def test_the_director_creates_a_match_to_100_from_the_form(director):
    base = {
        "name": "Chinese night", "date": "2026-11-27", "players": "Ann\nBen\nCat",
        "format": "round-robin", "hands": "4", "rounds": "",
    }  # fmt: skip
    url = reverse("director:chinese-event-new")
    bad = director.post(url, base | {"target": "100", "duplicate": "on"})
    assert bad.status_code == 400
    assert bad.context["form"].errors == {
        "target": ["A duplicate event plays a set number of hands."]
    }
    assert director.post(url, base | {"target": "100"}).status_code == 302
    settings = ChineseSettings.objects.get()
    assert (settings.target, settings.hands) == (100, 0)
    event = settings.section.session.event
    Event.objects.filter(pk=event.pk).update(published=True)
    page = Client().get(reverse("results:event", args=[event.pk])).content.decode()
    assert "match to 100 points" in page


def test_a_swiss_to_30_pairs_round_two_once_round_one_is_over(api):
    """Four players, a Swiss of 2 rounds, matches to 30.  Table 1 (1 v 2):
    20-6 then 12-14, 32-20: over after 2 hands.  Table 2 (3 v 4): 13-13,
    13-13 (26-26), then 5-21 (31-47): over after 3 hands.  Round 2 is paired
    only then: the winners 4 and 1 meet, and the losers 3 and 2."""
    event = create(api, names=("Ann", "Ben", "Cat", "Dan"), format="swiss",
                   rounds=2, target=30)  # fmt: skip
    url = reverse("api-chinese-matches", args=[event["section"]])

    def hand(table, number, tricks):
        body = {"round": 1, "table": table, "hand": number, "tricks_a": tricks}
        response = api.post(url, body, "application/json")
        assert response.status_code == 201, response.json()

    hand(1, 1, 20)
    hand(1, 2, 12)
    hand(2, 1, 13)
    hand(2, 2, 13)
    assert {m["round"] for m in api.get(url).json()} == {1}
    hand(2, 3, 5)
    second = [m for m in api.get(url).json() if m["round"] == 2]
    # Paired on the standings: 4 (won, 47 points) before 1 (won, 32), then
    # 3 (31) before 2 (20).
    assert sorted((m["a"], m["b"]) for m in second) == [(3, 2), (4, 1)]
    first = {m["table"]: m for m in api.get(url).json() if m["round"] == 1}
    assert (first[1]["points_a"], first[1]["points_b"]) == (32, 20)
    assert (first[2]["points_a"], first[2]["points_b"], first[2]["hands_played"]) == (
        31, 47, 3,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("tricks", "over"),
    [
        ([], False),
        ([26, 26, 26], False),  # 78-0
        ([26, 26, 26, 22], True),  # 100-4
        ([13] * 8, False),  # 104-104: level, play on
        ([13] * 8 + [14], True),
        ([0, 0, 0, 0], True),  # 0-104: b wins
    ],
)
def test_when_a_match_to_100_is_over(tricks, over):
    from tournaments.chinese.services import match_finished

    settings = ChineseSettings(target=100, hands=0)
    assert match_finished(settings, tricks) is over
    fixed = ChineseSettings(target=0, hands=4)
    assert match_finished(fixed, tricks) is (len(tricks) >= 4)


def test_a_tablet_cannot_reach_past_its_match(api, django_capture_on_commit_callbacks):
    """Tampered posts: a hand beyond the match's four, a later round."""
    event = create(api, names=("Ann", "Ben", "Cat", "Dan"), hands=4)
    tablet = Tablet(event, django_capture_on_commit_callbacks)
    beyond = tablet.enter(5, 13, status=400)
    assert "A match has hands 1 to 4." in beyond.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        later = tablet.client.post(
            "/table/play/", {"round": "2", "hand": "1", "tricks_a": "13"}
        )
    assert later.status_code == 403
    assert "Table 1 is playing round 1" in later.content.decode()
    odd = tablet.client.get("/table/play/?round=abc")
    assert odd.status_code == 200 and "round 1" in odd.content.decode()
    assert not ChineseHand.objects.exists()
