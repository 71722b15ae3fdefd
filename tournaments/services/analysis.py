"""Double-dummy analysis of an event's deals: start it, run it, store the figures.

The director starts it; the Celery task runs it a few deals at a time,
storing each board's table and par and the run's progress as it goes, so
the event page's progress bar moves while the solver works.  A deal shared
by several sections (the same board number, the same cards) is solved once.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.deal import Deal
from games.double_dummy import (
    DoubleDummyTable,
    available,
    par,
    solve_all,
)
from games.errors import GameError
from tournaments.models import Analysis, Board, Event

# DDS solves a batch of deals on its threads; small batches keep the bar moving.
BATCH = 8
# What a board holds of its analysis, all written by board_analysis_set.
ANALYSIS_FIELDS = ("dd_tricks", "par_score", "par_contracts")


def unavailable_message() -> str:
    """games.double_dummy.UNAVAILABLE, in the reader's language."""
    return _(
        "Double-dummy analysis needs the optional package endplay "
        "(pip install endplay); it is not installed on this server."
    )


class AnalysisRefused(Exception):
    """Nothing to analyse, or no solver: the message says which."""


def analysable_boards(event: Event) -> QuerySet[Board]:
    """The event's boards whose four hands are known."""
    return Board.objects.filter(section__session__event=event).exclude(deal="")


def latest_analysis(event: Event) -> Analysis | None:
    """The event's most recent run, if any."""
    return event.analyses.first()


def analysis_progress(event: Event) -> dict[str, object]:
    """What the event page's progress bar shows."""
    analysis = latest_analysis(event)
    boards = analysable_boards(event)
    solver = available()
    return {
        "available": solver,
        "message": (analysis.message if analysis else "")
        or ("" if solver else unavailable_message()),
        "status": analysis.status if analysis else "none",
        "done": analysis.done if analysis else 0,
        "total": analysis.total if analysis else 0,
        "percent": analysis.percent if analysis else 0,
        "boards_with_deals": boards.count(),
        "boards_analysed": boards.exclude(dd_tricks="").count(),
    }


def analysis_start(event: Event) -> Analysis:
    """Record a run of every distinct full deal of the event and queue the task.

    Raises AnalysisRefused when the solver is missing, a run is still going,
    or no board has its hands.
    """
    if not available():
        raise AnalysisRefused(unavailable_message())
    current = latest_analysis(event)
    if current is not None and current.running:
        raise AnalysisRefused(_("An analysis of this event is already running."))
    deals = _distinct_deals(analysable_boards(event))
    if not deals:
        raise AnalysisRefused(_("No board of this event has its four hands yet."))
    analysis = Analysis.objects.create(event=event, total=len(deals))
    transaction.on_commit(lambda: _queue(analysis.pk))
    return analysis


def _queue(analysis_id: int) -> None:
    """Send the analysis to the workers; with the broker down, say so on it."""
    from tournaments.services.rescoring import send_task

    if not send_task("scoring.double_dummy", analysis_id):
        Analysis.objects.filter(pk=analysis_id).update(
            status=Analysis.Status.FAILED,
            message=_("The task queue cannot be reached: try again in a minute."),
        )


def analysis_run(analysis_id: int) -> Analysis:
    """Solve the event's deals, storing each batch's tables, par and progress."""
    analysis = Analysis.objects.select_related("event").get(pk=analysis_id)
    boards = list(analysable_boards(analysis.event))
    deals = _distinct_deals(boards)
    analysis.status, analysis.total, analysis.done = (
        Analysis.Status.RUNNING,
        len(deals),
        0,
    )
    analysis.save(update_fields=["status", "total", "done", "updated"])
    try:
        for batch in _batches(deals):
            tables = dict(zip(batch, solve_all(batch), strict=True))
            _store(boards, tables)
            analysis.done += len(batch)
            analysis.save(update_fields=["done", "updated"])
    except GameError as error:
        analysis.status, analysis.message = Analysis.Status.FAILED, str(error)[:300]
    else:
        analysis.status = Analysis.Status.DONE
    analysis.save(update_fields=["status", "message", "updated"])
    return analysis


def _distinct_deals(boards: QuerySet[Board] | list[Board]) -> list[str]:
    """Each full deal once, in board order; partial hand records are skipped."""
    seen: dict[str, None] = {}
    for board in boards:
        deal = _full_deal(board.deal)
        if deal is not None:
            seen.setdefault(deal, None)
    return list(seen)


def _full_deal(text: str) -> str | None:
    try:
        deal = Deal.from_pbn(text)
    except GameError:
        return None
    if any(hand is None for hand in deal.hands.values()):
        return None
    return deal.to_pbn()


def _batches(deals: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(deals), BATCH):
        yield deals[start : start + BATCH]


@transaction.atomic
def _store(boards: list[Board], tables: dict[str, DoubleDummyTable]) -> None:
    for board in boards:
        table = tables.get(_full_deal(board.deal) or "")
        if table is None:
            continue
        board_analysis_set(board, table)
        board.save(update_fields=["dd_tricks", "par_score", "par_contracts"])


def board_analysis_set(board: Board, table: DoubleDummyTable) -> None:
    """Write the table and its par on the board (not saved): par needs only
    the table, so it is worked out here rather than solved again."""
    result = par(table, board.vulnerability, board.dealer)
    board.dd_tricks = table.to_pbn()
    board.par_score = result.score_ns
    board.par_contracts = ", ".join(str(c) for c in result.contracts)[:120]


def board_table(board: Board) -> DoubleDummyTable | None:
    """The stored table of a board, or None before analysis."""
    return DoubleDummyTable.from_pbn(board.dd_tricks) if board.dd_tricks else None
