"""One round of team matches as a movement, so tablets and cards work for teams.

Team ``t`` has two pair positions: ``tNS`` (id 2t - 1), North-South in the
open room when it is the home team and in the closed room when away, and
``tEW`` (id 2t).  Match k sits at tables 2k - 1 (open: home NS v away EW)
and 2k (closed: away NS v home EW); the "rounds" of this movement are the
stints between two board exchanges.  Each match plays its own copy of the
boards, so each (match, set of boards) is its own board set.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.movements.model import (
    EW,
    NS,
    Movement,
    MovementPair,
    Note,
    Seating,
    gettext_noop,
)
from tournaments.teams.movements.team_match import match_stints, match_tables

TEAMS = "teams"


def team_pair_ids(team: int) -> tuple[int, int]:
    """The movement ids of the team's NS and EW pairs."""
    return 2 * team - 1, 2 * team


def team_pairs(team: int) -> list[MovementPair]:
    """The team's two pair positions, North-South then East-West (ids from
    ``team_pair_ids``): what every team movement lists for a team."""
    ns, ew = team_pair_ids(team)
    return [MovementPair(ns, team, NS), MovementPair(ew, team, EW)]


def team_round(
    pairings: Sequence[tuple[int, int | None]], *, boards: int, stints: int = 2
) -> Movement:
    """The movement of one round: who sits where in each stint, with which boards.

    ``pairings`` are (home, away) team numbers, away None for a bye (the team
    with a bye has no table).  ``boards`` is the number of boards a match.
    """
    tables = match_tables(pairings)
    plan = match_stints(boards, 1, stints)
    set_index: dict[tuple[int, ...], int] = {}
    for stint in plan:
        for played in (stint.open_boards, stint.closed_boards):
            set_index.setdefault(played, len(set_index) + 1)
    pairs = []
    for match in tables:
        for team in (match.home, match.away):
            pairs += team_pairs(team)
    seatings = []
    for stint in plan:
        for match in tables:
            base = (match.match - 1) * len(set_index)
            home_ns, home_ew = team_pair_ids(match.home)
            away_ns, away_ew = team_pair_ids(match.away)
            # The home team sits NS in the open room and EW in the closed one.
            rooms = (
                (match.open_table, home_ns, away_ew, stint.open_boards),
                (match.closed_table, away_ns, home_ew, stint.closed_boards),
            )
            seatings += [
                Seating(
                    round=stint.number,
                    table=table,
                    ns=ns,
                    ew=ew,
                    board_set=base + set_index[played],
                    boards=played,
                )
                for table, ns, ew, played in rooms
            ]
    return teams_movement(
        name=f"Teams: {len(tables)} matches of {boards} boards",
        tables=2 * len(tables),
        rounds=len(plan),
        boards_per_round=boards // len(plan),
        pairs=pairs,
        seatings=seatings,
        notes=_notes(len(plan)),
    )


def teams_movement(
    *,
    name: str,
    tables: int,
    rounds: int,
    boards_per_round: int,
    pairs: Sequence[MovementPair],
    seatings: Sequence[Seating],
    notes: tuple[Note, ...],
) -> Movement:
    """A team movement (kind ``TEAMS``) with its seatings in (round, table)
    order, the order the tablets and the printed cards read them in: what
    every round of team matches (two-room or three-way) returns."""
    return Movement(
        kind=TEAMS,
        name=name,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        pairs=tuple(pairs),
        seatings=tuple(sorted(seatings, key=lambda s: (s.round, s.table))),
        notes=notes,
    )


def _notes(stints: int) -> tuple[Note, ...]:
    if stints == 1:
        return (
            Note(
                gettext_noop(
                    "Each table of a match plays every board from its own copy of "
                    "the wallets."
                )
            ),
        )
    return (
        Note(
            gettext_noop(
                "The two tables of a match play the same boards: they exchange "
                "them after each stint."
            )
        ),
    )
