"""The director's section page: its boards, pairs, running changes and
penalties, with a refused form shown again where it was posted.

Its own module so that the pages posting its forms (``director.running``,
``director.penalties``) show it again without importing the views that link
to them.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.director.penalty_form import PenaltyForm, penalty_context
from tournaments.director.running_forms import running_context
from tournaments.models import Section
from tournaments.selectors.director_sections import boards_with_entries, with_players
from tournaments.selectors.movement import section_movement
from tournaments.services.pairs import (
    missing_players_text,
    pair_changes,
    pair_seats,
    pairs_missing_a_player,
    section_pairs,
)


def section_page(
    request: HttpRequest,
    section: Section,
    running: dict[str, object] | None = None,
    status: int = 200,
    penalty_form: PenaltyForm | None = None,
) -> HttpResponse:
    """The section page; ``running`` holds a refused running-section form,
    ``penalty_form`` a refused penalty."""
    movement = section_movement(section)
    boards = boards_with_entries(section)
    expected = {}
    if movement is not None:
        expected = {
            number + section.first_board - 1: movement.times_played(number)
            for number in movement.boards
        }
    rows = [(board, board.entered, expected.get(board.number)) for board in boards]
    pairs = with_players(section_pairs(section))
    missing = pairs_missing_a_player(section)
    context = {
        "section": section,
        "movement": movement,
        "boards": rows,
        **running_context(section, running),
        "pairs": [(pair, *pair_seats(pair), pair in missing) for pair in pairs],
        "missing_players": missing_players_text(missing),
        "pair_changes": pair_changes(section)[:20],
        **penalty_context(section, penalty_form),
    }
    return render(request, "director/section.html", context, status=status)
