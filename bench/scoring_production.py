"""``bench/scoring.py``'s production section: the matchpoint rescore's own
path, from the plain rows the database gives, against the peer and a numpy
floor fed from the same rows.

The rows are what ``tournaments.rescore.pairs_columns.field_rows`` reads
(one tuple a line, as ``values_list`` returns it: key, board number, NS and
EW pair ids, NS score, special flag, the figures stored last, the adjusted
marks and weighted parts).  Timed in CPU seconds of the process (as the
issue measures: the machine is shared), best of 3 after a warm-up:

- production: ``line_columns`` (rows to arrays), ``score_field_columns``
  (what ``rescore_pairs_section`` calls: ``score_columns``, the rankings,
  the penalties) and ``changed_columns`` (the rows the store writes), on a
  rescore (the figures stored, one board's lines changed since) and on a
  first scoring (every figure NULL: every line written);
- the numpy floor from the same rows: the four columns it needs turned into
  arrays, then one sort, searchsorted and one bincount (``numpy_floor``);
- the peer, richardschneider/bridge-scorer's ``matchpoints`` on Node, its
  game objects prebuilt, when ``node`` and the peer's source are found
  (``--peer DIR``, ``DONNE_PEER_DIR``, or ``PEER_PLACES``); otherwise a skip
  line naming what is missing and the peer's published 0.60 s, quoted.

Django is set up (no database is opened) only to import the rescore modules.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# Where the peer's source is looked for (a checkout of bridge-scorer).
PEER_PLACES = (
    ROOT / "node_modules" / "bridge-scorer",
    Path("/work/shared/bridge-scorer"),
    Path("/work/shared/reference/bridge-scorer"),
)
PEER_QUOTED_SECONDS = 0.60
PEER_QUOTED_LINES = 1_000_000
PEER_NAME = "richardschneider/bridge-scorer"

# The peer's matchpoints, its games prebuilt, best of 3 after a warm-up.
PEER_SCRIPT = """
const scorer = require(process.argv[2]);
const boards = JSON.parse(require('fs').readFileSync(process.argv[3]));
const games = boards.map(scores => scores.map(
  score => ({contract: {declaror: 'N'}, score: score})));
const run = () => { for (const board of games) scorer.matchpoints(board); };
run();
let best = Infinity;
for (let i = 0; i < 3; i++) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  best = Math.min(best, (used.user + used.system) / 1e6);
}
console.log(best);
"""


def best_cpu(func: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    """The least CPU seconds of the process over ``repeat`` calls of
    ``func`` after a warm-up, and its last result."""
    result = func()
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def setup_django() -> None:
    """Settings enough to import the rescore modules; no database opened."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    os.environ.setdefault("DONNE_DATA_DIR", tempfile.mkdtemp(prefix="donne-bench-"))
    import django

    django.setup()


def field_rows(field: Any, special: dict, stored: np.ndarray | None) -> list[tuple]:
    """The field as ``pairs_columns.field_rows`` reads it: plain tuples, the
    ``special`` lines (index to ``WeightedScore`` / ``ArtificialScore``) as
    their stored marks and parts; ``stored`` the figures stored last (one
    row a ``LINE_FIELDS`` field), None for a first scoring."""
    from scoring.board import ArtificialScore
    from tournaments.rescore.pairs_columns import NULL_FIGURE
    from tournaments.rescore.pairs_store import LINE_FIELDS

    n = len(field.boards)
    if stored is None:
        stored = np.full((len(LINE_FIELDS), n), NULL_FIGURE)
    figures = list(zip(*stored.tolist(), strict=True))
    rows = [
        (pk, board, ns, ew, score, 0, *figures[pk - 1], "", "", "", None)
        for pk, board, ns, ew, score in zip(
            range(1, n + 1), field.boards.tolist(), field.ns_pairs.tolist(),
            field.ew_pairs.tolist(), field.scores.tolist(), strict=True,
        )
    ]  # fmt: skip
    for index, result in special.items():
        pk, board, ns, ew, score, _flag, *rest = rows[index]
        kept = rest[: len(LINE_FIELDS)]
        if isinstance(result, ArtificialScore):
            marks = (str(result.ns), str(result.ew), result.absent or "")
            rows[index] = (pk, board, ns, ew, 0, 1, *kept, *marks, None)
        else:
            parts = [
                [round(weight * 100, 9), "", "", None, int(s)]
                for weight, s in result.parts
            ]
            rows[index] = (pk, board, ns, ew, score, 1, *kept, "", "", "", parts)
    return rows


def production(rows: list[tuple], groups: dict, expected: int) -> tuple[Any, dict]:
    """What ``rescore_pairs_section`` does between reading the rows and
    writing: rows to arrays, ``score_field_columns``, the changed rows."""
    from scoring.session import SessionSettings
    from tournaments.rescore.pairs import SectionData, score_field_columns
    from tournaments.rescore.pairs_columns import NULL_FIGURE, line_columns
    from tournaments.rescore.pairs_store import mp_columns
    from tournaments.rescore.store import changed_columns

    columns = line_columns(rows)
    data = SectionData([], [], groups, expected, [], columns=columns)
    scored = score_field_columns(data, SessionSettings())
    new = mp_columns(scored.lines, null=NULL_FIGURE)
    changes = changed_columns(columns.pk, new, columns.figures, null=NULL_FIGURE)
    return scored, changes


def floor_from_rows(rows: list[tuple], floor: Callable, field_type: type) -> Any:
    """The numpy floor fed from the rows: its four columns as arrays, then
    ``floor`` (one sort, searchsorted, one bincount)."""
    n = len(rows)

    def column(index: int) -> np.ndarray:
        return np.fromiter(map(itemgetter(index), rows), np.int64, n)

    return floor(field_type(column(1), column(4), column(2), column(3)), 2)


def find_peer(given: str | None) -> tuple[str | None, Path | None, str]:
    """Node, the peer's source folder, and what is missing (empty if none)."""
    node = shutil.which("node")
    places = [Path(given)] if given else []
    if os.environ.get("DONNE_PEER_DIR"):
        places.append(Path(os.environ["DONNE_PEER_DIR"]))
    places += PEER_PLACES
    source = next((p for p in places if (p / "lib" / "matchpoints.js").exists()), None)
    missing = []
    if node is None:
        missing.append("node (not on PATH)")
    if source is None:
        looked = ", ".join(str(p) for p in places)
        missing.append(f"{PEER_NAME}'s source (looked in {looked}; --peer DIR)")
    return node, source, "; ".join(missing)


def run_peer(node: str, source: Path, field: Any) -> float:
    """The peer's best time in seconds for the field's matchpoints."""
    boards = [
        field.scores[field.boards == board].tolist()
        for board in np.unique(field.boards).tolist()
    ]
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "boards.json"
        data.write_text(json.dumps(boards))
        script = Path(folder) / "peer.js"
        script.write_text(PEER_SCRIPT)
        done = subprocess.run(
            [node, str(script), str(source.resolve()), str(data)],
            capture_output=True, text=True, check=True, timeout=600,
        )  # fmt: skip
    return float(done.stdout.split()[-1])


def production_section(
    field: Any,
    size: Any,
    expected: int,
    rng: np.random.Generator,
    tools: dict[str, Any],
    peer: str | None = None,
) -> list[tuple[str, bool]]:
    """Print the production path's timings against the floor and the peer;
    return the checks.  ``tools`` are ``bench/scoring.py``'s helpers
    (``seconds``, ``table``, ``numpy_floor``, ``Field``,
    ``adjusted_lines``)."""
    setup_django()
    from scoring.columns import score_columns
    from tournaments.rescore.pairs_columns import line_columns
    from tournaments.rescore.pairs_store import mp_columns

    best_of, seconds, table = best_cpu, tools["seconds"], tools["table"]
    most = int(field.ns_pairs.max())
    pairs = np.unique(np.concatenate((field.ns_pairs, field.ew_pairs))).tolist()
    groups = {pair: "NS" if pair <= most else "EW" for pair in pairs}
    special = tools["adjusted_lines"](field, rng, weighted=True)

    first_rows = field_rows(field, special, None)
    t_first, (scored, first_changes) = best_of(
        lambda: production(first_rows, groups, expected)
    )
    # A rescore: the figures stored by the first scoring, then one board's
    # lines played again (their stored figures off by a point).
    stored = mp_columns(scored.lines, null=-np.inf)
    changed_board = field.boards == field.boards[0]
    stored[0, changed_board] += 1
    rows = field_rows(field, special, stored)
    t_rescore, (rescored, changes) = best_of(lambda: production(rows, groups, expected))
    t_arrays, _ = best_of(lambda: line_columns(rows))
    t_floor, _ = best_of(
        lambda: floor_from_rows(rows, tools["numpy_floor"], tools["Field"])
    )
    node, source, missing = find_peer(peer)
    t_peer = run_peer(node, source, field) if node and source and not missing else None

    n_lines = f"{size.lines:,} lines"
    timed = [
        (
            f"production: rows -> arrays -> score_field_columns -> changed rows, "
            f"{n_lines} (a rescore: {len(changes):,} lines changed)",
            seconds(t_rescore),
        ),
        ("  of which rows -> arrays (line_columns)", seconds(t_arrays)),
        (
            f"production, a first scoring (every line written: "
            f"{len(first_changes):,})",
            seconds(t_first),
        ),
        ("numpy floor from the same rows: 4 columns, 1 sort, searchsorted",
         seconds(t_floor)),
    ]  # fmt: skip
    if t_peer is not None:
        timed.append(
            (f"the peer ({PEER_NAME}, Node), matchpoints only", seconds(t_peer))
        )
    print(
        table(
            ("(f) Production path, from the rows the database gives", "CPU"),
            timed,
        )
    )
    print()
    ratios = [
        ("production / numpy floor from the rows (goal: at most 3x)",
         t_rescore / t_floor),
        ("production, first scoring / numpy floor", t_first / t_floor),
    ]  # fmt: skip
    if t_peer is not None:
        ratios.append(("production / the peer, measured (goal: under 1x)",
                       t_rescore / t_peer))  # fmt: skip
    elif size.lines == PEER_QUOTED_LINES:
        quoted = f"production / the peer's QUOTED {PEER_QUOTED_SECONDS:.2f} s"
        ratios.append((f"{quoted} (goal: under 1x)", t_rescore / PEER_QUOTED_SECONDS))
    print(
        table(
            ("(f) Ratios, same process", "Ratio"),
            [(label, f"{ratio:,.2f}x") for label, ratio in ratios],
        )
    )
    if t_peer is None:
        print(
            f"\nPeer SKIPPED: missing {missing}. Its published figure, "
            f"{PEER_QUOTED_SECONDS:.2f} s for its matchpoints of 1,000,000 lines "
            "on Node 20, is QUOTED above (full run only), not measured here."
        )
    print()
    arrays = score_columns(
        field.boards, field.ns_pairs, field.ew_pairs, field.scores,
        special=special, groups=groups, expected=expected,
    )  # fmt: skip
    same = (
        all(
            getattr(rescored.lines, name).tolist() == getattr(arrays, name).tolist()
            for name in ("ns_mp", "ew_mp", "ns_pct", "ew_pct", "top")
        )
        and rescored.rankings == arrays.pairs.rankings()
    )
    return [
        (f"production from rows == score_columns from arrays, {n_lines}", same),
        (
            "production writes only the changed board's lines on a rescore",
            sorted(changes) == (np.flatnonzero(changed_board) + 1).tolist(),
        ),
        (
            "production writes every line on a first scoring",
            len(first_changes) == size.lines,
        ),
    ]
