"""Knockout brackets for teams: seeded first round, then winners meet in order.

Seeds are placed in the standard order (as in tennis draws and the EBL/WBF
knockout stages): for a bracket of 2m places, each seed s of the order for m
places is followed by its partner 2m + 1 - s.  So 8 places give
1, 8, 4, 5, 2, 7, 3, 6: seeds 1 and 2 can only meet in the final, seeds 1 to
4 only in the semi-finals, and in every round the best remaining seed meets
the worst one if seeding holds.  With fewer teams than places, the missing
seeds are byes and fall to the top seeds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def seed_order(places: int) -> list[int]:
    """Return the standard seed order of a bracket of ``places`` (a power of 2)."""
    if (
        isinstance(places, bool)
        or not isinstance(places, int)
        or places < 1
        or places & (places - 1)
    ):
        raise ValueError(f"places must be a power of 2, got {places!r}")
    order = [1]
    while len(order) < places:
        size = 2 * len(order)
        order = [seed for s in order for seed in (s, size + 1 - s)]
    return order


def bracket(teams: int) -> list[tuple[int, int | None]]:
    """Return the first-round matches of a knockout for seeds 1 .. ``teams``.

    The bracket has the next power of 2 places at or above ``teams``; the
    places of the missing seeds are byes, shown as ``(seed, None)``, and go to
    the top seeds.  Matches are in bracket order: the winner of match 2k - 1
    meets the winner of match 2k in the next round.  The better (lower) seed
    is home.  Raise ValueError unless ``teams`` is an int of at least 2.
    """
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise ValueError(f"teams must be an int of at least 2, got {teams!r}")
    places = 1 << (teams - 1).bit_length()
    order = seed_order(places)
    return [
        (home, away if away <= teams else None)
        for home, away in zip(order[::2], order[1::2], strict=True)
    ]


def next_round(
    winners: Sequence[int], seeds: Mapping[int, int] | None = None
) -> list[tuple[int, int]]:
    """Return the next round's matches from the winners of this one.

    ``winners`` are in bracket order (the winner of match 1 first; a team with
    a bye counts as the winner of its match): winner 1 meets winner 2, winner 3
    meets winner 4, and so on.  Home is the team listed first, unless
    ``seeds`` (team -> seed, 1 the best) is given: then the better seed is
    home.  Raise ValueError unless there is an even number (at least 2) of
    distinct winners, each with a seed when ``seeds`` is given.
    """
    teams = list(winners)
    if len(teams) < 2 or len(teams) % 2:
        raise ValueError(
            f"winners must be an even number of teams, got {len(teams)} teams"
        )
    if len(set(teams)) != len(teams):
        raise ValueError(f"winners must be distinct teams, got {teams!r}")
    if seeds is not None:
        missing = [team for team in teams if team not in seeds]
        if missing:
            raise ValueError(f"seeds must give every winner a seed, missing {missing}")
    matches = []
    for first, second in zip(teams[::2], teams[1::2], strict=True):
        if seeds is not None and seeds[second] < seeds[first]:
            first, second = second, first
        matches.append((first, second))
    return matches
