"""A board's traveller stays hidden until the last table enters it, in real
headless Chromium.

A 3-table Mitchell, 2 boards a round: board 1 is played at table 1 in round
1 (1NS v 1EW), at table 3 in round 2 (3NS v 2EW) and at table 2 in round 3
(2NS v 3EW).  Tables 1 and 3 have entered it; the public traveller page,
opened meanwhile, says it is hidden, and so does table 2's tablet, which has
not played it.  Table 2 enters it with the bid box: its tablet shows the
traveller so far, and the public page reloads by itself to the traveller.
"""

from __future__ import annotations

import datetime as dt

import pytest
from browser import pick, signed_in_tablet

from tournaments.models import Pair, Session
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_submit
from tournaments.services.table_rounds import table_move_on

pytestmark = pytest.mark.django_db(transaction=True)

HIDDEN = "Its traveller is hidden until every table has played this board."


def test_the_public_traveller_shows_once_the_last_table_entered(live_server, browser):
    event = event_create(name="Private travellers", date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    board = section.boards.get(number=1)
    # Love all: 4S= +420 at table 1, 4S+1 +450 at table 3.
    for round, table, ns, ew, tricks in ((1, 1, "1NS", "1EW", 10),
                                         (2, 3, "3NS", "2EW", 11)):  # fmt: skip
        result_submit(
            board=board, ns_pair=pairs[ns], ew_pair=pairs[ew], contract="4S",
            declarer="N", tricks=tricks,
            round=section.round_set.get(number=round),
            table=section.table_set.get(number=table),
        )  # fmt: skip
    table_two = section.table_set.get(number=2)
    table_move_on(table_two, 3)
    base = live_server.url
    traveller_url = f"{base}/sections/{section.pk}/boards/1/"
    public = browser.new_context().new_page()
    response = public.goto(traveller_url)
    assert response is not None and response.status == 403
    assert HIDDEN in public.inner_text("main")
    assert "+420" not in public.inner_text("main")
    assert public.locator("table.traveller-result").count() == 0

    tablet = signed_in_tablet(browser, base, table_two.code)
    # Table 2 has not played board 1: the public page is hidden to
    # it too, and the tablet has no traveller of a board of another
    # round of its own.
    seen = tablet.goto(traveller_url)
    assert seen is not None and seen.status == 403
    assert HIDDEN in tablet.inner_text("main")
    guessed = tablet.goto(f"{base}/table/play/1/board/1/")
    assert guessed is not None and guessed.status == 404

    tablet.goto(f"{base}/table/play/3/board/1/")
    assert tablet.locator("section.traveller").count() == 0
    pick(tablet, "level", "4")
    pick(tablet, "denomination", "S")
    pick(tablet, "declarer", "N")
    pick(tablet, "result", "-1")
    tablet.wait_for_function("document.getElementById('score').textContent === '-50'")
    tablet.click('button[name="save"]')
    tablet.wait_for_selector("section.traveller")
    rows = tablet.locator("section.traveller tbody tr").all_inner_texts()
    assert len(rows) == 3
    assert any("420" in row for row in rows)
    assert any("450" in row for row in rows)
    assert any("-50" in row for row in rows)

    # The public page, left open, reloads itself to the traveller.
    public.wait_for_selector("table.traveller-result", timeout=30_000)
    text = public.inner_text("main")
    assert HIDDEN not in text
    for score in ("420", "450", "50"):
        assert score in text
