"""Prove an individual bridge movement sound before anybody sits down to play it.

``problems`` lists, readably, every way a schedule breaks what an individual
promises (``individual_bridge``'s docstring): each (round, table) listed once,
every player seated or sitting out once a round, no partner twice, opponents
met no more than the size allows, sit-outs spread, each set at one table a
round (or shared by both tables of a 2-table movement), nobody playing a set
twice and every board played the same number of times.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import product

from tournaments.individual.movement import IndividualSchedule
from tournaments.movements.validation import grid_problems


def problems(schedule: IndividualSchedule) -> list[str]:
    """The schedule's problems; empty means sound."""
    keys = [(s.round, s.table) for s in schedule.seatings]
    found = grid_problems(keys, schedule.rounds, schedule.tables)
    found += _presence(schedule)
    found += _partners_and_opponents(schedule)
    found += _sit_outs(schedule)
    found += _boards(schedule)
    return found


def _presence(schedule: IndividualSchedule) -> list[str]:
    """Each player is at one table or sitting out, once a round."""
    found = []
    everyone = set(range(1, schedule.players + 1))
    for number in range(1, schedule.rounds + 1):
        seen = Counter(
            p for s in schedule.seatings if s.round == number for p in s.players
        )
        seen.update(schedule.sit_outs[number - 1])
        for player in sorted(everyone):
            if seen[player] != 1:
                found.append(
                    f"round {number}: player {player} is placed {seen[player]} times"
                )
        found += [
            f"round {number}: player {p} is not in the event"
            for p in sorted(set(seen) - everyone)
        ]
    return found


def _partners_and_opponents(schedule: IndividualSchedule) -> list[str]:
    """No partner twice; nobody opposes anybody more than the bound."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for s in schedule.seatings:
        partners.update((frozenset(s.ns), frozenset(s.ew)))
        opponents.update(frozenset(pair) for pair in product(s.ns, s.ew))
    bound = schedule.opponent_limit
    found = [
        f"players {' and '.join(map(str, sorted(pair)))} partner {n} times"
        for pair, n in sorted(partners.items(), key=lambda item: sorted(item[0]))
        if n > 1
    ]
    found += [
        f"players {' and '.join(map(str, sorted(pair)))} oppose {n} times "
        f"(at most {bound})"
        for pair, n in sorted(opponents.items(), key=lambda item: sorted(item[0]))
        if n > bound
    ]
    return found


def _sit_outs(schedule: IndividualSchedule) -> list[str]:
    """Everyone sits out as often as anyone else, give or take one round."""
    counts = Counter(p for out in schedule.sit_outs for p in out)
    spread = [counts[p] for p in range(1, schedule.players + 1)]
    if max(spread) - min(spread) > 1:
        return [f"sit-outs are uneven: from {min(spread)} to {max(spread)} a player"]
    return []


def _boards(schedule: IndividualSchedule) -> list[str]:
    """A set at one table a round (both, passed, in a 2-table movement); the
    same boards always; nobody plays a set twice; boards played equally."""
    found = []
    where: dict[tuple[int, int], list[int]] = defaultdict(list)
    boards_of: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    played: dict[tuple[int, int], list[int]] = defaultdict(list)
    plays: Counter[int] = Counter()
    for s in schedule.seatings:
        where[s.round, s.board_set].append(s.table)
        boards_of[s.board_set].add(s.boards)
        plays.update(s.boards)
        for player in s.players:
            played[player, s.board_set].append(s.round)
    if schedule.shared_boards and schedule.boards_per_round < schedule.tables:
        found.append("a shared set needs a board for each table to pass")
    for (number, board_set), tables in sorted(where.items()):
        if len(tables) > 1 and not schedule.shared_boards:
            found.append(f"round {number}: set {board_set} is at tables {tables}")
    found += [
        f"set {board_set} is not always the same boards"
        for board_set, variants in sorted(boards_of.items())
        if len(variants) > 1
    ]
    found += [
        f"player {player} plays set {board_set} in rounds {rounds}"
        for (player, board_set), rounds in sorted(played.items())
        if len(rounds) > 1
    ]
    if len(set(plays.values())) > 1:
        found.append(
            f"boards are not played equally often: {dict(sorted(plays.items()))}"
        )
    return found
