"""The games this server runs, registered when the app is ready.

Adding a game is its package under ``tournaments/`` and one line here.
"""

from __future__ import annotations

from tournaments.barbu.game import BARBU, BARBU_DUPLICATE
from tournaments.bridgeote.game import BRIDGEOTE
from tournaments.chinese.game import CHINESE
from tournaments.individual.game import INDIVIDUAL
from tournaments.pairs.game import PAIRS
from tournaments.registry import Game
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
