"""Shared helpers of the tournaments tests: who meets whom in a movement, and
how often each board is played."""

from __future__ import annotations

from collections import Counter

from tournaments.movements import Movement, Seating


def real_seatings(movement: Movement) -> list[Seating]:
    return [s for s in movement.seatings if not movement.is_sit_out(s)]


def meetings(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((s.ns, s.ew)) for s in real_seatings(movement))


def play_counts(movement: Movement) -> Counter[int]:
    return Counter(b for s in real_seatings(movement) for b in s.boards)
