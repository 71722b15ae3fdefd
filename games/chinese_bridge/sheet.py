"""The Chinese bridge score sheet: a game to a number of points or of hands.

« La partie se joue en un nombre de points ou en un nombre de manches qui a
été fixé à l'avance » (shared/seeds/001); players deal in turn and a game to
a number of hands needs an even number. The tournament scores matches by
hand from ``hand_points``; this sheet is used by the tests and kept as the
rule book's specification, executable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from games.chinese_bridge.deal import deal
from games.chinese_bridge.play import ChineseHand
from games.chinese_bridge.rules import PLAYERS, hand_points
from games.errors import GameError
from games.players import pick_player, player_totals


@dataclass(frozen=True)
class HandRow:
    """One hand on the score sheet: who dealt it and each player's points."""

    dealer: str
    points: dict[str, int]


class ChineseGame:
    """A game's score sheet, played to ``points`` or to an even number of ``hands``.

    « La partie se joue en un nombre de points ou en un nombre de manches qui
    a été fixé à l'avance (par exemple 100 points, ou 12 manches). » Players
    deal in turn, ``first_dealer`` (the first player by default) first.
    """

    def __init__(
        self,
        *,
        points: int | None = None,
        hands: int | None = None,
        players: Sequence[str] = PLAYERS,
        first_dealer: str | None = None,
    ) -> None:
        if (points is None) == (hands is None):
            raise GameError(
                f"Chinese bridge game to points={points!r} and hands={hands!r}: "
                "expected either a number of points or a number of hands"
            )
        if points is not None and not _positive(points):
            raise GameError(
                f"Chinese bridge game to {points!r} points: expected a whole "
                "number of points above 0, e.g. 100"
            )
        if hands is not None and (not _positive(hands) or hands % 2):
            raise GameError(
                f"Chinese bridge game of {hands!r} hands: expected an even number "
                "above 0, e.g. 12, so that each player deals as often"
            )
        self.points_target = points
        self.hands_target = hands
        self.players = _names(players)
        first = pick_player(
            self.players, first_dealer, "Chinese bridge first dealer", self.players[0]
        )
        self._first = self.players.index(first)
        self._rows: list[HandRow] = []

    @property
    def rows(self) -> tuple[HandRow, ...]:
        """The hands recorded so far, in the order played."""
        return tuple(self._rows)

    @property
    def dealer(self) -> str:
        """The player who deals the next hand: « chaque joueur donne tour à tour »."""
        return self.players[(self._first + len(self._rows)) % 2]

    def totals(self) -> dict[str, int]:
        """Each player's points over the hands recorded so far."""
        return player_totals(self.players, self._rows)

    @property
    def finished(self) -> bool:
        """True once the set hands are played, or a player is ahead at the target."""
        if self.hands_target is not None:
            return len(self._rows) == self.hands_target
        first, second = self.totals().values()
        return first != second and max(first, second) >= self.points_target

    @property
    def winner(self) -> str | None:
        """The player with more points once finished; None before, or for a draw."""
        if not self.finished:
            return None
        totals = self.totals()
        first, second = self.players
        if totals[first] == totals[second]:
            return None
        return first if totals[first] > totals[second] else second

    def record(self, tricks_a: int, tricks_b: int | None = None) -> HandRow:
        """Add a hand from each player's tricks, in the order of ``players``."""
        if self.finished:
            raise GameError(
                f"Chinese bridge game over after {len(self._rows)} hands "
                f"({self._score_text()}): no more hands can be recorded"
            )
        points = hand_points(tricks_a, tricks_b)
        row = HandRow(self.dealer, dict(zip(self.players, points, strict=True)))
        self._rows.append(row)
        return row

    def record_hand(self, hand: ChineseHand) -> HandRow:
        """Add a finished hand, checking that the right player dealt it."""
        if not isinstance(hand, ChineseHand):
            raise GameError(
                f"Chinese bridge hand {hand!r}: expected a finished ChineseHand"
            )
        dealer = self.players.index(self.dealer)
        if hand.dealer != dealer:
            raise GameError(
                f"Chinese bridge hand dealt by player {hand.dealer}: expected "
                f"player {dealer} ({self.dealer}), whose turn it is to deal"
            )
        return self.record(*hand.points)

    def new_hand(self, rng: Random) -> ChineseHand:
        """Deal the next hand, by the player whose turn it is to deal."""
        return ChineseHand(deal(rng, self.players.index(self.dealer)))

    def _score_text(self) -> str:
        return ", ".join(f"{name} {points}" for name, points in self.totals().items())


def _positive(number: object) -> bool:
    """A whole number above 0 (a bool is not a number here)."""
    return isinstance(number, int) and not isinstance(number, bool) and number > 0


def _names(players: Sequence[str]) -> tuple[str, str]:
    """Two distinct player names."""
    names = tuple(players) if not isinstance(players, str) else (players,)
    if (
        len(names) != 2
        or len(set(names)) != 2
        or not all(isinstance(name, str) and name.strip() for name in names)
    ):
        raise GameError(
            f"Chinese bridge players {players!r}: expected two distinct names"
        )
    return names[0], names[1]
