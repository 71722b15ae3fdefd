"""The awards against an absent pair stored in a section, as plain tuples."""

from __future__ import annotations

from tournaments.models import Result, Section


def awards(section: Section) -> list[tuple]:
    """(board, NS number, EW number, NS mark, EW mark, absent side, round,
    table) of each award against an absent side, by board."""
    return list(
        Result.objects.filter(board__section=section, absent__gt="")
        .order_by("board__number")
        .values_list(
            "board__number",
            "ns_pair__number",
            "ew_pair__number",
            "adjusted_ns",
            "adjusted_ew",
            "absent",
            "round__number",
            "table__number",
        )
    )
