"""The director's Chinese bridge pages: a new event, and the event's page."""

from __future__ import annotations

from itertools import groupby

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from tournaments.chinese.event_form import ChineseEventForm
from tournaments.chinese.selectors import section_matches
from tournaments.chinese.services import chinese_event_create
from tournaments.director.console import sheet_audit_rows
from tournaments.director.event_new import event_new_page
from tournaments.director.event_page import director_event_page
from tournaments.models import Event
from tournaments.selectors.player_games import only_section, section_tables


@staff_member_required
def chinese_event_new(request: HttpRequest) -> HttpResponse:
    """Create a Chinese bridge event."""
    return event_new_page(
        request,
        ChineseEventForm,
        chinese_event_create,
        "director/game_event_new.html",
        title=gettext_lazy("New Chinese bridge event"),
    )


def chinese_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A Chinese bridge event for its director: rounds, matches, tablet codes."""
    section = only_section(event)
    matches = section_matches(section)
    return director_event_page(
        request,
        "chinese/director_event.html",
        event,
        section=section,
        settings=section.chinese,
        rounds=[
            (number, list(group))
            for number, group in groupby(matches, key=lambda m: m.round)
        ],
        tables=section_tables(section),
        changes=sheet_audit_rows(section),
    )
