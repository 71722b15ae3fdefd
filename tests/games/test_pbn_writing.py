"""The PBN writer (games.pbn): what it escapes, and games read back the same."""

from __future__ import annotations

import pytest

from games.pbn import PbnGame, read_pbn, write_pbn
from tests.games.conftest import BRIDGEWEBS, JFR_FILE, PBN_DIR


@pytest.mark.parametrize(
    "path",
    [
        *[PBN_DIR / name for name in ("correct_10.pbn", "correct_20.pbn")],
        *[PBN_DIR / name for name in ("correct_21.pbn", "errors_21.pbn")],
        *[PBN_DIR / name for name in (*BRIDGEWEBS, "WinchesterJuly2026.pbn")],
        PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn",
        JFR_FILE,
    ],
    ids=lambda path: path.name,
)
def test_written_games_read_back_the_same(path) -> None:
    games = read_pbn(path.read_bytes())
    assert read_pbn(write_pbn(games)) == games


def test_writing_escapes_what_reading_unescapes() -> None:
    game = PbnGame(
        tags={"Event": 'The "big" one \\', "ScoreTable": "A\\2R;B"},
        sections={"ScoreTable": ["1 %", "%2 3"]},
        commentary=["a } in a comment", "two\n  lines"],
        notes={"": ["1:first"]},
    )
    text = write_pbn([game])
    assert text.startswith("% PBN 2.1\n\n; a } in a comment\n{two\n  lines}\n")
    assert '[Event "The \\"big\\" one \\\\"]' in text
    assert '[ScoreTable "A\\2R;B"]' in text
    assert read_pbn(text) == [game]
    assert read_pbn(text)[0].table("ScoreTable").rows[1] == {"A": "%2", "B": "3"}
