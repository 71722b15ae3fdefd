"""What the public results pages read beyond the reports: the row a URL names,
the results' change marks, a board's neighbours and the hand records' boards.

Each lookup is the page's 404 (``found``); each read is one query, as the
pages' query counts expect.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Min, Q, QuerySet

from tournaments.models import Board, Event, Pair, Result, Section
from tournaments.selectors.lookups import found


@dataclass(frozen=True)
class ResultsMarks:
    """What changes with any result of an event: its latest line written, its
    number of lines (a deletion), its latest scoring run and how many of its
    sections await a rescore."""

    latest_line: datetime | None
    lines: int
    latest_scoring: datetime | None
    stale_sections: int


def public_event(pk: int) -> Event:
    """The event ``pk``, or a 404: its results pages are public (the view
    checks what this visitor may see)."""
    return found(Event, pk=pk)


def results_marks(event: Event) -> ResultsMarks:
    """The event's results' change marks, in two aggregate queries (lines,
    sections) whatever its size."""
    lines = Result.objects.filter(board__section__session__event=event).aggregate(
        latest=Max("updated"), count=Count("id")
    )
    scored = Section.objects.filter(session__event=event).aggregate(
        latest=Max("scored"),
        stale=Count("id", filter=Q(scoring__stale_since__isnull=False)),
    )
    return ResultsMarks(
        latest_line=lines["latest"],
        lines=lines["count"],
        latest_scoring=scored["latest"],
        stale_sections=scored["stale"],
    )


def event_awaits_rescore(event: Event) -> bool:
    """Whether some section of the event awaits a rescore (an ``exists``
    query: the pages only say its scores are updating)."""
    return Section.objects.filter(
        session__event=event, scoring__stale_since__isnull=False
    ).exists()


def single_section(event: Event) -> Section:
    """The one section of a single-section event, or a 404 if it has none."""
    return found(Section, session__event=event)


def pair_in_section(section: Section, pk: int) -> Pair:
    """The section's pair ``pk``, or a 404 (a pair of another section too)."""
    return found(Pair, section=section, pk=pk)


def neighbour_boards(section: Section, number: int) -> tuple[int | None, int | None]:
    """The section's board numbers just before and after ``number`` (None at
    either end), in one aggregate query, for the traveller's links."""
    around = section.boards.aggregate(
        previous=Max("number", filter=Q(number__lt=number)),
        next=Min("number", filter=Q(number__gt=number)),
    )
    return around["previous"], around["next"]


def hand_record_boards(event: Event) -> QuerySet[Board]:
    """The event's boards with their section and session, by session, number
    and section: the hand records keep the first of each deal."""
    boards = Board.objects.filter(section__session__event=event)
    return boards.select_related("section__session").order_by(
        "section__session__number", "number", "section__letter"
    )


def session_count(event: Event) -> int:
    """How many sessions the event has (one ``count`` query)."""
    return event.sessions.count()
