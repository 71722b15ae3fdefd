"""From API input to ``result_submit``: pairs by label, tricks, a token's scope.

The services check the rules and the movement; this module only finds the
objects the input names, keeps a table token at its own table, and turns a
Django ``ValidationError`` into a DRF one naming the API's fields.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.settings import api_settings

from games.bridge import parse_contract, tricks_from_result
from games.errors import GameError
from tournaments.api.permissions import is_director, token_table
from tournaments.models import Pair, Result, Section, Source, Table
from tournaments.selectors.api_lines import line_afresh, numbered_row, pairs_numbered
from tournaments.services.disputes import SecondEntryRefused
from tournaments.services.entry import StateConflict
from tournaments.services.line_pairs import line_pairs_fix
from tournaments.services.results import result_enter

PAIR_LABEL = re.compile(r"^\s*(\d+)\s*(NS|EW)?\s*$", re.IGNORECASE)
# The services name the model's fields; the API names its own.
API_FIELDS = {"ns_pair": "ns", "ew_pair": "ew"}


class Conflict(exceptions.APIException):
    """A second entry disagreeing with the stored line, or a race lost: 409,
    with its message."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def api_error(error: DjangoValidationError) -> exceptions.APIException:
    """A 400 with the fields named as the API names them; a refused second
    entry (it disagrees with the stored line) and a race lost to what is
    stored now (``StateConflict``: a line of a pair that has just withdrawn)
    are a 409, with the same body."""
    if hasattr(error, "error_dict"):
        detail = {API_FIELDS.get(k, k): v for k, v in error.message_dict.items()}
    else:
        detail = {api_settings.NON_FIELD_ERRORS_KEY: error.messages}
    if isinstance(error, (SecondEntryRefused, StateConflict)):
        return Conflict(detail)
    return exceptions.ValidationError(detail)


def find_pair(section: Section, text: str, field: str) -> Pair:
    """The pair labelled ``text`` ("1NS", "7", or "1" when only one pair is 1)."""
    match = PAIR_LABEL.match(text)
    found = []
    if match is not None:
        found = pairs_numbered(section, int(match.group(1)), match.group(2), field)
    if len(found) != 1:
        raise exceptions.ValidationError(
            {field: [_("No pair %(pair)s in this section.") % {"pair": text}]}
        )
    return found[0]


def numbered(queryset: Any, number: int | None, field: str) -> Any:
    if number is None:
        return None
    found = numbered_row(queryset, number)
    if found is None:
        raise exceptions.ValidationError(
            {field: [_("No %(field)s %(number)d in this section.")
                     % {"field": field, "number": number}]}
        )  # fmt: skip
    return found


def _tricks(contract: str, data: Mapping[str, Any], default: int | None) -> int | None:
    """Tricks from ``result`` ("=", "+1", "9") or ``tricks``, else ``default``."""
    text = (data.get("result") or "").strip()
    if not text:
        return data.get("tricks", default)
    try:
        parsed = parse_contract(contract)
    except GameError as error:
        raise exceptions.ValidationError({"contract": [str(error)]}) from None
    try:
        tricks = tricks_from_result(parsed, text)
    except GameError as error:
        raise exceptions.ValidationError({"result": [str(error)]}) from None
    return None if parsed.is_pass else tricks


def line_fields(
    section: Section, data: Mapping[str, Any], result: Result | None = None
) -> dict[str, Any]:
    """``result_submit``'s arguments from the input, ``result`` filling gaps."""
    board = numbered(section.boards, data.get("board"), "board")
    ns = find_pair(section, data["ns"], "ns") if "ns" in data else None
    ew = find_pair(section, data["ew"], "ew") if "ew" in data else None
    moved = any(value is not None for value in (board, ns, ew))
    contract = data.get("contract", result.contract if result else "")
    fields: dict[str, Any] = {
        "board": board or (result and result.board),
        "ns_pair": ns or (result and result.ns_pair),
        "ew_pair": ew or (result and result.ew_pair),
        "contract": contract,
        "declarer": data.get("declarer", result.declarer if result else ""),
        "tricks": _tricks(contract, data, result.tricks if result else None),
        "lead": data.get("lead", result.lead if result else ""),
    }
    for name, queryset in (("round", section.round_set), ("table", section.table_set)):
        if name in data:
            fields[name] = numbered(queryset, data[name], name)
        else:
            fields[name] = getattr(result, name) if result and not moved else None
    return fields


def keep_at_table(table: Table, fields: dict[str, Any]) -> None:
    """A token writes at its own table only: 403 when its input names another.

    The line is placed at the token's table; whether the movement plays the
    board there, which round the table may write, and whether the line is
    still open to it, the write path decides (``services.results``,
    ``services.entry``).
    """
    if fields["table"] is not None and fields["table"].pk != table.pk:
        raise exceptions.PermissionDenied(
            _("A table token enters results at its own table only.")
        )
    fields["table"] = table


def submit(
    fields: dict[str, Any],
    *,
    table: Table | None,
    user: Any,
    result: Result | None = None,
    key: str = "",
) -> tuple[Result, bool]:
    """Store the line through the one write path; True when it is new.

    ``table`` is the token's table (Source.TABLE), None for a director
    (Source.API).  A key already stored on the board returns its line.
    """
    if table is not None:
        keep_at_table(table, fields)
    try:
        return result_enter(
            **fields,
            user=user if table is None else None,
            result=result,
            source=Source.API if table is None else Source.TABLE,
            key=key,
        )
    except DjangoValidationError as error:
        raise api_error(error) from None


def fix_line_pairs(request: Any, result: Result, values: dict[str, Any]) -> Result:
    """Apply the ``ns``/``ew`` of a PATCH to a stored line (they leave
    ``values``): a director's fix keeps the line's round and table; a
    tablet may not change a line's pairs (403)."""
    ns_text, ew_text = values.pop("ns", None), values.pop("ew", None)
    section = result.board.section
    ns = find_pair(section, ns_text, "ns") if ns_text is not None else None
    ew = find_pair(section, ew_text, "ew") if ew_text is not None else None
    ns = ns or result.ns_pair
    ew = ew or result.ew_pair
    if (ns.pk, ew.pk) == (result.ns_pair_id, result.ew_pair_id):
        return result
    if token_table(request) is not None or not is_director(request):
        raise exceptions.PermissionDenied(
            _("Only the director changes a line's pairs.")
        )
    try:
        line_pairs_fix(
            result, ns_pair=ns, ew_pair=ew, user=request.user, source=Source.API
        )
    except DjangoValidationError as error:
        raise api_error(error) from None
    return reloaded(result.pk)


def reloaded(pk: int) -> Result:
    """The stored line afresh, with what the serializers read."""
    return line_afresh(pk)
