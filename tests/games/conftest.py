"""Shared helpers of the games tests: the shared PBN data files.

The PBN verifier's reference files ``correct_*.pbn`` and ``errors_*.pbn``
(timheilman/bridge-pbn, spec/resource/reference_impl_tests/), Bridgewebs club
exports (rchillyard/Bridge test resources), a Bermuda Bowl match
(lucbellicaud/bridgetrainer Pbns/41284.pbn) and a JFR Pary club session
(jarekczek/pbntools test/test_1_pary/WB120802): see shared/data/README.md.
A test that needs an absent file is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.pbn import PbnGame, read_pbn

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
PBN_DIR = DATA / "pbn"
JFR_FILE = DATA / "jfr" / "WB120802" / "wb120802.pbn"
GAME_MARK = re.compile(rb"^% =+ game (\d+) =+$")
BRIDGEWEBS = ("newtonbridge_20160120_1.pbn", "westwood_20190625_1.pbn")


def shared(path: Path) -> bytes:
    """The bytes of a shared data file; skip the test when it is absent."""
    if not path.exists():
        pytest.skip(f"shared data file {path} is not available")
    return path.read_bytes()


def games_of(name: str) -> list[PbnGame]:
    return read_pbn(shared(PBN_DIR / name))


def only_games(name: str, *numbers: int) -> bytes:
    """The verifier file with every line outside the chosen games blanked.

    The games are those the file numbers "% ===== game N =====", and the blank
    lines keep every line number as in the file.
    """
    lines = shared(PBN_DIR / name).split(b"\n")
    current, kept = 0, []
    for line in lines:
        mark = GAME_MARK.match(line)
        current = int(mark.group(1)) if mark else current
        kept.append(line if current in numbers else b"")
    return b"\n".join(kept)
