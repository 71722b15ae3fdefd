"""What a tablet's write answers to the offline queue (``static/terminal.js``).

The queue sends each kept entry with ``fetch`` and ``Accept:
application/json``: it reads ``{"status", "board", "result", "message",
"checks"}`` and the HTTP status, never a page; ``checks`` are the live
checks of the stored line (``selectors.line_checks``: why it is likely
wrong, empty when nothing is unusual).  A plain form post (no JavaScript) gets
the pages as before: a redirect to the board, or the form with its errors.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.db import models
from django.http import HttpRequest, JsonResponse

from tournaments.selectors.line_checks import line_checks_json


def wants_json(request: HttpRequest) -> bool:
    """The terminal's queue asks for JSON; a browser's form post does not."""
    return "application/json" in request.headers.get("Accept", "")


def line_state(line: models.Model, created: bool = True) -> str:
    """Where a stored line stands: "agreed", "disputed", "stored" (new or
    changed) or "replayed" (this very entry was stored before)."""
    if getattr(line, "confirmed", None):
        return "agreed"
    if getattr(line, "disputed", False):
        return "disputed"
    return "stored" if created else "replayed"


def stored_reply(
    number: int, line: models.Model, created: bool = True, status: str = ""
) -> JsonResponse:
    """The queue's answer to a line stored (or answered) for board ``number``."""
    return JsonResponse(
        {
            "status": status or line_state(line, created),
            "board": number,
            "result": line.pk,
            "message": "",
            "checks": line_checks_json(line),
        }
    )


def refused_reply(number: int, messages: Iterable[str], status: int) -> JsonResponse:
    """The queue's answer to a refusal: the server's message, the 4xx status."""
    return JsonResponse(
        {"status": "refused", "board": number, "message": " ".join(messages)},
        status=status,
    )


def form_messages(form: forms.Form) -> list[str]:
    """Each error of ``form`` with its field's label: "Tricks: Choose ..."."""
    return [
        f"{form.fields[name].label}: {message}" if name in form.fields else message
        for name, messages in form.errors.items()
        for message in messages
    ]
