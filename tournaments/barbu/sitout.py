"""Individual movements of tables of four when the players are not a multiple
of four (Barbu): some players sit out each round, each in turn.

With ``n = 4T + k`` players (k = 1, 2 or 3) there are T tables and k players
sit out each round. The rule book (shared/seeds/004) plays four to a table
and says nothing of a sit-out; Donne follows the usual practice of club
individuals (as in a Whiz or an individual bridge evening with a phantom):

- the sit-outs go round the players in turn, k a round, so that nobody sits
  out a second time before everyone has sat out once, and over the session
  the numbers of sit-outs differ by at most one;
- the players keep no fixed seat (a player sitting out would otherwise miss
  his own turn to declare): each round the declaring seat (N in round 1, E in
  round 2, ...) goes to the playing players who have declared least, so that
  over four rounds nobody declares twice;
- the others are seated table by table where they meet the fewest players
  they have already met (greedy), then two players of different tables swap
  places while that lowers the number of repeated meetings (deterministic).

A sit-out scores nothing for the round, which in Barbu is the average: every
manche's seven contracts total zero (« les coups positifs et les coups
négatifs s'annulent »), so the field's average for a round is 0 points.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from tournaments.barbu.movement import MAX_ROUNDS, MAX_TABLES, SEATS, IndividualMovement
from tournaments.barbu.movement import IndividualSeating as Seating
from tournaments.movements.model import check_int

MIN_PLAYERS = 5
MAX_PLAYERS = 4 * MAX_TABLES + 3


@dataclass(frozen=True)
class SitOutMovement(IndividualMovement):
    """An individual movement whose rounds each leave ``players % 4`` out.

    ``sit_outs[r - 1]`` holds the numbers of the players who sit out round r.
    Player numbers run 1..``players``; a player changes seat from round to
    round, so ``seat_of`` has no answer here.
    """

    players: int = 0
    sit_outs: tuple[tuple[int, ...], ...] = ()

    def seat_of(self, player: int) -> str:
        raise ValueError("players change seats in a movement with sit-outs")

    def sitting_out(self, round: int) -> tuple[int, ...]:
        """The players who sit out round ``round``."""
        return self.sit_outs[round - 1]


def sitout_movement(players: int, rounds: int = 4) -> SitOutMovement:
    """The movement of ``players`` (5..51, not a multiple of 4) over ``rounds``."""
    check_int("players", players, MIN_PLAYERS, MAX_PLAYERS)
    check_int("rounds", rounds, 1, MAX_ROUNDS)
    if players % 4 == 0:
        raise ValueError(f"{players} players fill tables of four: no sit-out is needed")
    sit_outs, seatings = _rounds(players, rounds)
    return SitOutMovement(
        tables=players // 4,
        rounds=rounds,
        seatings=seatings,
        players=players,
        sit_outs=sit_outs,
    )


@cache
def _rounds(
    players: int, rounds: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[Seating, ...]]:
    tables, out = divmod(players, 4)
    declared: Counter[int] = Counter()
    met: Counter[frozenset[int]] = Counter()
    sit_outs: list[tuple[int, ...]] = []
    seatings: list[Seating] = []
    for number in range(1, rounds + 1):
        start = (number - 1) * out
        resting = tuple(sorted((start + i) % players + 1 for i in range(out)))
        sit_outs.append(resting)
        playing = [p for p in range(1, players + 1) if p not in resting]
        declarers = sorted(playing, key=lambda p: (declared[p], p))[:tables]
        declared.update(declarers)
        seated = [[declarer] for declarer in declarers]
        for player in (p for p in playing if p not in declarers):
            table = min(
                (t for t in range(tables) if len(seated[t]) < 4),
                key=lambda t: (sum(met[frozenset((player, o))] for o in seated[t]), t),
            )
            seated[table].append(player)
        _improve(seated, met)
        declarer_seat = SEATS.index(SEATS[(number - 1) % len(SEATS)])
        for table, group in enumerate(seated, start=1):
            met.update(frozenset(pair) for pair in combinations(group, 2))
            # The declarer in the round's declaring seat, the others clockwise.
            by_seat = [0, 0, 0, 0]
            for offset, player in enumerate(group):
                by_seat[(declarer_seat + offset) % 4] = player
            seatings.append(Seating(number, table, tuple(by_seat)))
    return tuple(sit_outs), tuple(seatings)


def _improve(seated: list[list[int]], met: Counter[frozenset[int]]) -> None:
    """Swap non-declaring players between tables while repeats go down.

    A table's cost is the number of earlier meetings among its four players,
    squared per pair so that a third meeting costs more than two seconds.
    """

    def cost(group: list[int]) -> int:
        return sum(met[frozenset(pair)] ** 2 for pair in combinations(group, 2))

    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(seated)), 2):
            for i in range(1, 4):
                for j in range(1, 4):
                    first, second = seated[a], seated[b]
                    before = cost(first) + cost(second)
                    first[i], second[j] = second[j], first[i]
                    if cost(first) + cost(second) < before:
                        improved = True
                    else:
                        first[i], second[j] = second[j], first[i]
