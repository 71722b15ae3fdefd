"""The game registry: every game has an entry, and every hook names a real
function, so a misspelt path fails here rather than on a director's click."""

from __future__ import annotations

import dataclasses

import pytest

from tournaments.models import Event
from tournaments.registry import GAMES, Game, Hook, created_by_kind, event_game


def hooks(game: Game) -> dict[str, Hook]:
    return {
        field.name: value
        for field in dataclasses.fields(game)
        if isinstance(value := getattr(game, field.name), Hook)
    }


def test_every_kind_of_event_has_a_game():
    assert set(GAMES) == set(Event.Kind.values)
    assert all(game.kind == kind for kind, game in GAMES.items())


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_hook_names_a_function(kind):
    game = GAMES[kind]
    found = hooks(game)
    assert {"rescore", "results_page", "workbook", "event_page", "table_play"} <= set(
        found
    )
    for name, hook in found.items():
        assert callable(hook.target), f"{kind}.{name}: {hook.path}"


def test_a_misspelt_hook_fails_when_called():
    with pytest.raises(ImportError):
        Hook("tournaments.rescore.pairs.no_such_scorer")(1)


def test_the_interchange_files_follow_the_registry():
    exports = {kind: game.exports for kind, game in GAMES.items()}
    assert exports == {
        "pairs": ("pbn", "usebio"),
        "teams": ("pbn", "usebio"),
        "whiz": (),
        "barbu": (),
        "barbu-duplicate": (),
        "chinese": (),
        "bridgeote": (),
        "individual": ("pbn", "usebio"),
    }


def test_each_single_section_game_has_its_create_pages():
    api = {name for _route, _view, name in created_by_kind("api-", "", "api_create")}
    assert api == {
        "api-teams-event-new",
        "api-whiz-event-new",
        "api-barbu-event-new",
        "api-barbu-duplicate-event-new",
        "api-chinese-event-new",
        "api-bridgeote-event-new",
        "api-individual-event-new",
    }


def test_an_event_finds_its_game():
    event = Event(kind=Event.Kind.WHIZ)
    assert event_game(event) is GAMES["whiz"]
    assert event_game(Event()).kind == "pairs"
