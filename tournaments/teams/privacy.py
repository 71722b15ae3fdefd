"""Which boards of a team match a viewer may see while the round is in play.

A teams board is compared between the two rooms of its match: until both
have entered it, neither room's line is shown to a player (the other room
may still play it).  The section-wide rules (the setting, publishing, the
director) are ``tournaments.services.privacy``'s; this module decides per
match, for the match sheet, the match page and the board's traveller.
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.models import Section
from tournaments.services.privacy import Viewer, privacy_applies
from tournaments.teams.selectors import SheetRow


def match_board_hidden(open_line: object | None, closed_line: object | None) -> bool:
    """A teams board of one match is in play until both rooms have entered it:
    until then neither room's line is shown (the other room may still play it)."""
    return open_line is None or closed_line is None


def visible_match_rows(
    section: Section, rows: list[SheetRow], viewer: Viewer
) -> list[SheetRow]:
    """A match sheet as ``viewer`` may see it: a board only one room has
    entered shows no line (its IMPs are not scored yet either)."""
    if viewer.director or not privacy_applies(section):
        return rows
    return [
        replace(row, open=None, closed=None)
        if match_board_hidden(row.open, row.closed)
        else row
        for row in rows
    ]
