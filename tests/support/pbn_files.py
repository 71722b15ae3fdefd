"""PBN results files written for the import tests: score tables only."""

from __future__ import annotations

SCORE_TABLE = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]'


def score_table_pbn(event: str, boards: list[list[str]]) -> str:
    """A PBN file of ``event`` on 20 November 2026 holding only the boards'
    score tables, board 1 first: each line "NS EW contract declarer result"
    as a club's scorer writes it ("1 11 4S S 10", "4 14 A+ - -")."""
    games = []
    for number, lines in enumerate(boards, start=1):
        heading = '[Event "#"]\n'
        if number == 1:
            heading = f'[Event "{event}"]\n[Date "2026.11.20"]\n'
        rows = "".join(f"{line}\n" for line in lines)
        games.append(f'{heading}[Board "{number}"]\n{SCORE_TABLE}\n{rows}')
    return "% PBN 2.1\n" + "\n".join(games)
