"""Bridge pairs movements as pure data: who sits where, playing which boards.

Pure standard-library Python, no Django: the app stores and prints what these
functions return.

* :func:`mitchell` - NS stationary, EW up one table, boards down one table;
  skip or relay-and-bye-stand variants for an even number of tables.
* :func:`howell` - complete Howells for 2 to 10 tables.
* :func:`validate` / :func:`assert_sound` - check any movement.
* :func:`standard_movements` - what to propose for a number of pairs.
* :func:`table_card` / :func:`pair_card` - guide-card data.

Conventions: rounds, tables, board sets and pair ids are 1-based; board set
s holds boards (s - 1) * b + 1 .. s * b for b boards a round.
"""

from __future__ import annotations

from .cards import pair_card, table_card
from .howell import howell
from .mitchell import mitchell
from .model import (
    BoardShare,
    Movement,
    MovementPair,
    Seating,
    format_boards,
    set_boards,
)
from .standard import boards_per_round_for, standard_movements
from .validation import assert_sound, validate

__all__ = [
    "BoardShare",
    "Movement",
    "MovementPair",
    "Seating",
    "assert_sound",
    "boards_per_round_for",
    "format_boards",
    "howell",
    "mitchell",
    "pair_card",
    "set_boards",
    "standard_movements",
    "table_card",
    "validate",
]
