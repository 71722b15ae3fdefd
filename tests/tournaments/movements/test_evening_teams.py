"""Tonight's teams format (``movements.evening_teams``): a round robin where
it fits a 2 to 2½ hour evening (17 to 21 boards at 7 minutes a board), else
a Swiss, with the other formats after, each cut to the evening."""

from __future__ import annotations

import pytest

from tournaments.movements.evening_teams import stored_plan, teams_plans
from tournaments.movements.round_robin import patton_rounds


def shapes(teams: int) -> list[tuple[str, int, int, int, bool, bool]]:
    """(format, rounds, boards a match, boards, fits, sit-out) of each
    proposal for ``teams`` teams, best first."""
    return [
        (plan.format, plan.rounds, plan.boards_per_match, plan.boards, plan.fits,
         plan.sit_out)
        for plan in teams_plans(teams)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        (3, [("round-robin", 3, 6, 18, True, True),
             ("three-way", 1, 20, 20, True, False)]),
        (4, [("round-robin", 3, 6, 18, True, False),
             ("knockout", 2, 10, 20, True, False)]),
        (5, [("round-robin", 5, 4, 20, True, True),
             ("swiss", 3, 6, 18, True, True),
             ("patton", 3, 6, 18, True, True),
             ("knockout", 3, 6, 18, True, True)]),
        (6, [("round-robin", 5, 4, 20, True, False),
             ("swiss", 3, 6, 18, True, False),
             ("patton", 3, 6, 18, True, False),
             ("knockout", 3, 6, 18, True, True)]),
        (8, [("swiss", 3, 6, 18, True, False),
             ("patton", 5, 4, 20, True, False),
             ("knockout", 3, 6, 18, True, False),
             ("round-robin", 7, 4, 28, False, False)]),
        (9, [("swiss", 3, 6, 18, True, True),
             ("patton", 5, 4, 20, True, True),
             ("knockout", 4, 4, 16, False, True)]),
        (17, [("swiss", 3, 6, 18, True, True),
              ("patton", 5, 4, 20, True, True),
              ("knockout", 5, 4, 20, True, True)]),
    ],
)  # fmt: skip
def test_the_proposals_best_first(teams, expected):
    assert shapes(teams) == expected


def test_a_plan_tells_its_evening_at_seven_minutes_a_board():
    plan = teams_plans(6)[0]
    assert (plan.boards, plan.minutes, plan.competition_rounds) == (20, 140, 0)
    swiss, patton, knockout = teams_plans(6)[1:]
    assert (swiss.competition_rounds, patton.competition_rounds) == (3, 3)
    # A knockout match is one segment; the evening is its stages.
    assert knockout.competition_rounds == 1
    assert stored_plan("knockout", 6, 1, 6) == knockout
    assert stored_plan("swiss", 6, 3, 6) == swiss


@pytest.mark.parametrize("teams", range(3, 51))
def test_every_proposal_is_one_the_teams_services_accept(teams):
    """Two stints of equal halves; a Swiss or patton of 1 to n - 1 rounds
    (n with an odd number of teams); at least 4 boards a match."""
    most = teams - 1 if teams % 2 == 0 else teams
    for plan in teams_plans(teams):
        assert plan.boards_per_match % 2 == 0
        assert plan.boards_per_match >= 4
        if plan.format in ("swiss", "patton"):
            assert 1 <= plan.rounds < most
            assert plan.boards_per_match >= 6 or plan.format == "patton"
        if plan.format == "patton":
            assert len(patton_rounds(teams, plan.rounds)) == plan.rounds
    assert teams_plans(teams)[0].fits


@pytest.mark.parametrize("teams", [2, 51, 0, -3, True])
def test_a_count_tonight_cannot_hold_is_a_value_error_naming_teams(teams):
    with pytest.raises(ValueError, match="teams must be from 3 to 50"):
        teams_plans(teams)
