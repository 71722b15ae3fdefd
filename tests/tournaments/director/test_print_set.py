"""A section's print set: every traveller and every scorecard, A4, director-only."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from django.conf import settings
from django.urls import reverse
from section_play import play_line

from tournaments.models import Event, Pair, Section
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db

NAMES = ["Ann – Bob", "Cy – Di", "Ed – Flo", "Gil – Hal", "Ida – Jo", "Kim – Lou"]


def play(section: Section, board: int, ns: str, ew: str, contract: str, tricks: int):
    """``contract`` by N making ``tricks``, not rescored yet."""
    play_line(section, board, ns, ew, tricks, contract=contract, rescore=False)


@pytest.fixture
def small() -> Section:
    """A 3-table Mitchell (6 boards); board 1 played twice, 4H= and 4H+1,
    board 3 once, 3NT-1: the rest not played yet."""
    event = event_create(name="Club night", date=dt.date(2026, 11, 20))
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(names=name) for name in NAMES],
    )
    play(section, 1, "1NS", "1EW", "4H", 10)
    play(section, 1, "3NS", "2EW", "4H", 11)
    play(section, 3, "2NS", "2EW", "3NT", 8)
    rescore_section(section.pk)
    return section


def url(section: Section) -> str:
    return reverse("director:print-set", args=[section.pk])


def pages(body: str) -> dict[str, str]:
    """Each printed page by its id ("board-1", "pair-7"), the ranking as "ranking"."""
    parts = re.split(r'<section class="print-page ', body)[1:]
    found = {}
    for part in parts:
        match = re.match(r'[\w -]+" id="([\w-]+)"', part)
        found[match.group(1) if match else "ranking"] = part
    return found


def cells(html: str) -> list[list[str]]:
    """The text of each table row's cells."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        texts = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([re.sub(r"<[^>]+>", "", text).strip() for text in texts])
    return rows


def test_every_board_and_every_pair_has_its_page(director, small):
    response = director.get(url(small))
    assert response.status_code == 200
    found = pages(response.content.decode())
    pair_ids = {f"pair-{pair.pk}" for pair in small.pairs.all()}
    boards = {f"board-{number}" for number in range(1, 7)}
    assert set(found) == {"ranking"} | boards | pair_ids
    order = list(found)
    assert order[:7] == ["ranking"] + [f"board-{n}" for n in range(1, 7)]
    ns_first = [
        f"pair-{pair.pk}"
        for pair in sorted(
            small.pairs.all(), key=lambda p: (p.direction != "NS", p.number)
        )
    ]
    assert order[7:] == ns_first


def test_the_pages_are_a4_with_a_break_between_them(director, small):
    body = director.get(url(small)).content.decode()
    assert "print_set.css" in body
    with open(settings.BASE_DIR / "static" / "print_set.css") as sheet:
        css = sheet.read()
    assert "@page { size: A4;" in css
    assert ".print-page + .print-page { break-before: page;" in css


def test_a_traveller_shows_exact_matchpoints_and_percentages(director, small):
    found = pages(director.get(url(small)).content.decode())
    rows = cells(found["board-1"])
    header, first, second = rows
    assert header[-4:] == ["MP NS", "MP EW", "% NS", "% EW"]
    # 2 lines of 3 (Neuberg): 420 gets 0.5 of 4, 450 gets 3.5.
    assert first[:2] == ["1", "1"] and first[6:] == [
        "420",
        "",
        "0.5",
        "3.5",
        "12.50",
        "87.50",
    ]
    assert second[:2] == ["3", "2"] and second[6:] == [
        "450",
        "",
        "3.5",
        "0.5",
        "87.50",
        "12.50",
    ]
    assert first[2:6] == ["4♥", "N", "", "="] and second[5] == "+1"
    assert cells(found["board-2"])[1] == ["No result yet."]
    lone = cells(found["board-3"])[1]
    assert lone[6:] == ["", "50", "2", "2", "50.00", "50.00"]


def test_a_scorecard_names_the_opponents_with_mp_and_percent(director, small):
    pair = Pair.objects.get(section=small, number=2, direction="EW")
    found = pages(director.get(url(small)).content.decode())
    card = found[f"pair-{pair.pk}"]
    assert "Pair 2EW" in card and pair.names in card
    rows = cells(card)
    assert rows[0][-3:] == ["MP", "Top", "%"]
    board_one = rows[1]
    opponent = Pair.objects.get(section=small, number=3, direction="NS")
    assert board_one[:3] == ["1", "EW", f"3NS {opponent.names}"]
    assert board_one[6:] == ["-450", "0.5", "4", "12.50"]
    board_three = rows[2]
    assert board_three[:2] == ["3", "EW"] and board_three[6:] == [
        "50",
        "2",
        "4",
        "50.00",
    ]
    assert rows[-1][0] == "Total"


def test_it_is_for_directors_only(client, small, django_user_model):
    Event.objects.update(published=True)
    response = client.get(url(small))
    assert response.status_code == 302
    client.force_login(django_user_model.objects.create_user("p", password="pw"))
    assert client.get(url(small)).status_code == 302


def test_it_shows_travellers_the_public_may_not_see(director, small):
    Event.objects.update(results_hidden=True, published=False)
    found = pages(director.get(url(small)).content.decode())
    assert cells(found["board-1"])[1][6] == "420"


def test_an_unknown_section_or_a_teams_section_is_a_404(director, small):
    assert director.get(reverse("director:print-set", args=[999])).status_code == 404
    Event.objects.update(kind=Event.Kind.TEAMS)
    assert director.get(url(small)).status_code == 404


def test_the_section_page_links_to_it(director, small):
    body = director.get(reverse("director:section", args=[small.pk])).content.decode()
    assert url(small) in body


def test_a_large_section_renders_quickly_in_few_queries(
    director, django_assert_max_num_queries
):
    """13 tables, 26 boards, 338 lines: a constant handful of queries."""
    event = event_create(name="Big night", date=dt.date(2026, 11, 21))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 13, 2)
    )
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        for number in seating.boards:
            result_submit(
                board=boards[number], ns_pair=ns, ew_pair=ew, contract="4S",
                declarer="N", tricks=9 + (ns.number + ew.number + number) % 4,
                rescore=False,
            )  # fmt: skip
    rescore_section(section.pk)
    assert section.boards.count() == 26 and section.pairs.count() == 26
    started = time.monotonic()
    with django_assert_max_num_queries(15):
        response = director.get(url(section))
    elapsed = time.monotonic() - started
    assert response.status_code == 200
    found = pages(response.content.decode())
    assert len(found) == 1 + 26 + 26
    assert all(len(cells(found[f"board-{n}"])) == 1 + 13 for n in range(1, 27))
    assert elapsed < 10, elapsed


def test_an_imp_pairs_section_prints_imps(director):
    """Cross-IMPs: 450 against 420 is 30 points, 1 IMP each way."""
    event = event_create(
        name="IMP night", date=dt.date(2026, 11, 22), method="cross-imps"
    )
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    play(section, 1, "1NS", "1EW", "4H", 10)
    play(section, 1, "3NS", "2EW", "4H", 11)
    rescore_section(section.pk)
    found = pages(director.get(url(section)).content.decode())
    header, first, second = cells(found["board-1"])
    assert header[-2:] == ["IMP NS", "IMP EW"]
    assert first[-4:] == ["420", "", "-1", "1"]
    assert second[-4:] == ["450", "", "1", "-1"]
    pair = Pair.objects.get(section=section, number=3, direction="NS")
    card = cells(found[f"pair-{pair.pk}"])
    assert card[0][-1] == "IMPs" and card[1][-2:] == ["450", "1"]


def test_a_section_not_played_yet_prints_empty_pages(director):
    event = event_create(name="Tonight", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    response = director.get(url(section))
    assert response.status_code == 200
    found = pages(response.content.decode())
    assert len(found) == 1 + 6 + 6
    assert "No result yet." in found["ranking"]
    assert all(cells(found[f"board-{n}"])[1] == ["No result yet."] for n in range(1, 7))
