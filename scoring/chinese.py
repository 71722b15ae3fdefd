"""Chinese bridge rankings: matches won, or hands compared in duplicate.

Plain data in, plain data out.  A match is won by the player with more
points (one a trick) over its hands: 1 for a win, 1/2 for a draw, 0 for a
loss, as chess and backgammon clubs score a round robin or a Swiss; a bye
scores a win (the FIDE and club practice for Swiss byes).  Players level on
match score are separated by their total points, then share the place.

With the duplicate option all tables play the same deals, so on each hand
the tricks of the players who held the same hand (the first or the second
player of each table) are matchpointed against each other (2 per score
beaten, 1 per tie, as in pairs), and players are ranked on their percentage.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from scoring.matchpoints import matchpoints, top
from scoring.ranking import rank

PlayerKey = Hashable
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True)
class MatchLine:
    """A match as the ranking needs it; ``b`` None for a bye."""

    a: PlayerKey
    b: PlayerKey | None
    points_a: int = 0
    points_b: int = 0
    complete: bool = True


@dataclass(frozen=True)
class ChineseStanding:
    """A player's line: match score (or % in duplicate), points, place."""

    player: PlayerKey
    score: float
    points: int
    played: int
    rank: str


def match_scores(points_a: int, points_b: int) -> tuple[float, float]:
    """A finished match's score for each player: 1, 1/2 or 0."""
    if points_a == points_b:
        return DRAW, DRAW
    return (WIN, LOSS) if points_a > points_b else (LOSS, WIN)


@dataclass
class _Tally:
    """A player's running totals: what he is ranked on (match score, or
    matchpoints in duplicate), the tops he could have had, his points (his
    tricks) and how many matches or hands he played."""

    score: float = 0.0
    tops: float = 0.0
    points: int = 0
    played: int = 0

    def add(self, score: float, points: int, top: float = 0.0) -> None:
        """One match or hand played: its score, his points and its top."""
        self.score += score
        self.tops += top
        self.points += points
        self.played += 1


def standings(
    matches: Sequence[MatchLine], players: Sequence[PlayerKey]
) -> list[ChineseStanding]:
    """Every player ranked on match score, then points (complete matches only)."""
    tally = {player: _Tally() for player in players}
    for match in matches:
        if not match.complete:
            continue
        if match.b is None:
            tally[match.a].score += WIN
            continue
        first, second = match_scores(match.points_a, match.points_b)
        tally[match.a].add(first, match.points_a)
        tally[match.b].add(second, match.points_b)
    order = sorted(players, key=lambda p: (-tally[p].score, -tally[p].points))
    keys = [tally[p].score * 10_000 + tally[p].points for p in order]
    return [
        ChineseStanding(
            p, round(tally[p].score, 6), tally[p].points, tally[p].played, place
        )
        for p, place in zip(order, rank(keys), strict=True)
    ]


@dataclass(frozen=True)
class DuplicateHand:
    """One hand at one table in duplicate: deal ``deal``, each player's tricks."""

    deal: tuple[int, int]
    a: PlayerKey
    b: PlayerKey
    tricks_a: int
    tricks_b: int


def duplicate_matchpoints(
    hands: Sequence[DuplicateHand],
) -> list[tuple[float, float, float]]:
    """Each hand's (MP of a, MP of b, top), compared with the same hand elsewhere."""
    by_deal: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, hand in enumerate(hands):
        by_deal[hand.deal].append(index)
    found: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(hands)
    for indexes in by_deal.values():
        first = matchpoints([hands[i].tricks_a for i in indexes])
        second = matchpoints([hands[i].tricks_b for i in indexes])
        board_top = top(len(indexes))
        for i, mp_a, mp_b in zip(indexes, first, second, strict=True):
            found[i] = (mp_a, mp_b, board_top)
    return found


def duplicate_standings(
    hands: Sequence[DuplicateHand], players: Sequence[PlayerKey]
) -> list[ChineseStanding]:
    """Players ranked on their percentage of the tops over the hands they held."""
    tally = {player: _Tally() for player in players}
    for hand, (mp_a, mp_b, board_top) in zip(
        hands, duplicate_matchpoints(hands), strict=True
    ):
        tally[hand.a].add(mp_a, hand.tricks_a, board_top)
        tally[hand.b].add(mp_b, hand.tricks_b, board_top)
    pct = {
        p: round(100 * tally[p].score / tally[p].tops, 2) if tally[p].tops else 50.0
        for p in players
    }
    order = sorted(players, key=lambda p: -pct[p])
    return [
        ChineseStanding(p, pct[p], tally[p].points, tally[p].played, place)
        for p, place in zip(order, rank([pct[p] for p in order]), strict=True)
    ]
