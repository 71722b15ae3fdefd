"""When a Barbu table's round is done: its manche (seven deals) entered.

Barbu has no confirmation by opponents (one tablet keeps the table's score
sheet).  The table's current round is the shared machinery's
(``services.table_rounds.current_round``); this is the Barbu rule it asks
through ``BarbuGame.open_round`` (duplicate Barbu's too).
"""

from __future__ import annotations

from collections import Counter

from tournaments.barbu.services import DEALS_PER_MANCHE
from tournaments.models import BarbuDeal, Table
from tournaments.services.table_rounds import first_short


def barbu_open_round(table: Table, since: int = 1) -> int | None:
    """Barbu: the first round (from ``since``) whose manche is not all entered."""
    return first_short(_barbu_needed(table), _barbu_done(table), since)


def _barbu_needed(table: Table) -> dict[int, int]:
    """A manche's deals in every round of the section."""
    return dict.fromkeys(range(1, table.section.rounds + 1), DEALS_PER_MANCHE)


def _barbu_done(table: Table) -> Counter[int]:
    """Deals entered at the table per round."""
    return Counter(
        BarbuDeal.objects.filter(table=table).values_list("round__number", flat=True)
    )
