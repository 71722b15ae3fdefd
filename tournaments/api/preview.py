"""The NS score of a traveller line before it is saved: what the director's
traveller and the tablet's entry page show as the players type.

One answer for every input: a score, an adjusted or weighted score echoed
back, or a ``PreviewError`` naming the query field at fault (``contract``,
``declarer`` or ``result``) -- never an exception the view does not expect.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.bridge import parse_contract
from games.errors import GameError
from games.weighted import weighted_text
from tournaments.director.forms import TravellerRow
from tournaments.models import Board
from tournaments.selectors.api_sections import board_by_id
from tournaments.services.checks import played_fields, weighted_fields

__all__ = ["MAX_TEXT", "PreviewError", "preview_board", "preview_score"]

MAX_TEXT = 200  # ten weighted parts are under 150 characters
_BOARD_ID = re.compile(r"^\s*\d{1,18}\s*$", re.ASCII)  # a bigint, never an overflow

# Which box of the form a write-path field stands for.
_FIELD = {"contract": "contract", "declarer": "declarer", "tricks": "result"}


class PreviewError(Exception):
    """A refused preview: the query field at fault and what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def preview_board(board_id: str | None) -> Board:
    """The board named by the ``board`` query field, or ``PreviewError``."""
    text = board_id or ""
    board = None
    if _BOARD_ID.match(text):
        board = board_by_id(int(text))
    if board is None:
        raise PreviewError("board", _("board: no such board."))
    return board


def preview_score(
    board: Board, contract: str, declarer: str, result: str
) -> dict[str, object]:
    """The preview of one line typed as ``contract`` / ``declarer`` / ``result``.

    Returns {"score_ns": None} for an empty line, {"adjusted": "ns/ew"} for
    an adjusted score, {"score_ns", "weighted"} for a weighted one (the NS
    score is the parts' weighted mean, as stored) and {"score_ns", "tricks"}
    for a played one.
    """
    texts = {"contract": contract, "declarer": declarer, "result": result}
    for field, text in texts.items():
        if len(text) > MAX_TEXT:
            raise PreviewError(
                field,
                _("%(field)s: at most %(count)d characters.")
                % {"field": field, "count": MAX_TEXT},
            )
    texts = {field: text.strip() for field, text in texts.items()}
    row = TravellerRow(
        index=0, ns=0, ew=0, ns_label="", ew_label="", round=None, table=None,
        result_id=None, **texts,
    )  # fmt: skip
    try:
        parsed = row.parsed()
    except ValidationError as error:
        raise PreviewError(_parse_field(texts["contract"]), _joined(error)) from None
    if parsed["kind"] == "blank":
        return {"score_ns": None}
    if parsed["kind"] == "adjusted":
        shown = {"adjusted": f"{parsed['ns']}/{parsed['ew']}"}
        return shown | ({"absent": parsed["absent"]} if parsed.get("absent") else {})
    try:
        if parsed["kind"] == "weighted":
            fields = weighted_fields(board, parsed["parts"])
            return {
                "score_ns": fields["score_ns"],
                "weighted": weighted_text(fields["weighted"]),
            }
        fields = played_fields(
            board, parsed["contract"], parsed["declarer"], parsed["tricks"]
        )
    except ValidationError as error:
        # Every part of a weighted score is typed in the contract box.
        field = "contract" if parsed["kind"] == "weighted" else _error_field(error)
        raise PreviewError(field, _joined(error)) from None
    return {"score_ns": fields["score_ns"], "tricks": fields["tricks"]}


def _parse_field(contract: str) -> str:
    """The box a reading error is in: the result's when the contract box holds
    a plain contract (only the result was left to read), else the contract's."""
    try:
        parse_contract(contract)
    except GameError:
        return "contract"
    return "result"


def _error_field(error: ValidationError) -> str:
    names = list(getattr(error, "error_dict", {}) or ["contract"])
    return _FIELD.get(names[0], "contract")


def _joined(error: ValidationError) -> str:
    return "; ".join(error.messages)
