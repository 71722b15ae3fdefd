"""A tablet entering boards with no server: the bid box, the device's score,
the kept line's panel, the opponents' answer and the next board in the page
(``static/terminal.js``), for the offline browser tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from browser import pick

from games.bridge import result_score

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Board -> (level, denomination, doubled, declarer, result): a game, a
# defeated no-trump and a doubled undertrick, so the scores differ by side,
# doubling and vulnerability (boards 1-3: none, NS, EW vulnerable).
LINES = {
    1: ("4", "S", "", "N", "="),
    2: ("3", "NT", "", "E", "+1"),
    3: ("4", "H", "X", "S", "-2"),
}


def expected_score(number: int) -> int:
    """NS's score of board ``number``'s line, by ``games.bridge``."""
    level, strain, doubled, declarer, result = LINES[number]
    tricks = 6 + int(level) + (0 if result == "=" else int(result))
    return result_score(f"{level}{strain}{doubled}", declarer, tricks, number)


def enter_kept_board(page: Page, number: int) -> None:
    """Enter board ``number`` in the bid box open on ``page``; check the
    device's score; save it (kept on the tablet); E-W agree."""
    assert page.get_attribute("#entry", "data-board-number") == str(number)
    level, strain, doubled, declarer, result = LINES[number]
    for name, value in (("level", level), ("denomination", strain),
                        ("doubled", doubled), ("declarer", declarer),
                        ("result", result)):  # fmt: skip
        pick(page, name, value)
    assert page.inner_text("#score") == str(expected_score(number))
    page.click('button[name="save"]')
    page.wait_for_selector("#kept .queue-state")
    assert "Kept on this tablet" in page.inner_text("#kept")
    assert str(expected_score(number)) in page.inner_text("#kept .score")
    page.click('#kept button[data-answer="agree"]')
    page.wait_for_selector("#kept:not(:has(button[data-answer]))")


def enter_three_boards_offline(page: Page) -> None:
    """Boards 1-3 of round 1, the board 1 page open, the network cut."""
    for number in (1, 2, 3):
        enter_kept_board(page, number)
        if number < 3:
            page.click("#kept button.next-board")
            page.wait_for_selector("#entry:not([hidden])")
