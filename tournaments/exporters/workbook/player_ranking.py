"""The Ranking sheet that opens the workbook of a one-section player game.

The games of players rank players, not pairs: each row starts with the
rank, the player's number and name, then the game's own figures. One place
builds that sheet so that every game's workbook opens the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from django.db.models import Model
from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook import RANK_HEADER, filled_sheet, rank_cells
from tournaments.exporters.workbook.book import Book
from tournaments.models import Section
from tournaments.selectors.standings import section_standings

PLAYER_RANK_HEADER = (*RANK_HEADER, gettext_noop("Player"), gettext_noop("Name"))


def player_cells(rank: str | None, player: object, *figures: object) -> list[object]:
    """A ranked player's row: the rank cells, the player's number and name
    (``player`` has ``number`` and ``display_name``), then the figures."""
    return [*rank_cells(rank), player.number, player.display_name, *figures]


def standing_rows(
    score_model: type[Model],
    section: Section,
    figures: Callable[[Model], Iterable[object]],
) -> Iterator[list[object]]:
    """The section's stored standings of ``score_model``, best first, as
    rows: each score's entrant, then ``figures(score)``."""
    for score in section_standings(score_model, section):
        yield player_cells(score.rank, score.entrant, *figures(score))


def ranking_book(
    header: tuple[str, ...],
    rows: Iterable[list[object]],
    formats: dict[str, str] | None = None,
) -> Book:
    """A new workbook whose first sheet, Ranking, holds ``rows`` under
    ``header`` (which starts with :data:`PLAYER_RANK_HEADER`)."""
    workbook = Book()
    filled_sheet(workbook.active, gettext("Ranking"), header, rows, formats)
    return workbook
