"""The Barbu score sheet: a manche of seven deals, a game of four manches.

Specification of the rule book (shared/seeds/004, « Déroulement de la
partie », « La marque », « Fin de la partie »): each declarer chooses each
contract once in his manche, every deal must add up to its contract's total,
and the game is settled on the differences of the players' totals. The
tournament stores deals row by row and checks them with ``games.barbu.marks``;
this sheet is used by the tests, which hold the rule book's examples, and is
kept as the executable statement of those rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.barbu.contracts import (
    COMPULSORY_DOUBLES,
    MANCHES_PER_GAME,
    PLAYERS,
    Contract,
    Double,
    check_players,
)
from games.barbu.manche import doubles_owed
from games.barbu.marks import (
    check_deal_total,
    check_doubles,
    deal_score,
    settle_doubles,
)
from games.errors import GameError
from games.players import pick_player, player_totals


@dataclass(frozen=True)
class DealRow:
    """One deal on the sheet: the contract, base points, doubles and final points."""

    contract: Contract
    base: dict[str, int]
    doubles: tuple[Double, ...]
    points: dict[str, int]


class _Sheet:
    """What a manche and a game share: the players, the doubles owed, the totals."""

    def __init__(self, players: Sequence[str], compulsory_doubles: int) -> None:
        self.players = check_players(players)
        self.compulsory_doubles = _compulsory(compulsory_doubles)

    @property
    def rows(self) -> tuple[DealRow, ...]:
        """The deals recorded so far, in the order played."""
        raise NotImplementedError

    def totals(self) -> dict[str, int]:
        """Each player's points over the deals recorded so far."""
        return player_totals(self.players, self.rows)

    def record(
        self,
        contract: str | Contract,
        record: Mapping[str, object],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Score a deal from the table's record (see ``deal_score``) and add it.

        A game sheet adds it to the current manche, opening the next one once
        the current one is complete.
        """
        manche = self._manche()
        played = manche._open_to(contract)
        return manche._add(played, deal_score(played, record, self.players), doubles)

    def record_points(
        self,
        contract: str | Contract,
        base: Mapping[str, int],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Add a deal from each player's points before doubles, as counted."""
        manche = self._manche()
        return manche._add(manche._open_to(contract), base, doubles)

    def _manche(self) -> Manche:
        """The manche the next deal goes to."""
        raise NotImplementedError


class Manche(_Sheet):
    """One declarer's seven deals, each contract chosen exactly once, any order."""

    def __init__(
        self,
        declarer: str,
        players: Sequence[str] = PLAYERS,
        *,
        compulsory_doubles: int = COMPULSORY_DOUBLES,
    ) -> None:
        super().__init__(players, compulsory_doubles)
        self.declarer = pick_player(self.players, declarer, "Barbu declarer")
        self._rows: list[DealRow] = []

    @property
    def rows(self) -> tuple[DealRow, ...]:
        """The deals recorded so far, in the order played."""
        return tuple(self._rows)

    @property
    def remaining(self) -> tuple[Contract, ...]:
        """The contracts the declarer has still to choose."""
        played = {row.contract for row in self._rows}
        return tuple(contract for contract in Contract if contract not in played)

    @property
    def complete(self) -> bool:
        """True once the seven contracts are played."""
        return len(self._rows) == len(Contract)

    def _manche(self) -> Manche:
        """A manche takes its own deals."""
        return self

    def _add(
        self,
        played: Contract,
        base: Mapping[str, int],
        doubles: Iterable[tuple[str, str, int]],
    ) -> DealRow:
        """Add a deal of a contract still open, checking its points and doubles."""
        if set(base) != set(self.players):
            raise GameError(
                f"{played.label} points for {', '.join(map(str, base)) or 'nobody'}: "
                f"expected the points of {', '.join(self.players)}"
            )
        check_deal_total(played, base)
        entries = check_doubles(self.declarer, doubles, self.players)
        row = DealRow(
            contract=played,
            base={name: base[name] for name in self.players},
            doubles=entries,
            points=settle_doubles(base, entries),
        )
        self._check_compulsory_doubles([*self._rows, row])
        self._rows.append(row)
        return row

    def _open_to(self, contract: str | Contract) -> Contract:
        """The contract, if the manche is not over and it was not chosen yet."""
        played = Contract.parse(contract)
        where = f"the manche of {self.declarer}"
        if self.complete:
            raise GameError(f"{where} is complete: its seven contracts are played")
        for number, row in enumerate(self._rows, start=1):
            if row.contract is played:
                raise GameError(
                    f"{played.label} was already chosen in {where} (deal {number}); "
                    "each contract is chosen once per manche, still to choose: "
                    f"{', '.join(contract.label for contract in self.remaining)}"
                )
        return played

    def doubles_of_declarer(self) -> dict[str, int]:
        """How many deals each other player has doubled the declarer in, so far."""
        return self._doubles_of_declarer(self._rows)

    def _doubles_of_declarer(self, rows: Sequence[DealRow]) -> dict[str, int]:
        counts = {name: 0 for name in self.players if name != self.declarer}
        for row in rows:
            for doubler, doubled, _ in row.doubles:
                if doubled == self.declarer:
                    counts[doubler] += 1
        return counts

    def _check_compulsory_doubles(self, rows: Sequence[DealRow]) -> None:
        """Refuse a deal after which a player can no longer make his doubles."""
        short = doubles_owed(
            self.declarer,
            self.players,
            (row.doubles for row in rows),
            self.compulsory_doubles,
        )
        for name, (count, left) in short.items():
            raise GameError(
                f"{rows[-1].contract.label} deal in the manche of "
                f"{self.declarer}: {name} has doubled the declarer in {count} "
                f"deals and {left} remain; each player must double the "
                f"declarer at least {self.compulsory_doubles} times a manche"
            )


class GameSheet(_Sheet):
    """A game's score sheet: four manches, each player declarer of one."""

    def __init__(
        self,
        players: Sequence[str] = PLAYERS,
        *,
        compulsory_doubles: int = COMPULSORY_DOUBLES,
    ) -> None:
        super().__init__(players, compulsory_doubles)
        self._manches: list[Manche] = []

    @property
    def manches(self) -> tuple[Manche, ...]:
        """The manches opened so far, in the order played."""
        return tuple(self._manches)

    @property
    def rows(self) -> tuple[DealRow, ...]:
        """Every deal recorded, manche after manche."""
        return tuple(row for manche in self._manches for row in manche.rows)

    @property
    def complete(self) -> bool:
        """True after the 28 deals: four manches of seven."""
        return len(self._manches) == MANCHES_PER_GAME and self._manches[-1].complete

    def new_manche(self, declarer: str | None = None) -> Manche:
        """Open the next manche, declared by ``declarer`` or the next one clockwise."""
        if self._manches and not self._manches[-1].complete:
            current = self._manches[-1]
            raise GameError(
                f"the manche of {current.declarer} is not over: "
                f"{len(current.remaining)} contracts still to play "
                f"({', '.join(contract.label for contract in current.remaining)})"
            )
        if len(self._manches) == MANCHES_PER_GAME:
            raise GameError(
                "a Barbu game has four manches, one per declarer; "
                "a fifth manche cannot be opened"
            )
        done = [manche.declarer for manche in self._manches]
        if declarer is None:
            start = self.players.index(done[-1]) + 1 if done else 0
            seating = self.players[start:] + self.players[:start]
            declarer = next(name for name in seating if name not in done)
        elif declarer in done:
            raise GameError(
                f"{declarer} has already declared manche {done.index(declarer) + 1}; "
                "each player declares one manche"
            )
        manche = Manche(
            declarer, self.players, compulsory_doubles=self.compulsory_doubles
        )
        self._manches.append(manche)
        return manche

    def settlement(self) -> dict[str, int]:
        """Each player's gain: the sum of his differences with the three others.

        « calculent leurs gains ou leurs pertes en fonction des différences de
        leurs scores ».
        """
        totals = self.totals()
        return {
            name: sum(totals[name] - totals[other] for other in self.players)
            for name in self.players
        }

    def _manche(self) -> Manche:
        """The current manche, or the next one once the current one is complete."""
        if not self._manches or self._manches[-1].complete:
            return self.new_manche()
        return self._manches[-1]


def _compulsory(doubles: int) -> int:
    """The doubles of the declarer owed per manche: 0 (no check) to 7."""
    whole = isinstance(doubles, int) and not isinstance(doubles, bool)
    if not whole or not 0 <= doubles <= len(Contract):
        raise GameError(
            f"Barbu compulsory doubles {doubles!r}: expected 0 to "
            f"{len(Contract)} doubles of the declarer per manche"
        )
    return doubles
