"""Public results pages: thin views over ``tournaments.selectors.pairs``."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournaments import access
from tournaments.exporters.workbook_builds import built_by_task, workbook_wanted
from tournaments.models import Event
from tournaments.registry import card_game, event_game, section_game
from tournaments.results.charts import BarChart, imp_chart, percentage_chart
from tournaments.results.event_page import board_in_play
from tournaments.results.hand_records import (
    TABLE_DENOMINATIONS,
    deals_visible,
    hand_record,
)
from tournaments.selectors.event_ranking import event_rankings, lettered
from tournaments.selectors.lookups import (
    board_in_section,
    event_of_kinds,
    section_with_event,
)
from tournaments.selectors.pairs import (
    NO_LINES,
    any_penalty,
    boards_with_lines,
    event_sections,
    stored_reports,
)
from tournaments.selectors.results_pages import (
    event_awaits_rescore,
    neighbour_boards,
    pair_in_section,
    public_event,
    results_marks,
)
from tournaments.selectors.scorecards import scorecard_rows, standings_by_pair
from tournaments.services.analysis import analysis_progress
from tournaments.services.privacy import (
    any_in_play,
    hidden_boards,
    hidden_boards_by_section,
    request_viewer,
)
from tournaments.services.publication import CLOSED, FINAL, publication_state

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def results_version(event: Event) -> str:
    """A short fingerprint of the event's results: it changes with any of them.

    It follows the latest line written, the number of lines (a deletion), the
    latest scoring run, how many sections await a rescore and the publication
    switches.
    """
    marks = results_marks(event)
    text = "|".join(
        str(part)
        for part in (
            marks.latest_line,
            marks.lines,
            marks.latest_scoring,
            marks.stale_sections,
            event.published,
            event.results_hidden,
            publication_state(event),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@never_cache
def event_version(request: HttpRequest, pk: int) -> JsonResponse:
    """The results' version, for pages that reload when it changes."""
    event = public_event(pk)
    return JsonResponse(
        {"version": results_version(event), "stale": event_stale(event)}
    )


def _live(request: HttpRequest, event: Event) -> dict[str, object] | None:
    """What every public page shows of the publication state.

    Returns None when the results are hidden from this visitor.
    """
    hidden = event.results_hidden and not event.published
    if hidden and not access.directs_request(request):
        return None
    state = publication_state(event)
    provisional = state != FINAL
    return {
        "event_pk": event.pk,
        "provisional": provisional,
        "state": state,
        "hidden_note": hidden,
        "version": results_version(event) if provisional else "",
        "stale": event_stale(event),
    }


def event_stale(event: Event) -> bool:
    """Some section of the event awaits a rescore: its scores are updating."""
    return event_awaits_rescore(event)


def _hidden(request: HttpRequest, event: Event) -> HttpResponse:
    context = {"event": event, "version": results_version(event)}
    return render(request, "results/hidden.html", context)


def live_page(
    request: HttpRequest,
    event: Event,
    page: Callable[[dict[str, object]], HttpResponse],
) -> HttpResponse:
    """``page(live)``, a page of the event's results given what it shows of
    the publication state, or the hidden page while the results are hidden
    from this visitor: a game's own results pages answer through it."""
    live = _live(request, event)
    if live is None:
        return _hidden(request, event)
    return page(live)


def event_results(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's ranking(s), across sessions, with links to every section."""
    event = public_event(pk)
    live = _live(request, event)
    if live is None:
        return _hidden(request, event)
    return event_game(event).results_page(request, event, live)


def pairs_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """A pairs event's ranking(s), with the travellers of every section."""
    # The rankings and the boards' numbers, not every line: the page costs a
    # fixed number of queries and grows only with the pairs it lists.
    sections = event_sections(event)
    reports = stored_reports(sections, lines=NO_LINES)
    rankings = event_rankings(reports) if reports else {}
    hidden = hidden_boards_by_section(sections, request_viewer(request))
    boards = boards_with_lines(sections)
    travellers = [
        (report, _board_links(boards[report.section.pk], hidden[report.section.pk]))
        for report in reports
    ]
    context = {
        "event": event,
        "reports": reports,
        # The workbook holds every traveller line: not offered while some
        # board with lines is hidden from this visitor (``event_excel``).
        "workbook_held": any(held for _, links in travellers for _, held in links),
        "travellers": travellers,
        "rankings": rankings,
        "lettered": lettered(reports),
        "linked": len(reports) == 1,
        # Across the field in one session: the ranking is the field's, and
        # each pair's place in its section is a column of it.
        "section_places": event.across_field
        and len(reports) > 1
        and len({report.section.session_id for report in reports}) == 1,
        "penalised": any_penalty(rankings),
        "by_imps": _by_imps(event),
        "live": live,
        "analysis": analysis_progress(event),
    }
    return render(request, "results/event.html", context)


def _board_links(numbers: list[int], hidden: frozenset[int]) -> list[tuple[int, bool]]:
    """Each board with lines, and whether it is still in play (``hidden``)."""
    return [(number, number in hidden) for number in numbers]


def _by_imps(event: Event) -> bool:
    """The pairs are scored by IMPs (Butler or cross-IMPs), not matchpoints."""
    return event.method != Event.Method.MATCHPOINTS


def game_page(
    request: HttpRequest,
    pk: int,
    kind: str | tuple[str, ...],
    page: Callable[..., HttpResponse],
    *args: int,
) -> HttpResponse:
    """One of a game's pages (``page(request, event, *args, live)``), or the
    hidden page while the event's results are not published: each game's
    own results pages (in its package) go through it."""
    kinds = (kind,) if isinstance(kind, str) else kind
    event = event_of_kinds(pk, kinds)
    live = _live(request, event)
    if live is None:
        return _hidden(request, event)
    return page(request, event, *args, live)


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's traveller: every line with MP and % (or IMPs) for both sides.

    A Butler event also shows the board's datum.
    """
    section = section_with_event(pk)
    board = board_in_section(section, number)
    board.section = section
    event = section.session.event
    live = _live(request, event)
    if live is None:
        return _hidden(request, event)
    refused = board_in_play(request, section, board, live)
    if refused is not None:
        return refused
    game = section_game(section)
    page = game.board_page(request, section, board, live)
    if page is not None:
        return page
    # Only this board's lines (and their pairs): the page costs the same at
    # 10 and at 40 boards, at 5 and at 100 tables.
    report = stored_reports([section], lines=Q(board=board))[0]
    lines = [line for line in report.lines if line.result.board_id == board.pk]
    previous, following = neighbour_boards(section, number)
    context = {
        "section": section,
        "board": board,
        "lines": lines,
        "record": hand_record(board) if deals_visible(request, event) else None,
        "denominations": [symbol for _name, symbol in TABLE_DENOMINATIONS],
        "previous": previous,
        "next": following,
        "by_imps": report.by_imps,
        # The card game names its traveller's parts (``CardGame``).
        "card_game": card_game(event),
        "datum": report.datums.get(number) if report.butler else None,
        "live": live,
    }
    return render(request, "results/board.html", context)


def pair_scorecard(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    """A pair's personal scorecard, from its own side of each board."""
    section = section_with_event(pk)
    pair = pair_in_section(section, pair_pk)
    live = _live(request, section.session.event)
    if live is None:
        return _hidden(request, section.session.event)
    # Only this pair's lines: the page costs the same whatever the field.
    report = stored_reports([section], lines=Q(ns_pair=pair) | Q(ew_pair=pair))[0]
    hidden = hidden_boards(section, request_viewer(request))
    rows = scorecard_rows(report, pair, hidden)
    standing = standings_by_pair(report).get(pair.pk)
    context = {
        "section": section,
        "pair": pair,
        "rows": rows,
        "chart": _scorecard_chart(rows, report.by_imps),
        "standing": standing,
        "by_imps": report.by_imps,
        "live": live,
    }
    return render(request, "results/pair.html", context)


def _scorecard_chart(rows: list[dict[str, object]], by_imps: bool) -> BarChart | None:
    """The pair's percentage (or IMPs) board by board, as bars (boards still
    in play left out)."""
    key = "imps" if by_imps else "pct"
    points = [
        (str(row["line"].result.board.number), row[key])
        for row in rows
        if not row.get("in_play")
    ]
    return imp_chart(points) if by_imps else percentage_chart(points)


def _workbook_in_play(request: HttpRequest, event: Event) -> HttpResponse:
    """The workbook holds every traveller line: refused (409) while a board is
    still in play, rather than a partial file taken for the results; once the
    director has closed the event without publishing, no board is in play
    any more: the page says the results are not published yet."""
    context = {"event": event, "closed": publication_state(event) == CLOSED}
    return render(request, "results/export_in_play.html", context, status=409)


def event_excel(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's workbook: ranking, travellers and a scorecard per pair."""
    event = public_event(pk)
    if _live(request, event) is None:
        raise Http404(_("The results will be published at the end."))
    sections = event_sections(event)
    if not sections:
        raise Http404(_("This event has no results yet."))
    if any_in_play(list(sections), request_viewer(request)):
        return _workbook_in_play(request, event)
    if built_by_task(event):
        return _built_workbook(request, event)
    return _workbook_file(event, event_game(event).workbook(event))


def _workbook_file(event: Event, workbook: bytes) -> HttpResponse:
    response = HttpResponse(workbook, content_type=XLSX)
    name = slugify(event.name) or "event"
    response["Content-Disposition"] = f'attachment; filename="{name}.xlsx"'
    return response


@never_cache
def _built_workbook(request: HttpRequest, event: Event) -> HttpResponse:
    """A big event's workbook (``exporters.workbook_builds``): the file once
    built from the current results, else 202 while the task builds it (503
    when the task queue is down), as JSON for a client that asks for it,
    else a page refreshing itself every 2 seconds."""
    state = workbook_wanted(event, get_language() or settings.LANGUAGE_CODE)
    if state.data is not None:
        return _workbook_file(event, state.data)
    code = 202 if state.building else 503
    if "application/json" in request.headers.get("Accept", ""):
        body = {
            "status": "building" if state.building else "failed",
            "progress": state.progress,
            "url": request.build_absolute_uri(),
        }
        if state.fault:
            body["message"] = state.fault
        return JsonResponse(body, status=code)
    response = render(
        request,
        "results/workbook_building.html",
        {"event": event, "progress": state.progress, "fault": state.fault},
        status=code,
    )
    if state.building:
        response["Refresh"] = "2"
    return response
