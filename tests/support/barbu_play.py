"""Valid Barbu records for tests and the demo's shape: one per contract."""

from __future__ import annotations

import random

SEATS = ("N", "E", "S", "W")
CONTRACTS = ("barbu", "hearts", "queens", "tricks", "last-two", "trump", "reussite")


def split(total: int, rng: random.Random) -> dict[str, int]:
    """``total`` shared at random among the four seats."""
    counts = dict.fromkeys(SEATS, 0)
    for _ in range(total):
        counts[rng.choice(SEATS)] += 1
    return counts


def record(contract: str, rng: random.Random) -> dict[str, object]:
    """A record the rule book accepts for ``contract``."""
    if contract == "barbu":
        return {"king": rng.choice(SEATS)}
    if contract == "hearts":
        hearts = split(13, rng)
        ace = rng.choice([seat for seat, n in hearts.items() if n])
        return {"hearts": hearts, "ace": ace}
    if contract == "queens":
        return {"queens": split(4, rng)}
    if contract in ("tricks", "trump"):
        return {"tricks": split(13, rng)}
    if contract == "last-two":
        return {"penultimate": rng.choice(SEATS), "last": rng.choice(SEATS)}
    order = list(SEATS)
    rng.shuffle(order)
    return {"order": order}
