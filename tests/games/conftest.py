"""Shared helpers of the games tests: the PBN data files in ``tests/data``.

The PBN verifier's reference files ``correct_*.pbn`` and ``errors_*.pbn``
(timheilman/bridge-pbn, spec/resource/reference_impl_tests/), Bridgewebs club
exports (rchillyard/Bridge test resources), a Bermuda Bowl match
(lucbellicaud/bridgetrainer Pbns/41284.pbn) and a JFR Pary club session
(jarekczek/pbntools test/test_1_pary/WB120802): see tests/data/README.md.
A test that needs an absent file fails.
"""

from __future__ import annotations

import re

from games.pbn import PbnGame, read_pbn
from tests.conftest import TEST_DATA

PBN_DIR = TEST_DATA / "pbn"
JFR_FILE = TEST_DATA / "jfr" / "WB120802" / "wb120802.pbn"
GAME_MARK = re.compile(rb"^% =+ game (\d+) =+$")
BRIDGEWEBS = ("newtonbridge_20160120_1.pbn", "westwood_20190625_1.pbn")


def games_of(name: str) -> list[PbnGame]:
    """The games of a PBN file of tests/data/pbn."""
    return read_pbn((PBN_DIR / name).read_bytes())


def only_games(name: str, *numbers: int) -> bytes:
    """The verifier file with every line outside the chosen games blanked.

    The games are those the file numbers "% ===== game N =====", and the blank
    lines keep every line number as in the file.
    """
    lines = (PBN_DIR / name).read_bytes().split(b"\n")
    current, kept = 0, []
    for line in lines:
        mark = GAME_MARK.match(line)
        current = int(mark.group(1)) if mark else current
        kept.append(line if current in numbers else b"")
    return b"\n".join(kept)
