"""The card games a pairs event's boards are played at: each ``Event.game``
has a registered card game implementing the whole interface, shared code
finds it by the event, and the demo reaches every game's demo through the
registry."""

from __future__ import annotations

import inspect

from tournaments.demo.pairs import game_demos
from tournaments.installed_games import INSTALLED_CARD_GAMES
from tournaments.models import Event
from tournaments.registry import CARD_GAMES, GAMES, card_game
from tournaments.templatetags.bridge import suits


def test_every_card_game_of_an_event_is_registered():
    assert set(CARD_GAMES) == set(Event.Game.values)
    assert all(played.game == name for name, played in CARD_GAMES.items())
    assert list(CARD_GAMES.values()) == list(INSTALLED_CARD_GAMES)
    assert not any(inspect.isabstract(type(played)) for played in CARD_GAMES.values())


def test_an_event_finds_its_card_game():
    assert card_game(Event()).game == Event.Game.BRIDGE
    played = card_game(Event(game=Event.Game.BRIDGEOTE))
    assert played is CARD_GAMES["bridgeote"]


def test_a_capot_is_shown_by_the_card_game_that_reads_it():
    assert str(suits("CAPOTSX")) == 'Capot <span class="suit black">♠</span> X'
    assert str(suits("4HX")) == '4<span class="suit red">♥</span>X'
    assert CARD_GAMES["bridge"].contract_html("CAPOTSX") is None


def test_the_demo_loads_each_games_demo_through_the_registry():
    owners = [load.__self__ for load, _weekday in game_demos()]
    assert owners == [
        GAMES["teams"],
        GAMES["whiz"],
        GAMES["barbu"],
        GAMES["chinese"],
        GAMES["individual"],
        CARD_GAMES["bridgeote"],
    ]
