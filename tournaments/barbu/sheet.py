"""A Barbu manche's score sheet, shared by the director's page and the tablet.

Seven rows, one a contract, each typed as one short line (see
``tournaments.barbu.director_forms``); the whole manche saves or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import QueryDict

from games.barbu import Contract
from tournaments.barbu.director_forms import (
    doubles_text,
    parse_doubles,
    parse_order,
    parse_record,
    record_text,
)
from tournaments.barbu.services import barbu_deal_submit, queue_section
from tournaments.models import BarbuDeal, Table
from tournaments.services.sheet_rows import sheet_rows_saved


@dataclass
class SheetRow:
    """One contract of the manche as typed: the record and the doubles."""

    contract: Contract
    record: str = ""
    doubles: str = ""
    order: str = ""  # the deal's number in the manche, 1 to 7
    choice: str = ""  # the trump suit (Trump) or the height (Réussite)
    points: dict[str, int] | None = None
    errors: list[str] = field(default_factory=list)


def sheet_rows(table: Table, round: int) -> list[SheetRow]:
    """The seven contracts of the manche at ``table``, with what is stored."""
    stored = {
        deal.contract: deal
        for deal in BarbuDeal.objects.filter(table=table, round__number=round)
    }
    rows = []
    for contract in Contract:
        deal = stored.get(contract.value)
        row = SheetRow(contract)
        if deal is not None:
            row.record = record_text(contract, deal.record)
            row.doubles = doubles_text(deal.doubles)
            row.order = "" if deal.order is None else str(deal.order)
            row.choice = deal.trump or deal.height
            row.points = deal.points()
        rows.append(row)
    return rows


def read_sheet(rows: list[SheetRow], data: QueryDict) -> None:
    """Copy the typed lines into the rows."""
    for row in rows:
        row.record = data.get(f"r-{row.contract.value}", "").strip()
        row.doubles = data.get(f"d-{row.contract.value}", "").strip()
        row.order = data.get(f"o-{row.contract.value}", "").strip()
        row.choice = data.get(f"c-{row.contract.value}", "").strip()


def save_sheet(
    table: Table,
    round: int,
    rows: list[SheetRow],
    user: AbstractBaseUser | None,
    source: str,
) -> bool:
    """Save every typed row in one transaction; on any error keep nothing.

    The section is rescored once, for the whole manche."""

    def save(row: SheetRow) -> None:
        barbu_deal_submit(
            table=table,
            round=round,
            contract=row.contract,
            record=parse_record(row.contract, row.record),
            doubles=parse_doubles(row.doubles),
            order=parse_order(row.order),
            trump=row.choice if row.contract is Contract.TRUMP else None,
            height=row.choice if row.contract is Contract.REUSSITE else None,
            user=user,
            source=source,
            rescore=False,
        )

    return sheet_rows_saved(
        rows,
        lambda row: row.record,
        save,
        refused=(ValidationError, PermissionDenied),
        on_saved=lambda: queue_section(table.section),
    )
