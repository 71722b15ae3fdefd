"""Read-side rows of a Chinese bridge event: its matches and their hands as
the API, the director's page, the results and the tablet show them, and its
players in ranking order.

Nothing here writes: hands go in through ``services.chinese_hand_submit``
and are answered through ``services.chinese_hand_answer``.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import (
    ChineseHand,
    ChineseMatch,
    ChinesePlayer,
    Event,
    Section,
    Table,
)
from tournaments.selectors.lookups import found


def section_matches(section: Section) -> QuerySet[ChineseMatch]:
    """The section's matches round by round, both players' names fetched
    (the cards, the director's page and the results list them)."""
    return section.chinese_matches.select_related("a__player", "b__player")


def matches_with_hands(section: Section) -> QuerySet[ChineseMatch]:
    """The section's matches with both players and every hand fetched (the
    API's lines give the players' numbers and the hands)."""
    return section.chinese_matches.select_related("a", "b").prefetch_related("hands")


def matches_with_names_and_hands(section: Section) -> QuerySet[ChineseMatch]:
    """The section's matches with both players' names and every hand fetched
    (a player's scorecard lists his opponents and their hands)."""
    return section.chinese_matches.select_related(
        "a__player", "b__player"
    ).prefetch_related("hands")


def round_match(section: Section, round: int, table: int) -> ChineseMatch | None:
    """The match table ``table`` plays in round ``round``; None if it plays none."""
    return section.chinese_matches.filter(round=round, table=table).first()


def table_matches(table: Table) -> dict[int, ChineseMatch]:
    """The table's matches by round, both players' names fetched (the tablet
    offers every round the table plays)."""
    return {
        match.round: match
        for match in ChineseMatch.objects.filter(
            section=table.section, table=table.number
        ).select_related("a__player", "b__player")
    }


def match_hands(match: ChineseMatch) -> QuerySet[ChineseHand]:
    """The match's hands (read from the prefetch when the match has one)."""
    return match.hands.all()


def match_hand(match: ChineseMatch, number: int) -> ChineseHand | None:
    """The match's hand ``number``; None if it is not entered."""
    return match.hands.filter(number=number).first()


def match_refreshed(match: ChineseMatch) -> ChineseMatch:
    """``match`` read again after a write (its points and hands played as
    the service left them)."""
    match.refresh_from_db()
    return match


def ranked_players(section: Section) -> QuerySet[ChinesePlayer]:
    """The section's players in ranking order, each with his player fetched."""
    return section.chinese_players.select_related("player").order_by(
        "position", "number"
    )


def section_player(section: Section, pk: int) -> ChinesePlayer:
    """The section's player ``pk``; 404 if he plays elsewhere or not at all."""
    return found(section.chinese_players, pk=pk)


def event_standings(event: Event) -> QuerySet[ChinesePlayer]:
    """The event's players in ranking order (the API's ranking lines)."""
    return ChinesePlayer.objects.filter(section__session__event=event).order_by(
        "position", "number"
    )
