"""The games this server runs, registered when the app is ready.

Adding a game is its package under ``tournaments/`` and one line here; so is
adding a card game a pairs event's boards may be played at (``Event.game``).
"""

from __future__ import annotations

from tournaments.barbu.game import BARBU, BARBU_DUPLICATE
from tournaments.board_games import BRIDGE_CARD_GAME
from tournaments.bridgeote.card_game import BRIDGEOTE_CARD_GAME
from tournaments.bridgeote.game import BRIDGEOTE
from tournaments.chinese.game import CHINESE
from tournaments.individual.game import INDIVIDUAL
from tournaments.pairs.game import PAIRS
from tournaments.registry import CardGame, Game
from tournaments.teams.game import TEAMS
from tournaments.whiz.game import WHIZ

INSTALLED_GAMES: tuple[Game, ...] = (
    PAIRS,
    TEAMS,
    WHIZ,
    BARBU,
    BARBU_DUPLICATE,
    CHINESE,
    BRIDGEOTE,
    INDIVIDUAL,
)

INSTALLED_CARD_GAMES: tuple[CardGame, ...] = (BRIDGE_CARD_GAME, BRIDGEOTE_CARD_GAME)
