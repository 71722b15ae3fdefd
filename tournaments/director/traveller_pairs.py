"""The pairs the director types on a board's traveller: the board was played
by other pairs than the movement's (``services.line_exchange``).

Every stored line whose typed pairs differ is fixed together, before the
results are saved, so two tables whose pairs were exchanged are corrected
in one save; a refusal is written on the row it concerns.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError

from tournaments.director.forms import TravellerRow
from tournaments.models import Result
from tournaments.services.line_exchange import LineRefused, lines_pairs_fix
from tournaments.services.line_pairs import pair_by_label


def fix_typed_pairs(
    rows: list[TravellerRow],
    existing: dict[int, Result],
    user: AbstractBaseUser | None,
) -> bool:
    """Give the stored lines the pairs typed on their rows; False on a refusal
    (written on the rows).  ``existing`` is updated with the lines as stored."""
    fixes = []
    ok = True
    for row in rows:
        result = existing.get(row.result_id)
        if result is None or row.delete:
            continue
        section = result.board.section
        try:
            ns = pair_by_label(section, row.ns_typed, "ns_pair")
            ew = pair_by_label(section, row.ew_typed, "ew_pair")
        except ValidationError as error:
            row.errors = error.messages
            ok = False
            continue
        if (ns.pk, ew.pk) != (result.ns_pair_id, result.ew_pair_id):
            fixes.append((result, ns, ew))
    if not ok or not fixes:
        return ok
    try:
        lines = lines_pairs_fix(fixes, user=user)
    except LineRefused as error:
        row = next(row for row in rows if row.result_id == error.result_pk)
        row.errors = error.messages
        return False
    except ValidationError as error:
        rows[0].errors = error.messages
        return False
    by_pk = {row.result_id: row for row in rows}
    for line in lines:
        existing[line.pk] = line
        row = by_pk[line.pk]
        row.ns, row.ew = line.ns_pair_id, line.ew_pair_id
        row.ns_label, row.ew_label = line.ns_pair.label, line.ew_pair.label
    return True
