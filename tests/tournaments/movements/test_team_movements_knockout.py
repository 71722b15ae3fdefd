"""Knockouts: the seeded bracket, byes to the top seeds, winners in order."""

from __future__ import annotations

import re

import pytest

from tournaments.teams.movements.knockout import bracket, next_round, seed_order


def test_eight_teams_in_the_usual_order():
    assert bracket(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_six_teams_give_the_byes_to_seeds_1_and_2():
    assert bracket(6) == [(1, None), (4, 5), (2, None), (3, 6)]


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        (2, [(1, 2)]),
        (3, [(1, None), (2, 3)]),
        (4, [(1, 4), (2, 3)]),
        (5, [(1, None), (4, 5), (2, None), (3, None)]),
    ],
)
def test_small_brackets(teams, expected):
    assert bracket(teams) == expected


def test_the_seed_order_of_sixteen():
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert seed_order(1) == [1]


def play_out(teams: int) -> list[list[tuple[int, int | None]]]:
    """Every round of the bracket when the better seed always wins."""
    rounds: list[list[tuple[int, int | None]]] = [bracket(teams)]
    while len(rounds[-1]) > 1:
        winners = [home for home, _ in rounds[-1]]
        rounds.append(list(next_round(winners)))
    return rounds


@pytest.mark.parametrize("teams", range(2, 17))
def test_brackets_from_2_to_16_teams(teams):
    matches = bracket(teams)
    places = 2 * len(matches)
    assert places >= teams > places // 2
    seeds = [seed for match in matches for seed in match if seed is not None]
    assert sorted(seeds) == list(range(1, teams + 1))
    byes = sorted(home for home, away in matches if away is None)
    assert byes == list(range(1, places - teams + 1))
    assert all(away is None or home < away for home, away in matches)
    rounds = play_out(teams)
    assert len(rounds) == (places - 1).bit_length()
    assert rounds[-1] == [(1, 2)]
    if teams >= 4:
        assert rounds[-2] == [(1, 4), (2, 3)]
    # With seeding holding, the best seed left always meets the worst one.
    for later in rounds[1:]:
        left = sorted(seed for match in later for seed in match)
        assert all(home + away == len(left) + 1 for home, away in later)


def test_next_round_pairs_winners_in_bracket_order_first_listed_home():
    assert next_round([5, 1, 7, 3]) == [(5, 1), (7, 3)]


def test_next_round_with_seeds_makes_the_better_seed_home():
    seeds = {5: 5, 1: 1, 7: 7, 3: 3}
    assert next_round([5, 1, 7, 3], seeds=seeds) == [(1, 5), (3, 7)]
    assert next_round([11, 12], seeds={11: 2, 12: 1}) == [(12, 11)]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bracket(1), "teams must be an int of at least 2, got 1"),
        (lambda: bracket("8"), "teams must be an int of at least 2, got '8'"),
        (lambda: bracket(True), "teams must be an int of at least 2, got True"),
        (lambda: seed_order(6), "places must be a power of 2, got 6"),
        (lambda: seed_order(0), "places must be a power of 2, got 0"),
        (lambda: next_round([1]), "winners must be an even number of teams, got 1"),
        (lambda: next_round([]), "winners must be an even number of teams, got 0"),
        (lambda: next_round([1, 2, 3]), "winners must be an even number of teams"),
        (lambda: next_round([1, 1]), "winners must be distinct teams, got [1, 1]"),
        (
            lambda: next_round([1, 2], seeds={1: 1}),
            "seeds must give every winner a seed, missing [2]",
        ),
    ],
)
def test_bad_arguments_name_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
