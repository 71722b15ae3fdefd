"""The live checks of a section's lines, read from the stored rows.

``scoring.checks`` decides what is unusual; this module reads a section's
lines, boards (vulnerability, double-dummy tricks of a loaded hand record)
and movement (the boards of each round at each table), calls the rules and
says each finding in the reader's language for a line's JSON (the API, the
tablet's answers) and the director's console.  Pairs bridge only: every
other game's line has no checks.  A finding never blocks a write.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _

from games.double_dummy import DoubleDummyTable
from games.errors import GameError
from scoring.checks import (
    BOARD,
    DIRECTION,
    DOUBLE_DUMMY,
    FIELD,
    SIGN,
    BoardField,
    Finding,
    Played,
    SectionLine,
    section_checks,
)
from tournaments.models import Board, Result, Section
from tournaments.registry import card_game, event_game
from tournaments.selectors.movement import section_movement


def is_checked(section: Section) -> bool:
    """The section's lines are checked: its game compares pairs on bridge
    boards and its boards are played at a card game the checks know."""
    event = section.session.event
    return event_game(event).checks_lines and card_game(event).checks_lines


def section_findings(section: Section) -> dict[int, list[Finding]]:
    """Each flagged line's findings, by line id (a fixed number of queries)."""
    if not is_checked(section):
        return {}
    boards = {
        row["number"]: BoardField(
            row["number"], row["vulnerability"], (), _dd(row["dd_tricks"])
        )
        for row in Board.objects.filter(section=section).values(
            "number", "vulnerability", "dd_tricks"
        )
    }
    rounds = _round_boards(section)
    lines = []
    rows = Result.objects.filter(board__section=section).values_list(
        "pk", "board__number", "ns_pair_id", "ew_pair_id", "round__number",
        "table__number", "contract", "declarer", "tricks", "score_ns", "weighted",
    )  # fmt: skip
    for (
        pk,
        number,
        ns,
        ew,
        rnd,
        table,
        contract,
        declarer,
        tricks,
        score,
        weighted,
    ) in rows:
        scored = None if weighted else score
        played = Played(number, contract, declarer, tricks, scored)
        lines.append(SectionLine(pk, ns, ew, played, rounds.get((rnd, table), ())))
    return {int(key): found for key, found in section_checks(lines, boards).items()}


def line_findings(line: models.Model) -> list[Finding]:
    """The findings of one stored line (none for another game's line)."""
    if not isinstance(line, Result):
        return []
    section = Section.objects.select_related("session__event").get(boards__results=line)
    return section_findings(section).get(line.pk, [])


def line_checks_json(line: models.Model) -> list[dict[str, str]]:
    """A line's ``checks`` as its JSON carries them: code and message."""
    return checks_json(line_findings(line))


def checks_json(findings: list[Finding]) -> list[dict[str, str]]:
    """Findings as ``[{"code": ..., "message": ...}]``."""
    return [{"code": f.code, "message": finding_message(f)} for f in findings]


def finding_message(finding: Finding) -> str:
    """What the table and the director read about one finding."""
    facts = dict(finding.facts)
    if finding.code == DIRECTION:
        return _(
            "Declarer on the wrong side? Declared by %(declarer)s, the score would "
            "be %(score)s, as the other tables or the hand record have it."
        ) % {"declarer": finding.fix.get("declarer", "?"), "score": facts["score"]}
    if finding.code == SIGN:
        return _("Sign reversed? %(score)s is the score the other tables made.") % {
            "score": facts["score"]
        }
    if finding.code == BOARD:
        return _(
            "Another board? This result scores %(score)s on board %(board)d of this "
            "round, as the other tables there."
        ) % {"score": facts["score"], "board": facts["board"]}
    if finding.code == DOUBLE_DUMMY:
        return _(
            "%(tricks)d tricks, where the hand record gives %(dd)d double dummy."
        ) % {"tricks": facts["tricks"], "dd": facts["dd"]}
    if finding.code == FIELD:
        return _(
            "No other table is near this score: the others agree on %(score)s."
        ) % {"score": facts["score"]}
    return finding.code


def fix_label(finding: Finding) -> str:
    """The console's one-click fix of a finding, or "" when it has none."""
    if finding.code == DIRECTION:
        return _("Swap the direction (declarer %(declarer)s)") % {
            "declarer": finding.fix["declarer"]
        }
    if finding.code == SIGN:
        return _("Reverse the sign (%(score)s)") % {"score": finding.fix["score_ns"]}
    if finding.code == BOARD:
        return _("Move to board %(board)d") % {"board": finding.fix["board"]}
    return ""


def _dd(text: str) -> dict[str, dict[str, int]]:
    """A stored ``[DoubleDummyTricks]`` as declarer -> denomination -> tricks."""
    if not text:
        return {}
    try:
        table = DoubleDummyTable.from_pbn(text)
    except GameError:
        return {}
    return {seat: dict(row) for seat, row in table.tricks.items()}


def _round_boards(section: Section) -> dict[tuple[int, int], tuple[int, ...]]:
    """The boards each table plays in each round, by (round, table) numbers."""
    movement = section_movement(section)
    if movement is None:
        return {}
    offset = section.first_board - 1
    return {
        (seating.round, seating.table): tuple(n + offset for n in seating.boards)
        for seating in movement.seatings
    }
