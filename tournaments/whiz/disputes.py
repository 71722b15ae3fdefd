"""The director keeps a disputed Whiz line as entered ("Keep as entered" on
the console, the session's close and the Whiz event's page).

The Whiz counterpart of ``director.disputes.result_keep``: the line is
resolved through the Whiz write path, and the director goes back to the
page the button was on (else to the board's Whiz traveller).
"""

from __future__ import annotations

from django.urls import reverse

from tournaments.director.disputes import keep_view
from tournaments.whiz.selectors import line_to_keep
from tournaments.whiz.services import whiz_result_resolve

# Keep a disputed Whiz line as entered: the dispute is resolved.
whiz_result_keep = keep_view(
    whiz_result_resolve,
    line_to_keep,
    lambda board: reverse(
        "director:whiz-traveller", args=[board.section.session.event_id, board.number]
    ),
)
