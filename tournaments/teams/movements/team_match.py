"""How a round of team matches sits and plays: tables, rooms and board stints.

A team match is played at two tables.  In the open room (table 2k - 1 for
match k) the home team sits North-South and the away team East-West; in the
closed room (table 2k) the away team sits North-South and the home team
East-West, so each board is played once in each direction by each team and
the two results are compared in IMPs.

The two tables play the same boards, but never at the same time, else a
player could overhear a board he is about to play.  The boards are split into
equal sets and played in stints: in each pair of consecutive stints the open
table plays set A while the closed table plays set B, then the tables
exchange the boards, the closed table playing A and the open one B.  With a
single stint each table plays every board at once from its own duplicated
wallets (the boards are dealt twice), and nothing is exchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class MatchTables:
    """Where one match of a round sits: its 1-based number and two tables."""

    match: int
    home: int
    away: int
    open_table: int
    closed_table: int


@dataclass(frozen=True)
class Stint:
    """One stint of a match: the boards each room plays before an exchange."""

    number: int
    open_boards: tuple[int, ...]
    closed_boards: tuple[int, ...]


def match_tables(pairings: Sequence[tuple[int, int | None]]) -> list[MatchTables]:
    """Return the tables of each match of a round, in the order given.

    ``pairings`` are ``(home, away)`` team numbers; a bye ``(team, None)``
    gets no table and no match number.  Match k plays at tables 2k - 1 (open
    room: home NS, away EW) and 2k (closed room: away NS, home EW).  Raise
    ValueError if a pairing is not a pair, a team not a positive int, or a
    team appears twice.
    """
    seen: set[int] = set()
    matches: list[MatchTables] = []
    for pairing in pairings:
        try:
            home, away = pairing
        except (TypeError, ValueError):
            raise ValueError(
                f"pairings must be (home, away) pairs, got {pairing!r}"
            ) from None
        for team in (home,) if away is None else (home, away):
            if isinstance(team, bool) or not isinstance(team, int) or team < 1:
                raise ValueError(
                    f"pairings must hold positive team numbers, got {pairing!r}"
                )
            if team in seen:
                raise ValueError(
                    f"pairings must list each team once, team {team} twice"
                )
            seen.add(team)
        if away is not None:
            k = len(matches) + 1
            matches.append(MatchTables(k, home, away, 2 * k - 1, 2 * k))
    return matches


def match_stints(boards: int, first_board: int = 1, stints: int = 2) -> list[Stint]:
    """Return the stints of a match of ``boards`` boards numbered from ``first_board``.

    The boards are split into ``stints`` equal sets of consecutive boards.
    Stints go by pairs: in the first of a pair the open room plays the first
    set and the closed room the second, in the next one they exchange.  So 8
    boards in 2 stints are open 1-4 / closed 5-8, then open 5-8 / closed 1-4.
    ``stints=1`` means both rooms play every board at once from duplicated
    wallets.  Raise ValueError unless ``stints`` is 1 or even and divides
    ``boards``.
    """
    for name, value in (
        ("boards", boards),
        ("first_board", first_board),
        ("stints", stints),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive int, got {value!r}")
    if stints > 1 and stints % 2:
        raise ValueError(
            f"stints must be 1 (duplicated boards) or even, got {stints!r}"
        )
    if boards % stints:
        raise ValueError(
            f"boards must be a multiple of stints ({stints}), got {boards!r}"
        )
    size = boards // stints
    sets = [
        tuple(range(first_board + i * size, first_board + (i + 1) * size))
        for i in range(stints)
    ]
    if stints == 1:
        return [Stint(1, sets[0], sets[0])]
    plan = []
    for i in range(0, stints, 2):
        a, b = sets[i], sets[i + 1]
        plan += [Stint(i + 1, a, b), Stint(i + 2, b, a)]
    return plan
