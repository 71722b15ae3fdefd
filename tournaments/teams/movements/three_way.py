"""Three-way team matches: three teams, each playing half its boards against
each of the other two, at three tables in two stints.

Issue 22.  Each team has a North-South and an East-West pair.  The round's
boards are three sets X, Y, Z of ``half`` boards; with teams A, B, C at
tables 1-3 (t1, t2, t3 of the group):

    stint 1:  t1 A-NS v B-EW  X    t2 B-NS v C-EW  Y    t3 C-NS v A-EW  Z
    stint 2:  t1 A-NS v C-EW  Z    t2 B-NS v A-EW  X    t3 C-NS v B-EW  Y

So each set is a complete two-room match: X is A v B (open room t1, A
North-South; closed room t2, B North-South), Y is B v C (t2, t3) and Z is
C v A (t3, t1).  Each pair plays ``2 x half`` boards, half against each
other team; after stint 1 the boards go down one table (t1 to t2, t2 to t3,
t3 to t1) and the East-West pairs up one (t3 to t2, t2 to t1, t1 to t3).
Each match is scored in IMPs over its ``half`` boards and converted to VPs
on the WBF scale for that length (``scoring.teams.match_vp``), as the EBU
scores the three-way matches of its Swiss and knockout events.

Match k of group g (numbered 3(g-1)+1 to 3g, in the order A v B, B v C,
C v A) sits at open table 3(g-1) + i + 1 and closed table 3(g-1) + (i+1
mod 3) + 1 with i = (k-1) mod 3, and plays set i + 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.movements.model import (
    Movement,
    Note,
    Seating,
    gettext_noop,
)
from tournaments.teams.movements.team_round import (
    team_pair_ids,
    team_pairs,
    teams_movement,
)

Group = tuple[int, int, int]


def three_way_tables(number: int) -> tuple[int, int]:
    """The (open, closed) tables of three-way match ``number`` (from 1)."""
    base, i = divmod(number - 1, 3)
    return 3 * base + i + 1, 3 * base + (i + 1) % 3 + 1


def three_way_set(number: int) -> int:
    """The board set (1 to 3: X, Y, Z) three-way match ``number`` plays."""
    return (number - 1) % 3 + 1


def three_way_pairings(group: Group) -> list[tuple[int, int]]:
    """The group's three matches as (home, away): A v B, B v C, C v A."""
    a, b, c = group
    return [(a, b), (b, c), (c, a)]


def three_way_round(groups: Sequence[Group], *, boards: int) -> Movement:
    """The movement of a round of three-way groups; ``boards`` is what each
    team plays (even: half against each other team).

    Raise ValueError for an odd ``boards``, a group not of three teams, or a
    team in two groups.
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 2:
        raise ValueError(f"boards must be an even int of at least 2, got {boards!r}")
    if boards % 2:
        raise ValueError(f"boards must be even (half against each team), got {boards}")
    seen: set[int] = set()
    for group in groups:
        if len(group) != 3 or len(set(group)) != 3:
            raise ValueError(f"a three-way group holds three teams, got {group!r}")
        if seen & set(group):
            raise ValueError(f"a team plays in one group only, got {group!r} again")
        seen |= set(group)
    half = boards // 2
    sets = [tuple(range(k * half + 1, (k + 1) * half + 1)) for k in range(3)]
    pairs = []
    seatings = []
    for g, group in enumerate(groups):
        ns = {team: team_pair_ids(team)[0] for team in group}
        ew = {team: team_pair_ids(team)[1] for team in group}
        for team in group:
            pairs += team_pairs(team)
        a, b, c = group
        # (table, NS team, EW team, set) of each stint, as the module says.
        plan = {
            1: ((1, a, b, 0), (2, b, c, 1), (3, c, a, 2)),
            2: ((1, a, c, 2), (2, b, a, 0), (3, c, b, 1)),
        }
        for stint, tables in plan.items():
            seatings += [
                Seating(
                    round=stint,
                    table=3 * g + table,
                    ns=ns[north],
                    ew=ew[east],
                    board_set=3 * g + index + 1,
                    boards=sets[index],
                )
                for table, north, east, index in tables
            ]
    return teams_movement(
        name=f"Teams: {len(groups)} three-way groups of {boards} boards a team",
        tables=3 * len(groups),
        rounds=2,
        boards_per_round=half,
        pairs=pairs,
        seatings=seatings,
        notes=(
            Note(
                gettext_noop(
                    "Three-way match: after the first stint the boards go down "
                    "one table and the East-West pairs up one (from the third "
                    "table to the second)."
                )
            ),
        ),
    )
