"""A game implements a method of the interface either with a ``def`` or by
naming its own function (``results_page = staticmethod(barbu_results)``):
each such function takes the arguments the shared machinery passes."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

from tournaments.registry import CARD_GAMES, GAMES, CardGame, Game


def _interface_call(method: Callable[..., object]) -> inspect.BoundArguments | None:
    """The interface method's own parameters, bound as a caller passes them:
    positional ones by position, keyword-only ones by name (None: the method
    takes any keywords, ``**line``)."""
    parameters = list(inspect.signature(method).parameters.values())[1:]
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    args = [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD]
    kwargs = {p.name: p.name for p in parameters if p.kind is p.KEYWORD_ONLY}
    return inspect.signature(method).bind(None, *args, **kwargs)


def _bound_functions(
    played: object, interface: type
) -> list[tuple[str, Callable[..., object], Callable[..., object]]]:
    """(name, interface method, game's function) of each method the game
    implements by naming a function."""
    return [
        (name, method, implementation.__func__)
        for name, method in inspect.getmembers(interface, inspect.isfunction)
        if isinstance(
            implementation := inspect.getattr_static(type(played), name, None),
            staticmethod,
        )
    ]


@pytest.mark.parametrize(
    ("played", "interface"),
    [(game, Game) for game in GAMES.values()]
    + [(played, CardGame) for played in CARD_GAMES.values()],
    ids=[*GAMES, *(f"card-{name}" for name in CARD_GAMES)],
)
def test_a_named_function_takes_the_methods_arguments(played, interface):
    for name, method, function in _bound_functions(played, interface):
        call = _interface_call(method)
        if call is None:
            continue
        positional = call.args[1:]
        try:
            inspect.signature(function).bind(*positional, **call.kwargs)
        except TypeError as refused:
            pytest.fail(f"{type(played).__name__}.{name}: {refused}")


def test_the_sheet_games_name_their_functions():
    assert len(_bound_functions(GAMES["barbu"], Game)) == 5
