"""The one exception of the ``games`` package.

Every rule violation found while parsing or scoring a game raises ``GameError``
with a message a tournament director can act on: it names the offending input
and says what was expected. It subclasses ``ValueError`` so that callers that
already catch bad values (form cleaning, importers) keep working.
"""

from __future__ import annotations

__all__ = ["GameError"]


class GameError(ValueError):
    """A contract, deal, card, seat or result that breaks the rules of the game."""
