"""Swiss pairing for teams: top-down, no rematch whenever one can be avoided.

The rule, as a director pairs by hand from the standings:

1. With an odd number of teams one has the bye.  It goes to the lowest-ranked
   team that has not had one yet (when every team has had one, to the
   lowest-ranked team), unless that would force more rematches than another
   choice: then to the next lowest such team, and so on.  A team never has a
   second bye while a team without one could take it.
2. The other teams are paired top-down: the best unpaired team meets the
   highest-ranked team it has not met, then the best team left does the same.
   When that would leave teams further down that cannot all be paired without
   a rematch, the best unpaired team takes its next opponent instead (the
   depth-first backtracking of a hand pairing).  So the pairing never has a
   rematch when a rematch-free pairing exists, and among those it is the
   top-down one: the first team's opponent is as high as possible, then the
   next team's, and so on.
3. When no rematch-free pairing exists (late rounds of a small field), the
   pairing has the fewest rematches possible, and among those it is again
   the top-down one, each team taking a team it has not met before one it
   has, and the higher-ranked first within each.  It never fails.

The bye is decided before the other pairs (1 before 2 and 3): the fewest
rematches possible is counted over every allowed bye, and the bye goes to the
lowest-ranked allowed team that keeps that fewest.

How it is fast.  Backtracking by trial and error is exponential when the
bottom of the field cannot be paired (it undoes every pairing above before
it gives up).  Instead each tentative match is tested before it is made:
teams are the vertices of the graph of matches that are not rematches, and
the fewest rematches of the teams still unpaired is half their number minus
the size of a maximum matching of that graph (every unmatched team has to
replay someone).  A maximum matching is kept up to date as teams are paired,
with Edmonds' blossom algorithm: pairing t with c only frees the former
partners of t and c, and every augmenting path ends at one of them, so when a
rematch-free pairing exists two searches from them tell whether it still
does (more are needed only when rematches cannot be avoided).  No pairing is
ever undone, and the result is exactly what depth-first backtracking would
find: :func:`swiss_pairing_naive` enumerates every pairing to check it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from itertools import chain

Pairing = tuple[int, int | None]


def swiss_pairing(
    order: Sequence[int],
    played: Collection[frozenset[int]] | Collection[tuple[int, int]],
    byes: Collection[int] = (),
) -> list[Pairing]:
    """Return the next round's matches as ``(home, away)``, the bye last.

    ``order`` is the teams by current standing, best first (by seeding before
    round 1); ``played`` the pairs of teams that have already met, and
    ``byes`` the teams that have already had a bye.  Pairs and byes of teams
    not in ``order`` (teams that withdrew) are ignored.  The home team is the
    higher-ranked one, and matches are listed by their home team's rank; a bye
    shows as ``(team, None)``.  Raise ValueError unless ``order`` holds at
    least 2 distinct teams and each pair in ``played`` two different teams.
    """
    teams = _check_order(order)
    n = len(teams)
    rank = {team: i for i, team in enumerate(teams)}
    eligible = None
    if n % 2:
        had_bye = {rank[team] for team in byes if team in rank}
        eligible = [v for v in range(n) if v not in had_bye] or list(range(n))
    graph = _Graph(n, _played_ranks(played, rank), eligible)
    bye = None
    if eligible is not None:
        bye = next(c for c in reversed(eligible) if graph.pair(n, c, rematch=False))
    matches: list[Pairing] = []
    for t in range(n):
        if not graph.is_unpaired(t):
            continue
        for c, rematch in graph.candidates(t):
            if graph.pair(t, c, rematch=rematch):
                matches.append((teams[t], teams[c]))
                break
        else:
            raise AssertionError(f"no opponent for team {teams[t]}: a bug")
    if bye is not None:
        matches.append((teams[bye], None))
    return matches


def count_rematches(
    pairings: Iterable[Pairing],
    played: Collection[frozenset[int]] | Collection[tuple[int, int]],
) -> int:
    """Return how many of ``pairings`` are between teams that have already met."""
    met = {frozenset(pair) for pair in played}
    return sum(1 for home, away in pairings if away is not None and {home, away} in met)


def swiss_pairing_naive(
    order: Sequence[int],
    played: Collection[frozenset[int]] | Collection[tuple[int, int]],
    byes: Collection[int] = (),
) -> list[Pairing]:
    """Reference :func:`swiss_pairing` by enumerating every pairing.

    Exponential (9!! = 945 pairings for 10 teams, 10 395 for 12): kept for the
    tests and as the benchmark's baseline.  Pairings are enumerated in the
    rule's order of preference (bye choice, then top-down, fresh opponents
    first) and the first with the fewest rematches wins.
    """
    teams = _check_order(order)
    n = len(teams)
    rank = {team: i for i, team in enumerate(teams)}
    met = {frozenset(pair) for pair in _played_ranks(played, rank)}
    bye_choices: list[int | None] = [None]
    if n % 2:
        had_bye = {rank[team] for team in byes if team in rank}
        eligible = [v for v in range(n) if v not in had_bye] or list(range(n))
        bye_choices = list(reversed(eligible))
    best: tuple[int, list[Pairing]] | None = None
    for bye in bye_choices:
        left = [v for v in range(n) if v != bye]
        for matches in _all_pairings(left, met):
            rematches = sum(frozenset(m) in met for m in matches)
            if best is None or rematches < best[0]:
                tail: list[Pairing] = [] if bye is None else [(teams[bye], None)]
                best = (rematches, [(teams[a], teams[b]) for a, b in matches] + tail)
    assert best is not None
    return best[1]


def _all_pairings(
    left: list[int], met: set[frozenset[int]]
) -> Iterable[list[tuple[int, int]]]:
    """Yield every pairing of ``left`` (ranks, ascending) in top-down order."""
    if not left:
        yield []
        return
    t, rest = left[0], left[1:]
    fresh = [c for c in rest if frozenset((t, c)) not in met]
    replays = [c for c in rest if frozenset((t, c)) in met]
    for c in fresh + replays:
        for tail in _all_pairings([v for v in rest if v != c], met):
            yield [(t, c), *tail]


def _check_order(order: Sequence[int]) -> list[int]:
    """Return ``order`` as a list if it holds at least 2 distinct int teams."""
    teams = list(order)
    if len(teams) < 2:
        raise ValueError(f"order must hold at least 2 teams, got {teams!r}")
    for team in teams:
        if isinstance(team, bool) or not isinstance(team, int):
            raise ValueError(f"order must hold int team numbers, got {team!r}")
    if len(set(teams)) != len(teams):
        raise ValueError(f"order must list each team once, got {teams!r}")
    return teams


def _played_ranks(
    played: Collection[frozenset[int]] | Collection[tuple[int, int]],
    rank: dict[int, int],
) -> list[tuple[int, int]]:
    """Return the pairs of ``played`` between teams of ``rank``, as ranks."""
    pairs = []
    for pair in played:
        members = tuple(pair)
        if len(members) != 2 or members[0] == members[1]:
            raise ValueError(
                f"played must hold pairs of two different teams, got {pair!r}"
            )
        a, b = members
        if a in rank and b in rank:
            pairs.append((rank[a], rank[b]))
    return pairs


class _Graph:
    """The graph of matches that are not rematches, with a maximum matching.

    Vertices are ranks 0 .. n - 1, plus a dummy n for the bye (its edges go to
    the teams allowed the bye).  ``allowed[v]`` is a bitmask of v's possible
    fresh opponents, ``active`` the bitmask of teams not paired yet, and
    ``mate`` a maximum matching of the active teams (-1 for unmatched).
    """

    def __init__(
        self, n: int, played: list[tuple[int, int]], bye_to: list[int] | None
    ) -> None:
        """Build the graph of n teams; ``bye_to`` lists who may take a bye."""
        everyone = (1 << n) - 1
        self.allowed = [everyone & ~(1 << v) for v in range(n)]
        for a, b in played:
            self.allowed[a] &= ~(1 << b)
            self.allowed[b] &= ~(1 << a)
        self.active = everyone
        if bye_to is not None:
            self.allowed.append(sum(1 << v for v in bye_to))
            for v in bye_to:
                self.allowed[v] |= 1 << n
            self.active |= 1 << n
        self.mate = [-1] * len(self.allowed)
        self.size = _maximum_matching(self.mate, self.allowed, self.active)

    def is_unpaired(self, v: int) -> bool:
        """Return whether team ``v`` still waits for an opponent."""
        return bool(self.active >> v & 1)

    def candidates(self, t: int) -> Iterator[tuple[int, bool]]:
        """Yield t's possible opponents by rank, fresh ones then replays.

        Each comes with whether meeting it would be a rematch.
        """
        others = self.active & ~(1 << t)
        for c in _bits(self.allowed[t] & others):
            yield c, False
        for c in _bits(others & ~self.allowed[t]):
            yield c, True

    def pair(self, t: int, c: int, *, rematch: bool) -> bool:
        """Pair ``t`` with ``c`` if the fewest rematches can still be reached.

        They can iff the teams left have a maximum matching of size - 1 +
        rematch edges (it cannot be larger).  Return whether t and c were
        paired.
        """
        target = self.size - 1 + rematch
        if self.mate[t] == c:
            self._commit(t, c, self.mate, target)
            return True
        mate = self.mate[:]
        freed = [v for v in (mate[t], mate[c]) if v != -1]
        for v in (t, c, *freed):
            mate[v] = -1
        active = self.active & ~(1 << t) & ~(1 << c)
        size = self.size - len(freed)
        # Every augmenting path now has an end at a freed team, so search
        # from them first; the teams the matching left out are searched only
        # when the field cannot be paired without rematches (else there are
        # none).  By Edmonds' lemma one search from each is enough.
        others = (v for v in _bits(active) if mate[v] == -1 and v not in freed)
        for root in chain(freed, others):
            if size == target:
                break
            if mate[root] == -1 and _augment(root, mate, self.allowed, active):
                size += 1
        if size < target:
            return False
        self._commit(t, c, mate, target)
        return True

    def _commit(self, t: int, c: int, mate: list[int], size: int) -> None:
        """Take t and c out of the field; ``mate`` is the new maximum matching."""
        mate[t] = mate[c] = -1
        self.mate = mate
        self.active &= ~(1 << t) & ~(1 << c)
        self.size = size


def _bits(mask: int) -> Iterator[int]:
    """Yield the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _bits_down(mask: int) -> Iterator[int]:
    """Yield the set bits of ``mask``, highest first."""
    while mask:
        top = mask.bit_length() - 1
        yield top
        mask ^= 1 << top


def _maximum_matching(mate: list[int], allowed: list[int], active: int) -> int:
    """Grow ``mate`` into a maximum matching of the active vertices; return its size.

    Greedy first (in rank order, which is close to the final pairing), then one
    augmenting-path search from each unmatched vertex: by Edmonds' lemma a
    vertex with no augmenting path never gets one later, so one pass is enough.
    """
    free = sum(1 << v for v in _bits(active) if mate[v] == -1)
    for v in _bits(active):
        if free >> v & 1 and allowed[v] & free:
            w = (allowed[v] & free & -(allowed[v] & free)).bit_length() - 1
            mate[v], mate[w] = w, v
            free &= ~(1 << v) & ~(1 << w)
    for v in _bits(active):
        if mate[v] == -1:
            _augment(v, mate, allowed, active)
    return sum(1 for v in _bits(active) if mate[v] != -1) // 2


def _augment(root: int, mate: list[int], allowed: list[int], active: int) -> bool:
    """Augment ``mate`` along a path from the unmatched ``root``, if there is one.

    Edmonds' blossom algorithm, one breadth-first search with blossom
    contraction (the O(V^3) formulation of e-maxx.ru).  Two shortcuts for the
    dense graphs of a Swiss: augment as soon as a vertex reached at an even
    distance has an unmatched neighbour, and look at the lowest-ranked
    neighbours first, so that the path stays among the teams not paired yet
    and the top-down pairing finds the matching's own pairs.  Return whether
    the matching grew.
    """
    size = len(mate)
    parent = [-1] * size
    base = list(range(size))
    used = [False] * size
    used[root] = True
    queue = [root]
    head = 0
    free = sum(1 << v for v in _bits(active) if mate[v] == -1) & ~(1 << root)
    while head < len(queue):
        v = queue[head]
        head += 1
        reachable = allowed[v] & active
        if reachable & free:
            to = (reachable & free).bit_length() - 1
            parent[to] = v
            _flip(to, mate, parent)
            return True
        for to in _bits_down(reachable):
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = _lowest_common_base(v, to, base, mate, parent)
                blossom = [False] * size
                _mark_path(v, cur, to, base, mate, parent, blossom)
                _mark_path(to, cur, v, base, mate, parent, blossom)
                for i in range(size):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    _flip(to, mate, parent)
                    return True
                even = mate[to]
                beyond = allowed[even] & active & free
                if beyond:
                    # Its partner has an unmatched neighbour: augment now.
                    end = beyond.bit_length() - 1
                    parent[end] = even
                    _flip(end, mate, parent)
                    return True
                used[even] = True
                queue.append(even)
    return False


def _flip(end: int, mate: list[int], parent: list[int]) -> None:
    """Augment ``mate`` along the path that ``parent`` traces back from ``end``."""
    while end != -1:
        before = parent[end]
        after = mate[before]
        mate[end], mate[before] = before, end
        end = after


def _lowest_common_base(
    a: int, b: int, base: list[int], mate: list[int], parent: list[int]
) -> int:
    """Return the base of the blossom closed by the edge a-b."""
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == -1:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark_path(
    v: int,
    b: int,
    child: int,
    base: list[int],
    mate: list[int],
    parent: list[int],
    blossom: list[bool],
) -> None:
    """Mark the blossom's vertices from ``v`` down to its base ``b``."""
    while base[v] != b:
        blossom[base[v]] = blossom[base[mate[v]]] = True
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]
