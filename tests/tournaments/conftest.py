"""Shared helpers of the tournaments tests: who meets whom in a movement, and
how often each board is played; a fresh cache (sign-in rate limits) per test."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.cache import cache

from tournaments.movements import Movement, Seating


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()
    yield
    cache.clear()


def real_seatings(movement: Movement) -> list[Seating]:
    return [s for s in movement.seatings if not movement.is_sit_out(s)]


def meetings(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((s.ns, s.ew)) for s in real_seatings(movement))


def play_counts(movement: Movement) -> Counter[int]:
    return Counter(b for s in real_seatings(movement) for b in s.boards)
