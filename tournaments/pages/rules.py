"""The bridge scoring tables shown on the rules page, built from the pure code."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.bridge import board_dealer, board_vulnerability, contract_score
from scoring.imps import imp_scale
from scoring.vp import vp_table

DEFAULT_MATCH_LENGTH = 16
MAX_MATCH_LENGTH = 64

# (contract, tricks taken, vulnerable): a sample of Law 77 worth showing.
SAMPLE_RESULTS = (
    ("1NT", 7, False),
    ("2HX", 8, False),
    ("3NT", 9, False),
    ("3NT", 9, True),
    ("4S", 11, True),
    ("6NT", 12, False),
    ("7NTXX", 13, True),
    ("3NTX", 6, True),
    ("4SX", 7, False),
)


def parse_match_length(raw: str | None) -> tuple[int, str]:
    """Read the ``boards`` query value; return (boards, error message or "")."""
    if raw in (None, ""):
        return DEFAULT_MATCH_LENGTH, ""
    try:
        boards = int(raw)
    except ValueError:
        boards = 0
    if not 1 <= boards <= MAX_MATCH_LENGTH:
        return DEFAULT_MATCH_LENGTH, _(
            "boards: give a whole number of boards from 1 to %(max)d."
        ) % {"max": MAX_MATCH_LENGTH}
    return boards, ""


def bridge_rule_tables(boards: int) -> dict[str, object]:
    """Return the rotation, Law 77 samples, IMP scale and VP scale for a page."""
    rotation = [
        (board, board_dealer(board), board_vulnerability(board))
        for board in range(1, 17)
    ]
    samples = [
        (contract, tricks, vulnerable, contract_score(contract, tricks, vulnerable))
        for contract, tricks, vulnerable in SAMPLE_RESULTS
    ]
    return {
        "rotation": rotation,
        "samples": samples,
        "imp_rows": imp_scale(),
        "boards": boards,
        "vp_rows": vp_table(boards),
    }
