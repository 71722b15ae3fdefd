"""The game registry: every kind of event has a registered game, each game
implements every method the shared machinery calls, and the optional pieces
(exports, create pages) are the ones each game declares."""

from __future__ import annotations

import inspect

import pytest

from tournaments.installed_games import INSTALLED_GAMES
from tournaments.models import Event
from tournaments.registry import GAMES, Game, created_by_kind, event_game
from tournaments.whiz.game import WhizGame


def test_every_kind_of_event_has_a_game():
    assert set(GAMES) == set(Event.Kind.values)
    assert all(game.kind == kind for kind, game in GAMES.items())
    assert list(GAMES.values()) == list(INSTALLED_GAMES)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_implements_the_whole_interface(kind):
    game = GAMES[kind]
    assert not inspect.isabstract(type(game))
    assert game.rescore.__func__ is not Game.rescore


def test_a_game_missing_a_method_cannot_be_made():
    class Half(WhizGame):
        pass

    Half.__abstractmethods__ = frozenset({"rescore"})
    with pytest.raises(TypeError, match="rescore"):
        Half()


def test_a_game_that_rescores_boards_says_so():
    rescoring = {kind for kind, game in GAMES.items() if game.rescores_boards}
    assert rescoring == {"pairs"}
    with pytest.raises(NotImplementedError):
        GAMES["whiz"].rescore_boards(1, [1], [])


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
    views = {
        view for _route, view, _name in created_by_kind("", "new/", "director_create")
    }
    assert len(views) == 7 and all(callable(view) for view in views)


def test_an_event_finds_its_game():
    event = Event(kind=Event.Kind.WHIZ)
    assert event_game(event) is GAMES["whiz"]
    assert event_game(Event()).kind == "pairs"
