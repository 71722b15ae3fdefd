"""The director's Chinese bridge pages: a new event, and the event's page."""

from __future__ import annotations

from itertools import groupby

from django.utils.translation import gettext_lazy

from tournaments.chinese.event_form import ChineseEventForm
from tournaments.chinese.selectors import section_matches
from tournaments.chinese.services import chinese_event_create
from tournaments.director.console import sheet_audit_rows
from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import section_event_view
from tournaments.models import Section
from tournaments.selectors.player_games import section_tables

# Create a Chinese bridge event.
chinese_event_new = event_new_view(
    ChineseEventForm,
    chinese_event_create,
    title=gettext_lazy("New Chinese bridge event"),
)


def _rounds(section: Section) -> dict[str, object]:
    """The settings, each round's matches, the tables' codes and the sheets'
    changes."""
    matches = section_matches(section)
    return {
        "settings": section.chinese,
        "rounds": [
            (number, list(group))
            for number, group in groupby(matches, key=lambda m: m.round)
        ],
        "tables": section_tables(section),
        "changes": sheet_audit_rows(section),
    }


# A Chinese bridge event for its director: rounds, matches, tablet codes.
chinese_event_detail = section_event_view("chinese/director_event.html", _rounds)
