"""Search the individual bridge schedules once and commit them as data.

Run from the repository: ``.venv/bin/python scripts/individual_schedules.py``;
it fills ``tournaments/individual/schedules.json`` with a schedule
for every size (8 to 28 players), number of rounds the director may choose
(5 to 7) and board rule (the round's set shared by every table, or sets
moving as in a Howell from 3 tables), each proven by
``individual_checks.problems``.  Schedules already in the file are kept.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.individual.movement_checks import problems
from tournaments.movements import individual_bridge as ib


def main() -> None:
    found = json.loads(ib.DATA.read_text()) if ib.DATA.exists() else {}
    shapes = [(True, n) for n in range(ib.MIN_PLAYERS, ib.MAX_PLAYERS + 1)]
    shapes += [(False, n) for n in range(12, ib.MAX_PLAYERS + 1)]
    for shared, players in shapes:
        for rounds in range(ib.MIN_ROUNDS, ib.MAX_ROUNDS + 1):
            key = ib.layout_key(players, rounds, shared)
            if key in found:
                continue
            start = time.perf_counter()
            layout = ib.search_layout(players, rounds, shared, attempts=300)
            found[key] = asdict(layout)
            ib.DATA.write_text(json.dumps(found, separators=(",", ":"), sort_keys=True))
            ib._stored.cache_clear()
            tables = ib.table_count(players)
            boards = tables if shared else 1
            schedule = ib.individual_schedule(players, rounds, boards)
            assert not problems(schedule), (key, problems(schedule))
            print(
                f"{key}: opponents at most {layout.opponent_limit} "
                f"(even bound {ib.opponent_bound(players, rounds)}), "
                f"{time.perf_counter() - start:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
