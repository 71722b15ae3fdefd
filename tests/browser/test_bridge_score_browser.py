"""The tablet's own score (``static/bridge_score.js``) is ``games.bridge``'s.

The JS runs in headless Chromium over every contract (levels 1-7, five
denominations, undoubled, X and XX), every declarer, every vulnerability
and every number of tricks, and its figures are compared with Python's in
one comparison: the preview a tablet shows offline is the score stored.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from games.bridge import result_score, result_text

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "bridge_score.js"
LINES = [
    {"level": str(level), "denomination": strain, "doubled": doubled,
     "declarer": seat, "vulnerability": vulnerability, "tricks": tricks}
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for doubled in ("", "X", "XX")
    for seat in ("N", "E", "S", "W")
    for vulnerability in ("None", "NS", "EW", "All")
    for tricks in range(14)
]  # fmt: skip


def test_the_tablet_scores_every_contract_as_games_bridge(browser: Browser) -> None:
    page = browser.new_page()
    page.add_script_tag(path=str(SCRIPT))
    for line in LINES:
        contract = f"{line['level']}{line['denomination']}{line['doubled']}"
        line["result"] = result_text(contract, line["tricks"])
    device = page.evaluate(
        "lines => lines.map(line => DonneBridge.nsScore(line, line.vulnerability))",
        LINES,
    )
    python = [
        result_score(
            f"{line['level']}{line['denomination']}{line['doubled']}",
            line["declarer"],
            line["tricks"],
            1,
            vulnerability=line["vulnerability"],
        )
        for line in LINES
    ]
    assert len(LINES) == 7 * 5 * 3 * 4 * 4 * 14
    assert device == python
    assert page.evaluate("DonneBridge.nsScore({level: 'pass'}, 'All')") == 0
    vulnerable = page.evaluate("[1, 2, 3, 4, 17].map(DonneBridge.boardVulnerability)")
    assert vulnerable == ["None", "NS", "EW", "All", "None"]
