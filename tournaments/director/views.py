"""The director's pages: thin views over forms and services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import access
from tournaments.director.club_choice import club_choice
from tournaments.director.console import audit_rows
from tournaments.director.disputes import session_close_confirmed
from tournaments.director.event_page import director_event_page
from tournaments.director.forms import EventForm, EventSettingsForm, SectionForm
from tournaments.director.section_page import section_page
from tournaments.director.traveller import read_rows, save_rows, traveller_rows
from tournaments.models import Event, Session
from tournaments.movements.model import MITCHELL
from tournaments.movements.standard import MAX_PAIRS, MIN_PAIRS
from tournaments.registry import card_game, event_game
from tournaments.selectors.director_events import (
    event_for_director,
    event_reread,
    events_with_club,
    pairs_ranked_event,
    session_for_director,
    session_with_event,
    sessions_with_sections,
)
from tournaments.selectors.director_sections import (
    active_players,
    board_after,
    board_numbers,
)
from tournaments.selectors.lookups import board_in_section, section_with_event
from tournaments.services.analysis import analysis_progress
from tournaments.services.events import (
    event_create,
    event_settings_change,
    pairs_section_add,
)
from tournaments.services.pairs import (
    missing_players_text,
    pairs_missing_a_player,
)
from tournaments.services.publication import event_publish
from tournaments.services.results import session_reopen
from tournaments.services.section_sizes import tables_refusal
from tournaments.services.sessions import event_session_add

DEFAULT_PAIRS = 14


@staff_member_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The director's events, newest first."""
    events = access.directed(request.user, events_with_club())
    events = events[:50]
    return render(request, "director/dashboard.html", {"events": events})


@staff_member_required
def event_new(request: HttpRequest) -> HttpResponse:
    """Create an event with its scoring settings."""
    form = club_choice(EventForm(request.POST or None), request.user)
    if request.method == "POST" and form.is_valid():
        event = event_create(user=request.user, **form.cleaned_data)
        return redirect("director:event", event.pk)
    status = 400 if form.errors else 200
    return render(request, "director/event_new.html", {"form": form}, status=status)


@staff_member_required
def event_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a pairs event's settings; its results are rescored with them."""
    event = pairs_ranked_event(pk)
    form = club_choice(
        EventSettingsForm(request.POST or None, instance=event), request.user
    )
    if request.method == "POST" and form.is_valid():
        settings = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            event_settings_change(event_reread(pk), **settings)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request, _("Settings saved: the results are scored with them.")
            )
            return redirect("director:event", event.pk)
    status = 400 if form.errors else 200
    context = {"form": form, "event": event}
    return render(request, "director/event_settings.html", context, status=status)


@staff_member_required
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """An event's sessions and sections, and what to do next."""
    event = event_for_director(pk)
    return event_game(event).event_page(request, event)


def pairs_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A pairs event's sessions and sections, and what to do next."""
    return director_event_page(
        request,
        "director/event.html",
        event,
        sessions=sessions_with_sections(event),
        analysis=analysis_progress(event),
    )


@staff_member_required
def section_new(request: HttpRequest, session_pk: int) -> HttpResponse:
    """Choose the movement for the number of pairs, and enter the pairs."""
    session = session_with_event(session_pk)
    raw = request.POST.get("pairs") or request.GET.get("pairs") or DEFAULT_PAIRS
    try:
        pairs = int(raw)
    except ValueError:
        pairs = 0
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        refusal = _("pairs: give a number of pairs from %(low)d to %(high)d.") % {
            "low": MIN_PAIRS,
            "high": MAX_PAIRS,
        }
        if pairs > MAX_PAIRS:  # the cap is the biggest movement's: say which
            refusal += " " + str(tables_refusal(MITCHELL, (pairs + 1) // 2))
        messages.error(request, refusal)
        pairs = DEFAULT_PAIRS
        status = 400
    else:
        status = 200
    club = session.event.club
    form = SectionForm(request.POST or None, pairs=pairs, club=club)
    if request.method == "POST" and status == 200 and form.is_valid():
        try:
            # The club members the form makes are kept only with the section.
            with transaction.atomic():
                section = pairs_section_add(
                    session=session,
                    choice=form.choice(),
                    entries=form.pair_entries(),
                    traveller_privacy=form.cleaned_data["traveller_privacy"],
                )
        except ValidationError as error:
            for field, refusals in error.message_dict.items():
                for refusal in refusals:
                    form.add_error(field if field in form.fields else None, refusal)
        else:
            warning = missing_players_text(pairs_missing_a_player(section))
            if warning:
                messages.warning(request, warning)
            return redirect("director:section", section.pk)
    if form.errors:
        status = 400
    players = active_players(club) if club else []
    context = {
        "session": session,
        "form": form,
        "pairs": pairs,
        "players": players,
        "min_pairs": MIN_PAIRS,
        "max_pairs": MAX_PAIRS,
    }
    return render(request, "director/section_new.html", context, status=status)


@staff_member_required
def section_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The section's pairs and boards, with how many lines each board has."""
    section = section_with_event(pk)
    return section_page(request, section)


@staff_member_required
def traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Enter or correct a board's traveller; the whole board saves or nothing."""
    section = section_with_event(pk)
    board = board_in_section(section, number)
    rows = traveller_rows(section, board)
    status = 200
    if request.method == "POST":
        if section.session.status == Session.Status.CLOSED:
            messages.error(request, _("This session is closed: reopen it first."))
            return redirect("director:section", section.pk)
        read_rows(rows, request.POST)
        if save_rows(section, board, rows, request.user):
            messages.success(request, _("Board %(n)d saved.") % {"n": board.number})
            following = board_after(section, number) if "next" in request.POST else None
            if following is not None:
                return redirect("director:traveller", section.pk, following)
            return redirect("director:traveller", section.pk, number)
        status = 400
    numbers = board_numbers(section)
    context = {
        "section": section,
        "board": board,
        "rows": rows,
        "numbers": numbers,
        "closed": section.session.status == Session.Status.CLOSED,
        "changes": audit_rows(board),
        "card_game": card_game(section.session.event),
    }
    return render(request, "director/traveller.html", context, status=status)


@staff_member_required
@require_POST
def session_status(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Close a session (travellers freeze; with missing results or open
    disputes only once the director confirms) or reopen it."""
    session = session_for_director(pk)
    if action == "close":
        return session_close_confirmed(request, session)
    if action == "reopen":
        session_reopen(session)
        messages.success(request, _("Session %(n)d reopened.") % {"n": session.number})
    else:
        raise Http404(action)
    return redirect("director:event", session.event_id)


PUBLICATION = {
    "publish": (
        "published",
        True,
        gettext_lazy("Results published: they are final now."),
    ),
    "unpublish": (
        "published",
        False,
        gettext_lazy("Results marked provisional again."),
    ),
    "hide": (
        "results_hidden",
        True,
        gettext_lazy("Results hidden from the public until they are published."),
    ),
    "show": (
        "results_hidden",
        False,
        gettext_lazy("Provisional results shown to the public."),
    ),
}


@staff_member_required
@require_POST
def event_publication(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Publish the results (or mark them provisional), hide or show them."""
    event = event_for_director(pk)
    if action not in PUBLICATION:
        raise Http404(action)
    name, value, message = PUBLICATION[action]
    if action == "publish":
        event_publish(event)
    else:
        setattr(event, name, value)
        event.save(update_fields=[name])
    messages.success(request, message)
    return redirect("director:event", event.pk)


@staff_member_required
@require_POST
def session_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the next session to an event."""
    event = event_for_director(pk)
    event_session_add(event)
    return redirect("director:event", event.pk)
