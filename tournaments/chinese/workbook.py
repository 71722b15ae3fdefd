"""The workbook of a Chinese bridge event: the ranking and every match."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook import filled_sheet, saved
from tournaments.exporters.workbook.player_ranking import (
    PLAYER_RANK_HEADER,
    player_cells,
    ranking_book,
)
from tournaments.models import Event, Section

RANKING_HEADER = (
    *PLAYER_RANK_HEADER,
    gettext_noop("Score"),
    gettext_noop("Points"),
)
MATCHES_HEADER = (
    gettext_noop("Round"),
    gettext_noop("Table"),
    gettext_noop("Player A"),
    gettext_noop("Player B"),
    gettext_noop("Points A"),
    gettext_noop("Points B"),
    gettext_noop("Hands"),
)


def chinese_workbook_bytes(event: Event) -> bytes:
    """Ranking and Matches sheets from the stored matches."""
    section = Section.objects.get(session__event=event)
    players = section.chinese_players.select_related("player")
    workbook = ranking_book(RANKING_HEADER, (
        player_cells(player.rank, player, player.score, player.points)
        for player in players.order_by("position", "number")
    ))  # fmt: skip
    matches = section.chinese_matches.select_related("a__player", "b__player")
    filled_sheet(workbook.create_sheet(), gettext("Matches"), MATCHES_HEADER, (
        [match.round, match.table, match.a.display_name,
         match.b.display_name if match.b_id else "bye",
         match.points_a, match.points_b, match.hands_played]
        for match in matches
    ))  # fmt: skip
    return saved(workbook)
