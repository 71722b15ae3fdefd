"""Double-dummy analysis of a bridge deal: tricks each declarer makes, and par.

The solving itself is Bo Haglund's DDS, reached through the optional
``endplay`` package; everything else here is plain data so that a table can
be stored, compared and written to PBN without it.  PBN 2.1 writes the table
as ``[DoubleDummyTricks]``: 20 hexadecimal digits, declarers N, S, E, W and
for each the denominations NT, S, H, D, C.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.bridge import contract_score, parse_vulnerability
from games.deal import Deal
from games.errors import GameError

__all__ = [
    "DECLARERS",
    "DENOMINATIONS",
    "UNAVAILABLE",
    "DoubleDummyTable",
    "DoubleDummyUnavailable",
    "Par",
    "ParContract",
    "available",
    "par",
    "solve",
    "solve_all",
]

# The orders of PBN's [DoubleDummyTricks].
DECLARERS: tuple[str, ...] = ("N", "S", "E", "W")
DENOMINATIONS: tuple[str, ...] = ("NT", "S", "H", "D", "C")
UNAVAILABLE = (
    "Double-dummy analysis needs the optional package endplay "
    "(pip install endplay); it is not installed on this server."
)


class DoubleDummyUnavailable(GameError):
    """The solver is not installed: the caller shows the message and goes on."""

    def __init__(self) -> None:
        super().__init__(UNAVAILABLE)


@dataclass(frozen=True)
class DoubleDummyTable:
    """Tricks makeable double dummy, by declarer ("N"...) and denomination ("NT"...)."""

    tricks: Mapping[str, Mapping[str, int]]

    def __post_init__(self) -> None:
        for declarer in DECLARERS:
            row = self.tricks.get(declarer)
            if row is None or set(row) != set(DENOMINATIONS):
                raise GameError(f"Double-dummy table: declarer {declarer} incomplete")
            for denomination, count in row.items():
                if not 0 <= count <= 13:
                    raise GameError(
                        f"Double-dummy table: {declarer} {denomination} {count} tricks"
                    )

    def get(self, declarer: str, denomination: str) -> int:
        """Tricks ``declarer`` makes in ``denomination``."""
        return self.tricks[declarer][denomination]

    def to_pbn(self) -> str:
        """The PBN ``[DoubleDummyTricks]`` value: 20 hexadecimal digits."""
        return "".join(
            format(self.get(declarer, denomination), "x")
            for declarer in DECLARERS
            for denomination in DENOMINATIONS
        )

    @classmethod
    def from_pbn(cls, text: str) -> DoubleDummyTable:
        """Read a ``[DoubleDummyTricks]`` value."""
        digits = text.strip()
        if len(digits) != len(DECLARERS) * len(DENOMINATIONS):
            raise GameError(f'DoubleDummyTricks "{text}" must be 20 hexadecimal digits')
        try:
            counts = [int(digit, 16) for digit in digits]
        except ValueError:
            raise GameError(
                f'DoubleDummyTricks "{text}" must be 20 hexadecimal digits'
            ) from None
        it = iter(counts)
        return cls(
            {
                declarer: {denomination: next(it) for denomination in DENOMINATIONS}
                for declarer in DECLARERS
            }
        )

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str, int]]) -> DoubleDummyTable:
        """Build from (declarer, denomination, tricks) rows, as in
        ``[OptimumResultTable]``; "N" is read as no-trump."""
        tricks: dict[str, dict[str, int]] = {}
        for declarer, denomination, count in rows:
            key = "NT" if denomination.upper() in ("N", "NT") else denomination.upper()
            tricks.setdefault(declarer.upper(), {})[key] = int(count)
        return cls(tricks)


@dataclass(frozen=True)
class ParContract:
    """One par contract: "4S" by "E" making ``tricks``, perhaps doubled."""

    contract: str
    declarer: str
    tricks: int

    def __str__(self) -> str:
        level = int(self.contract[0])
        over = self.tricks - 6 - level
        result = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract} {self.declarer} {result}"


@dataclass(frozen=True)
class Par:
    """The par score (NS's point of view) and the contracts that reach it."""

    score_ns: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "Pass, 0"
        side = "NS" if self.score_ns >= 0 else "EW"
        shown = ", ".join(str(contract) for contract in self.contracts)
        return f"{shown}: {side} {abs(self.score_ns)}"


def available() -> bool:
    """Whether the solver can run here."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def _endplay():
    try:
        from endplay import dds, types
    except ImportError:
        raise DoubleDummyUnavailable() from None
    return dds, types


def _full_deal(deal: Deal | str) -> str:
    """The deal's PBN, once it is known to hold all four hands."""
    known = deal if isinstance(deal, Deal) else Deal.from_pbn(deal)
    if any(hand is None for hand in known.hands.values()):
        raise GameError("Double-dummy analysis needs all four hands of the deal")
    return known.to_pbn()


class _SolvedDeals:
    """Tables already solved in this process, by the deal's PBN.

    A deal's table never changes, and the same deal comes back: the sections
    of an event play one set of boards, a director runs an analysis again, a
    club loads the demo anew, while DDS takes a good part of a second a deal.
    Kept as PBN digits (a fresh table on each read, nothing shared) and
    bounded: the deals least recently asked for are forgotten first.
    """

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._tables: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, deal: str) -> DoubleDummyTable | None:
        with self._lock:
            digits = self._tables.get(deal)
            if digits is None:
                return None
            self._tables.move_to_end(deal)
        return DoubleDummyTable.from_pbn(digits)

    def put(self, deal: str, table: DoubleDummyTable) -> None:
        with self._lock:
            self._tables[deal] = table.to_pbn()
            self._tables.move_to_end(deal)
            while len(self._tables) > self._limit:
                self._tables.popitem(last=False)


_SOLVED = _SolvedDeals(limit=4096)


def _table(solved, types) -> DoubleDummyTable:
    players = {"N": types.Player.north, "E": types.Player.east}
    players |= {"S": types.Player.south, "W": types.Player.west}
    denoms = {"NT": types.Denom.nt, "S": types.Denom.spades}
    denoms |= {"H": types.Denom.hearts, "D": types.Denom.diamonds}
    denoms |= {"C": types.Denom.clubs}
    return DoubleDummyTable(
        {
            declarer: {name: solved[denom, player] for name, denom in denoms.items()}
            for declarer, player in players.items()
        }
    )


def solve(deal: Deal | str) -> DoubleDummyTable:
    """The double-dummy table of one full deal (a ``Deal`` or its PBN text)."""
    return solve_all([deal])[0]


def solve_all(deals: Iterable[Deal | str]) -> list[DoubleDummyTable]:
    """Tables of several deals at once: DDS spreads them over its threads.

    A deal solved before in this process is not solved again."""
    full = [_full_deal(deal) for deal in deals]
    tables: dict[str, DoubleDummyTable] = {}
    for deal in full:
        known = _SOLVED.get(deal)
        if known is not None:
            tables[deal] = known
    unsolved = [deal for deal in dict.fromkeys(full) if deal not in tables]
    if unsolved:
        dds, types = _endplay()
        solved = dds.calc_all_tables([types.Deal(deal) for deal in unsolved])
        for deal, found in zip(unsolved, solved, strict=True):
            tables[deal] = _table(found, types)
            _SOLVED.put(deal, tables[deal])
    return [tables[deal] for deal in full]


def par(table: DoubleDummyTable, vulnerability: str, dealer: str) -> Par:
    """The par result of a board from its table (DDS's par search).

    Each par contract's score is checked against Law 77 scoring here, so a
    disagreement between the solver and Donne's scorer cannot go unnoticed.
    """
    dds, types = _endplay()
    vul = {
        "None": types.Vul.none,
        "NS": types.Vul.ns,
        "EW": types.Vul.ew,
        "All": types.Vul.both,
    }[parse_vulnerability(vulnerability)]
    result = dds.par(_solver_table(table), vul, types.Player.find(dealer.lower()))
    contracts = tuple(_par_contract(contract) for contract in result)
    for contract in contracts:
        _check_score(contract, vulnerability, result.score)
    return Par(score_ns=int(result.score), contracts=contracts)


def _solver_table(table: DoubleDummyTable) -> object:
    """The solver's own table (endplay ``DDTable``), denominations S H D C NT
    by players N E S W, filled from ours so par needs no second solve."""
    from endplay import _dds
    from endplay.dds.ddtable import DDTable

    data = _dds.ddTableResults()
    for row, denomination in enumerate(("S", "H", "D", "C", "NT")):
        for column, declarer in enumerate("NESW"):
            data.resTable[row][column] = table.get(declarer, denomination)
    return DDTable(data)


def _par_contract(contract) -> ParContract:
    denomination = {0: "S", 1: "H", 2: "D", 3: "C", 4: "NT"}[int(contract.denom)]
    doubled = {"doubled": "X", "redoubled": "XX"}.get(contract.penalty.name, "")
    declarer = "NESW"[int(contract.declarer)]
    return ParContract(
        contract=f"{contract.level}{denomination}{doubled}",
        declarer=declarer,
        tricks=6 + contract.level + contract.result,
    )


def _check_score(contract: ParContract, vulnerability: str, score_ns: int) -> None:
    vul = parse_vulnerability(vulnerability)
    side = "NS" if contract.declarer in "NS" else "EW"
    score = contract_score(contract.contract, contract.tricks, vul in (side, "All"))
    if (score if side == "NS" else -score) != score_ns:
        raise GameError(f"Par {contract} does not score {score_ns}")
