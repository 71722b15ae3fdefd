"""Whether a results file ends mid-table: cut off in the middle of a board's
traveller or of a round, so that importing it would make an event with
fewer boards (or lines) than were played, silently.

The file is read against its own movement: the boards every table played
(each board's traveller rows, played or not, "12 1 - N -" among them) and
the boards each pair met its opponents on (a round).  What is checked is
the end of the file, where a cut leaves its mark: the last game lacking
the tags every other game has (``pbn.last_game_cut``), the last board's
traveller shorter than every other board's, a meeting on the last board
shorter than the file's rounds.  A board a table did not play in the middle
of the file is ordinary (time ran out) and not a fault.  Plain data: the
importers' ``ImportedSession`` s in, the faults (naming the board and the
place in the file) out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from tournaments.importers.pbn import ImportedSession


def cut_off_faults(parts: Sequence[ImportedSession]) -> list[str]:
    """Why the file seems cut off, for each imported section; empty when not."""
    faults: list[str] = []
    for part in parts:
        faults.extend(part.cut_short)
        faults.extend(_short_end(part))
    return faults


def _short_end(part: ImportedSession) -> list[str]:
    """The section's last board: a traveller shorter than every other
    board's, or a meeting shorter than the file's rounds."""
    if not part.rows:
        return []
    last = part.rows[-1]
    rows = Counter(row.board for row in part.rows)
    for number in part.boards:
        rows.setdefault(number, 0)
    others = [count for board, count in rows.items() if board != last.board]
    where = _section_name(part)
    faults = []
    if others and rows[last.board] < min(others):
        faults.append(
            f"{where}The file ends in the middle of board {last.board}'s traveller "
            f"({last.where}): {rows[last.board]} line(s) where every other board "
            f"has at least {min(others)}"
        )
    meetings: dict[tuple[str, str], set[int]] = defaultdict(set)
    for row in part.rows:
        meetings[(row.ns, row.ew)].add(row.board)
    sizes = Counter(len(boards) for boards in meetings.values())
    per_round = max(sizes, key=lambda size: (sizes[size], size))
    short = (
        (pairs, sorted(boards))
        for pairs, boards in meetings.items()
        if last.board in boards and len(boards) < per_round
    )
    for (ns, ew), boards in short:
        faults.append(
            f"{where}The file ends in the middle of a round ({last.where}): "
            f"{ns} v {ew} play only board(s) {', '.join(map(str, boards))} where "
            f"the file's rounds have {per_round} boards"
        )
    return faults


def _section_name(part: ImportedSession) -> str:
    """ "Session 2, section B: " in a file of several, else nothing."""
    if (part.session, part.section) == (1, "A"):
        return ""
    return f"Session {part.session}, section {part.section}: "
