"""The live checks do not cry wolf: on every real published results file
under tests/data, each check flags under 2 % of the lines (every line there
was agreed and published, so each flag is a false alarm)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from check_alarms import CODES, DATA, RESULT_FILES, file_catches, file_tally


@pytest.mark.parametrize("name", RESULT_FILES)
def test_each_check_flags_under_two_percent_of_a_real_files_lines(name):
    tally = file_tally(DATA / name)
    assert tally.lines >= 40  # the file's lines were read
    rates = {code: round(100 * tally.rate(code), 2) for code in CODES}
    assert all(rate < 2 for rate in rates.values()), rates


def test_the_measure_counts_the_flags_it_finds():
    # The JFR session: 216 played lines, 2 of them 3 tricks or more from the
    # double-dummy tables of its deals, 1 that fits another board better.
    tally = file_tally(DATA / "jfr/WB120802/wb120802.pbn")
    assert tally.lines == 216
    assert tally.flags == {
        "direction": 0, "sign": 0, "board": 1, "double_dummy": 2, "field": 0,
    }  # fmt: skip


def test_the_checks_catch_mistakes_put_into_real_lines():
    # Winchester, 41 lines of 5 boards: each line's declarer moved to its
    # left, its score's sign reversed, or the line put under another board of
    # its round (24 lines have one): (mistakes, caught).
    assert file_catches(DATA / "pbn/WinchesterJuly2026.pbn") == {
        "direction": (41, 21), "board": (24, 0), "sign": (41, 24),
    }  # fmt: skip
