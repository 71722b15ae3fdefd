"""Plausible club-night table results for a deal: demo data, not a bridge engine.

Demo events need travellers that read like a real club night: games bid on
most boards where they belong, the odd slam, contracts that go one or two
down, a doubled part-score now and then. A bidding and double-dummy engine
would be overkill; these rules of thumb are enough:

* Passed out: no hand is worth an opening (the strongest holds at most
  ``PASS_OUT_MAX_HCP`` and nobody has a six-card suit to pre-empt with).
* Declaring side: the side with more high-card points; on a close deal the
  weaker side sometimes wins a part-score battle with a trump fit.
* Strain: an 8+ card major fit; else no-trump with no singleton or void in
  either hand; else an 8+ card minor fit; else the longest combined suit
  (no-trump for a game or slam).
* Level: from the side's points (HCP, plus length and shortness once a
  trump fit is found): part-scores up to ~22, game more and more often from
  22 to 27 and always above, small slams sometimes from 30, grands from 33;
  minor-suit games are mostly played in 3NT.
* Declarer: the hand with more trumps, or the stronger hand in no-trump.
* Tricks: an estimate from HCP, fit, ruffing value and the trump split, plus
  the lie of the cards (drawn from the deal, so shared by every table) and a
  table's own spread (drawn from ``rng``).
* Doubles: some failing part-scores are doubled when the defence holds
  values; a few failing games too, and rarely a part-score that makes.
* Lead: by the hand on declarer's left, a suit chosen by the usual lead
  preferences (sequences, length against no-trump, short suits against a
  trump contract, not declarer's suit) and the card by the usual conventions.

Everything is drawn from the ``random.Random`` given, so a seed replays the
same results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bridge import MAX_TRICKS, PASS
from games.deal import Deal
from games.simulate.contract import _choose
from games.simulate.lead import _opening_lead
from games.simulate.tricks import (
    MAX_UNDERTRICKS,
    TABLE_SPREAD_SD,
    _deal_luck,
    _expected_tricks,
    _with_double,
)

__all__ = ["TableResult", "estimate_contract", "simulate_table_result"]


@dataclass(frozen=True)
class TableResult:
    """One table's result as a traveller holds it, in the forms PBN uses.

    ``contract`` is e.g. "4S", "3NTX" or "Pass"; ``declarer`` "N", "E", "S",
    "W" ("" when passed out); ``tricks`` taken by declarer (0 when passed
    out); ``lead`` the opening lead, suit then rank, e.g. "SQ" ("" if none).
    """

    contract: str
    declarer: str
    tricks: int
    lead: str

    @property
    def passed_out(self) -> bool:
        """True when nobody bid: the board scores 0."""
        return self.contract == str(PASS)


def simulate_table_result(
    deal: Deal, board: int, rng: random.Random, *, ns_edge: float = 0.0
) -> TableResult:
    """One table's plausible result on ``deal`` played as board ``board``.

    ``board`` sets dealer and vulnerability. ``ns_edge`` is how many tricks
    better North-South play and defend than East-West (pair strength in a
    demo); it is 0 for two equal pairs.
    """
    choice = _choose(deal, board, rng)
    if choice is None:
        return TableResult(str(PASS), "", 0, "")
    needed = 6 + choice.contract.level
    edge = ns_edge if choice.declarer.side == "NS" else -ns_edge
    expected = _expected_tricks(choice) + _deal_luck(deal, choice) + edge
    tricks = round(expected + rng.gauss(0, TABLE_SPREAD_SD))
    tricks = max(0, needed - MAX_UNDERTRICKS, min(MAX_TRICKS, tricks))
    contract = _with_double(choice, tricks - needed, rng)
    lead = _opening_lead(deal, choice, rng)
    return TableResult(str(contract), choice.declarer.letter, tricks, str(lead))


def estimate_contract(deal: Deal, board: int) -> tuple[str, str]:
    """The most likely contract and declarer, e.g. ("4S", "N"), or ("Pass", "").

    The same rules as :func:`simulate_table_result`, each borderline choice
    settled the likelier way instead of at random.
    """
    choice = _choose(deal, board, None)
    if choice is None:
        return str(PASS), ""
    return str(choice.contract), choice.declarer.letter
