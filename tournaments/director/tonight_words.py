"""Tonight's proposal in the director's language: its title, size and time.

A pairs movement ("Mitchell, 7 tables") and a teams format ("Round robin,
6 teams") are told the same way, so both nights' pages read alike.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Section, TeamCompetition
from tournaments.movements.evening import EveningPlan
from tournaments.movements.evening_teams import THREE_WAY, TeamsPlan


def plan_words(plan: EveningPlan) -> dict[str, str]:
    """The plan in the director's language: "Mitchell, 7 tables" and "about
    2 h 27" (``plan_title``, ``plan_time``)."""
    movement = plan.movement
    kind = Section.Movement(movement.kind).label
    if movement.variant in Section.EvenTables.values:
        kind = f"{kind} ({Section.EvenTables(movement.variant).label})"
    title = _("%(movement)s, %(tables)d tables") % {
        "movement": kind,
        "tables": movement.tables,
    }
    return {"plan_title": title, "plan_time": play_time(plan.minutes)}


def teams_plan_words(plan: TeamsPlan) -> dict[str, str]:
    """A teams plan in the director's language: "Round robin, 6 teams",
    "5 rounds of 4-board matches: 20 boards." and "About 2 h 20 of play."
    (``plan_title``, ``plan_size``, ``plan_time``)."""
    title = _("%(format)s, %(teams)d teams") % {
        "format": TeamCompetition.Format(plan.format).label,
        "teams": plan.teams,
    }
    if plan.format == THREE_WAY:
        size = _("%(boards)d boards: %(half)d against each of the two other teams.") % {
            "boards": plan.boards,
            "half": plan.boards_per_match // 2,
        }
    else:
        size = ngettext(
            "%(rounds)d round of %(per_match)d-board matches: %(boards)d boards.",
            "%(rounds)d rounds of %(per_match)d-board matches: %(boards)d boards.",
            plan.rounds,
        ) % {
            "rounds": plan.rounds,
            "per_match": plan.boards_per_match,
            "boards": plan.boards,
        }
    return {
        "plan_title": title,
        "plan_size": size,
        "plan_time": play_time(plan.minutes),
    }


def play_time(minutes: int) -> str:
    """ "About 2 h 27 of play."."""
    hours, minutes = divmod(minutes, 60)
    return _("About %(hours)d h %(minutes)02d of play.") % {
        "hours": hours,
        "minutes": minutes,
    }
