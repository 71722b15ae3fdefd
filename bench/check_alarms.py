"""Measure the live checks' false alarms (``scoring.checks``) on real results.

Every line of a published results file was agreed at its table and
published: a check that flags one cries wolf.  For each file under
``tests/data`` that holds a pairs session's traveller lines, this reads the
lines (the importers' own readers), the boards' double-dummy tables (the
file's ``[OptimumResultTable]`` or ``[DoubleDummyTricks]``, else solved from
its deals when the optional endplay package is installed) and prints, per
check, the lines checked, the lines flagged and the rate.  The ``sign``
check only reads lines entered as a score: it is measured as if every line
of the file had been typed as its NS score ("sign*"), the worst case.

Run ``.venv/bin/python bench/check_alarms.py`` (``--demo`` also measures
the demo's club nights, in a throwaway SQLite database).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

DATA = ROOT / "tests" / "data"
# The real results files: a pairs session's traveller lines each.
RESULT_FILES = (
    "pbn/newtonbridge_20160120_1.pbn",
    "pbn/westwood_20190625_1.pbn",
    "pbn/WinchesterJuly2026.pbn",
    "jfr/WB120802/wb120802.pbn",
    "usebio/mp_pairs_mitchell.xml",
    "usebio/mp_pairs_howell.xml",
    "usebio/mp_pairs_mitchell_03.xml",
    "usebio/butler_howell.xml",
    "usebio/cross_imp_howell.xml",
)
# The double-dummy tables of the files' deals that carry none, solved once
# by endplay (``--write-dd``): the test reads them instead of solving again.
SOLVED = ROOT / "tests" / "support" / "check_alarms_dd.json"
DEMO_DATABASE = "/tmp/donne_check_alarms.sqlite3"
CODES = ("direction", "sign", "board", "double_dummy", "field")


@dataclass
class Tally:
    """Lines checked and lines flagged, by check code."""

    lines: int = 0
    flags: dict[str, int] | None = None

    def rate(self, code: str) -> float:
        """The share of lines the check flagged."""
        return (self.flags or {}).get(code, 0) / self.lines if self.lines else 0.0


def _setup() -> None:
    import django

    django.setup()


@functools.cache
def file_tally(path: Path) -> Tally:
    """The checks' flags on every line of the results file at ``path``."""
    _setup()
    from scoring.checks import section_checks

    tally = Tally(flags=dict.fromkeys(CODES, 0))
    for lines, boards in _sections(path):
        checked = [line for line in lines if line.played.score_ns is not None]
        tally.lines += len(checked)
        found = section_checks(lines, boards)
        for findings in found.values():
            for finding in findings:
                if finding.code != "sign":
                    tally.flags[finding.code] += 1
        as_scores = [
            replace(line, played=replace(line.played, contract="")) for line in lines
        ]
        for findings in section_checks(as_scores, boards).values():
            tally.flags["sign"] += sum(f.code == "sign" for f in findings)
    return tally


def _sections(path: Path) -> Iterable[tuple[list, dict]]:
    """Each section of the file as (its lines, its boards) for the checks."""
    from games.bridge import parse_contract, result_score
    from scoring.checks import BoardField, Played, SectionLine
    from tournaments.importers.pbn import parse_sessions
    from tournaments.importers.usebio import read_usebio

    data = path.read_bytes()
    sessions = read_usebio(data) if path.suffix == ".xml" else parse_sessions(data)
    tables = _dd_tables(path, data)
    for session in sessions:
        boards = {
            number: BoardField(number, board.vulnerability, (), tables.get(number, {}))
            for number, board in session.boards.items()
        }
        unsolved = [
            number
            for number, board in session.boards.items()
            if number not in tables and board.deal
        ]
        solved = _solved([session.boards[number].deal for number in unsolved])
        for number, table in zip(unsolved, solved, strict=True):
            boards[number] = replace(boards[number], dd=table)
        lines = []
        for index, line in enumerate(session.lines):
            score = None
            if line.adjusted is None and line.weighted is None and line.contract:
                contract = parse_contract(line.contract)
                vulnerability = boards.get(line.board, BoardField(0, "")).vulnerability
                score = result_score(
                    contract,
                    line.declarer or None,
                    line.tricks or 0,
                    line.board,
                    vulnerability=vulnerability or None,
                )
            played = Played(
                line.board, line.contract, line.declarer, line.tricks, score
            )
            lines.append(SectionLine(index, line.ns, line.ew, played))
        yield lines, boards


def _dd_tables(path: Path, data: bytes) -> dict[int, dict]:
    """The double-dummy tables a PBN file carries, by board number."""
    if path.suffix != ".pbn":
        return {}
    from games.double_dummy import DoubleDummyTable
    from games.pbn import read_pbn

    tables = {}
    for game in read_pbn(data):
        rows = game.table("OptimumResultTable")
        try:
            number = int(game.tags.get("Board", "0"))
            if rows is not None and rows.rows:
                table = DoubleDummyTable.from_rows(
                    (row["Declarer"], row["Denomination"], int(row["Result"]))
                    for row in rows.rows
                )
            elif game.tags.get("DoubleDummyTricks"):
                table = DoubleDummyTable.from_pbn(game.tags["DoubleDummyTricks"])
            else:
                continue
        except (ValueError, KeyError, TypeError):
            continue
        tables[number] = {seat: dict(row) for seat, row in table.tricks.items()}
    return tables


def _solved(deals: list[str]) -> list[dict]:
    """The deals' double-dummy tricks: from ``SOLVED`` (written by
    ``--write-dd``, so the test need not run the solver), else solved
    together, else none without the solver."""
    from games.double_dummy import available, solve_all

    kept = _kept_tables()
    missing = [deal for deal in deals if deal not in kept]
    if missing and available():
        try:
            tables = solve_all(missing)
        except Exception:  # deals the solver refuses have no table
            tables = []
        for deal, table in zip(missing, tables, strict=False):
            kept[deal] = {seat: dict(row) for seat, row in table.tricks.items()}
    return [kept.get(deal, {}) for deal in deals]


@functools.cache
def _kept_tables() -> dict[str, dict]:
    """The solved tables kept in ``SOLVED``, by deal."""
    if not SOLVED.exists():
        return {}
    return json.loads(SOLVED.read_text(encoding="utf-8"))


def write_solved() -> None:
    """Solve every deal of the files and keep the tables in ``SOLVED``."""
    for name in RESULT_FILES:
        file_tally(DATA / name)
    tables = dict(sorted(_kept_tables().items()))
    SOLVED.write_text(json.dumps(tables, indent=0) + "\n", encoding="utf-8")
    print(f"{len(tables)} deals' tables kept in {SOLVED.relative_to(ROOT)}")


def file_catches(path: Path, limit: int = 400) -> dict[str, tuple[int, int]]:
    """How often each check catches a mistake put into a real line, one at a
    time (up to ``limit`` lines a file): the declarer moved to the seat on
    its left (``direction``), the line put under the next board its pairs
    played (``board``), its NS score typed with the sign reversed
    (``sign``, as a line entered as a score).  (tried, caught) by code."""
    from games.bridge import parse_contract
    from scoring.checks import OTHER_SIDE, section_checks

    tried = dict.fromkeys(("direction", "board", "sign"), 0)
    caught = dict.fromkeys(("direction", "board", "sign"), 0)
    for lines, boards in _sections(path):
        together: dict[tuple, list[int]] = {}
        for line in lines:
            together.setdefault((line.ns, line.ew), []).append(line.played.board)
        for index, line in enumerate(lines[:limit]):
            played = line.played
            if played.score_ns is None or parse_contract(played.contract).is_pass:
                continue
            wrong = {
                "direction": replace(
                    played,
                    declarer=OTHER_SIDE[played.declarer][0],
                    score_ns=_flipped(played, boards),
                ),
                "sign": replace(played, contract="", score_ns=-played.score_ns),
            }
            others = [b for b in together[(line.ns, line.ew)] if b != played.board]
            if others:
                wrong["board"] = replace(played, board=others[0])
            for code, changed in wrong.items():
                if code == "sign" and not changed.score_ns:
                    continue
                tried[code] += 1
                variant = [*lines[:index], replace(line, played=changed)]
                variant += lines[index + 1 :]
                found = section_checks(variant, boards, only={line.key})
                codes = {f.code for f in found.get(line.key, [])}
                caught[code] += code in codes
    return {code: (tried[code], caught[code]) for code in tried}


def _flipped(played, boards) -> int | None:
    """The line's NS score with the declarer on the seat to its left."""
    from games.bridge import result_score
    from scoring.checks import OTHER_SIDE

    board = boards[played.board]
    return result_score(
        played.contract,
        OTHER_SIDE[played.declarer][0],
        played.tricks or 0,
        played.board,
        vulnerability=board.vulnerability or None,
    )


def demo_tally() -> Tally:
    """The checks' flags on the demo's finished pairs club nights."""
    _setup()
    from django.core.management import call_command

    from tournaments.models import Event, Result, Section
    from tournaments.selectors.line_checks import section_findings

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0, stdout=io.StringIO())
    tally = Tally(flags=dict.fromkeys(CODES, 0))
    sections = Section.objects.filter(
        session__event__kind=Event.Kind.PAIRS, session__event__game=Event.Game.BRIDGE
    )
    for section in sections:
        tally.lines += Result.objects.filter(
            board__section=section, score_ns__isnull=False
        ).count()
        for findings in section_findings(section).values():
            for finding in findings:
                tally.flags[finding.code] += 1
    return tally


def report(name: str, tally: Tally) -> None:
    """One line per check: the file, the check, lines, flags and rate."""
    for code in CODES:
        flags = (tally.flags or {}).get(code, 0)
        label = "sign*" if code == "sign" else code
        print(
            f"{name:36} {label:13} lines {tally.lines:5} flags {flags:3} "
            f"rate {100 * tally.rate(code):5.2f} %"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", action="store_true", help="also the demo's nights")
    parser.add_argument(
        "--catches", action="store_true", help="also the mistakes each check catches"
    )
    parser.add_argument(
        "--write-dd", action="store_true", help=f"solve the deals into {SOLVED.name}"
    )
    args = parser.parse_args()
    if args.write_dd:
        write_solved()
        return
    if args.demo:  # before Django reads its settings: a throwaway database
        Path(DEMO_DATABASE).unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{DEMO_DATABASE}"
    for name in RESULT_FILES:
        report(name, file_tally(DATA / name))
    if args.catches:
        for name in RESULT_FILES:
            for code, (tried, caught) in file_catches(DATA / name).items():
                share = 100 * caught / tried if tried else 0.0
                print(
                    f"{name:36} {code:13} mistakes {tried:4} caught {caught:4} "
                    f"({share:5.1f} %)"
                )
    if args.demo:
        report("demo", demo_tally())


if __name__ == "__main__":
    main()
