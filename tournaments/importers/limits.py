"""What a number read from a file may be, so that no file can overflow a column.

Every board, pair, team, table, round and session number and every score an
importer reads is checked here against what makes sense at a bridge club (and
fits the model's column): a file of board 99999999999999999999 is refused
naming its line or element, never stored or left to the database to refuse.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.errors import GameError
from games.pbn import PbnGame

MAX_BOARD = 999
MAX_PAIR = 9999  # Bridgewebs numbers pairs 1101, 1102... by section
MAX_TEAM = 999
MAX_TABLE = 999
MAX_ROUND = 999
MAX_SESSION = 99
MAX_SCORE = 7600  # 7 no trumps redoubled vulnerable, all overtricks: 7600 at most


def bounded(value: int, high: int, where: str, what: str, low: int = 1) -> int:
    """``value`` when within ``low..high``; else a GameError naming ``where``."""
    if low <= value <= high:
        return value
    raise GameError(
        _("%(where)s: %(what)s %(value)s must be from %(low)d to %(high)d")
        % {
            "where": where,
            "what": what,
            "value": _short(value),
            "low": low,
            "high": high,
        }
    )


def number_in(text: str, high: int, where: str, what: str, low: int = 1) -> int:
    """The whole number written ``text``, within ``low..high``."""
    try:
        value = int(text.strip())
    except ValueError:
        raise GameError(
            _('%(where)s: %(what)s "%(text)s" is not a number')
            % {"where": where, "what": what, "text": text[:20]}
        ) from None
    return bounded(value, high, where, what, low)


def pbn_board(game: PbnGame) -> int | None:
    """A PBN game's board number (None when not given), from 1 to ``MAX_BOARD``."""
    number = game.board
    if number is None:
        return None
    line = game.tag_lines.get("Board", game.line)
    return bounded(number, MAX_BOARD, f"Board tag at line {line}", "board")


def _short(value: int) -> str:
    """A number as shown in a message: a file's 500-digit number is cut short."""
    text = str(value)
    return text if len(text) <= 12 else text[:12] + "…"
