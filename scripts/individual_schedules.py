"""Search the individual bridge schedules once and commit them as data.

Run from the repository: ``.venv/bin/python scripts/individual_schedules.py``;
it rewrites ``tournaments/movements/individual_schedules.json`` with a
schedule for every size (8 to 28 players) and number of rounds the director
may choose, each proven by ``individual_checks.problems``.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import individual_bridge as ib
from tournaments.movements.individual_checks import problems


def main() -> None:
    found = {}
    for players in range(ib.MIN_PLAYERS, ib.MAX_PLAYERS + 1):
        for rounds in range(ib.MIN_ROUNDS, ib.MAX_ROUNDS + 1):
            start = time.perf_counter()
            layout = ib.search_layout(players, rounds, attempts=300)
            found[f"{players}x{rounds}"] = asdict(layout)
            ib.DATA.write_text(json.dumps(found, separators=(",", ":")))
            ib._stored.cache_clear()
            schedule = ib.individual_schedule(players, rounds)
            assert not problems(schedule), (players, rounds, problems(schedule))
            tight = ib.opponent_bound(players, rounds)
            print(
                f"{players} players x {rounds} rounds: opponents at most "
                f"{layout.opponent_limit} (even bound {tight}), "
                f"{time.perf_counter() - start:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
