"""Contract bridge at a duplicate table: boards, contracts and Law 77 scores.

Scores are raw duplicate points (not matchpoints nor IMPs). ``contract_score``
gives them from the declaring side's point of view; ``result_score`` turns them
into North-South's score, the sign convention of travellers and PBN
``[Score "NS ..."]``. The French seeds are silent on scoring, so the figures
follow the WBF Laws of Duplicate Bridge (2017), Law 77, and the WBF board
table for dealer and vulnerability.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.cards import LetterEnum, Seat, Suit
from games.errors import GameError

__all__ = [
    "BOARD_DEALERS",
    "BOARD_VULNERABILITIES",
    "PASS",
    "Contract",
    "Denomination",
    "board_dealer",
    "board_vulnerability",
    "contract_score",
    "is_vulnerable",
    "parse_contract",
    "parse_vulnerability",
    "result_score",
    "result_text",
    "trick_score",
    "tricks_from_result",
    "tricks_needed",
]


class Denomination(LetterEnum):
    """The strain of a contract, in bidding order: clubs lowest, no-trump highest.

    Its text form on travellers and in PBN is its name: C, D, H, S or NT.
    """

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no-trump."""
        return None if self == Denomination.NT else Suit(self.value)


# Board number -> dealer and vulnerability: a 16-board cycle (board 17 = board 1).
# The dealer turns clockwise from North on board 1.
BOARD_DEALERS: tuple[str, ...] = ("N", "E", "S", "W")
BOARD_VULNERABILITIES: tuple[str, ...] = (
    "None", "NS", "EW", "All",
    "NS", "EW", "All", "None",
    "EW", "All", "None", "NS",
    "All", "None", "NS", "EW",
)  # fmt: skip
# Synonyms seen in PBN [Vulnerable] tags and club exports.
VULNERABILITY_SYNONYMS: dict[str, str] = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "All",
    "BOTH": "All",
}

# Law 77 trick scores, per contracted trick, undoubled.
TRICK_VALUES: dict[Denomination, int] = {
    Denomination.C: 20,
    Denomination.D: 20,
    Denomination.H: 30,
    Denomination.S: 30,
    Denomination.NT: 30,
}
NT_FIRST_TRICK_EXTRA = 10  # the first no-trump trick scores 40, not 30
DOUBLING_FACTORS: tuple[int, ...] = (1, 2, 4)  # undoubled, doubled, redoubled
GAME_THRESHOLD = 100  # a trick score of at least 100 is a game
BOOK = 6  # tricks before the first contracted one
MAX_TRICKS = 13
# Bonuses, indexed by vulnerability (False = not vulnerable, True = vulnerable).
GAME_BONUS: dict[bool, int] = {False: 300, True: 500}
PART_SCORE_BONUS = 50
SLAM_BONUS: dict[int, dict[bool, int]] = {
    6: {False: 500, True: 750},
    7: {False: 1000, True: 1500},
}
MAKING_DOUBLED_BONUS: tuple[int, ...] = (0, 50, 100)  # the "insult", by doubling
# Each overtrick when doubled; redoubled scores twice these.
DOUBLED_OVERTRICK: dict[bool, int] = {False: 100, True: 200}
UNDOUBLED_UNDERTRICK: dict[bool, int] = {False: 50, True: 100}
# Each doubled undertrick by its position (1st, 2nd, 3rd, 4th and beyond);
# redoubled scores twice these.
DOUBLED_UNDERTRICKS: dict[bool, tuple[int, ...]] = {
    False: (100, 200, 200, 300),
    True: (200, 300, 300, 300),
}

_PASS_WORDS = frozenset(
    {"P", "PASS", "PASSE", "PASSED", "PASSEDOUT", "PASSOUT", "AP", "ALLPASS"}
)
# Ways of writing each strain: "N" and the French "SA" (sans-atout) for NT, and
# the suit symbols.
_DENOMINATION_SPELLINGS: dict[str, Denomination] = {
    **{strain.letter: strain for strain in Denomination},
    "N": Denomination.NT,
    "SA": Denomination.NT,
    **{suit.symbol: Denomination(suit) for suit in Suit},
}
_DOUBLINGS: dict[str, int] = {"": 0, "X": 1, "XX": 2, "*": 1, "**": 2}
_RESULT = re.compile(r"^(?P<sign>[+\-−]?)(?P<number>\d{1,2})$")


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7 (0 for a passed-out board), strain, doubling.

    ``doubled`` is 0 (undoubled), 1 (X) or 2 (XX). ``str()`` gives the
    canonical form: "4S", "3NT", "6HX", "7NTXX", or "Pass".
    """

    level: int
    denomination: Denomination | None
    doubled: int = 0

    def __post_init__(self) -> None:
        if self.level == 0 and self.denomination is None and self.doubled == 0:
            return
        if not _is_int(self.level) or not 1 <= self.level <= 7:
            raise GameError(f"Contract level {self.level!r} must be 1 to 7 (0 = pass)")
        if not isinstance(self.denomination, Denomination):
            raise GameError(
                f"Contract denomination {self.denomination!r} must be C, D, H, S or NT"
            )
        if self.doubled not in (0, 1, 2):
            raise GameError(
                f"Contract doubling {self.doubled!r} must be 0, 1 (X) or 2 (XX)"
            )

    @property
    def is_pass(self) -> bool:
        """True for a passed-out board, which scores 0."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: 6 + level."""
        return tricks_needed(self)

    def __str__(self) -> str:
        if self.is_pass:
            return "Pass"
        return f"{self.level}{self.denomination}{'X' * self.doubled}"


PASS = Contract(0, None, 0)


def parse_contract(text: str | Contract) -> Contract:
    """Read a contract: "4S", "3nt", "3N", "6HX", "7NTXX", "4H*", "3SA", "Pass".

    Case and spaces do not matter; "SA" is the French no-trump and "*", "**"
    stand for X and XX as some scoring programs write them.
    """
    if isinstance(text, Contract):
        return text
    if not isinstance(text, str):
        raise GameError(f'A contract must be text like "4S" or "Pass", got {text!r}')
    key = "".join(text.split()).upper()
    if key in _PASS_WORDS:
        return PASS
    hint = 'e.g. "4S", "3NT", "6HX", "7NTXX" or "Pass"'
    if not key:
        raise GameError(f"Empty contract: write the contract, {hint}")
    digits = len(key) - len(key.lstrip("0123456789"))
    if digits == 0:
        raise GameError(
            f'Unknown contract "{text}": it must start with a level, {hint}'
        )
    level = int(key[:digits])
    if not 1 <= level <= 7:
        raise GameError(f'Unknown contract "{text}": the level must be 1 to 7')
    rest = key[digits:]
    # Longest spellings first, so that "3SA" is no-trump and not 3S followed by "A".
    for spelling in sorted(_DENOMINATION_SPELLINGS, key=len, reverse=True):
        if rest.startswith(spelling):
            doubling = rest[len(spelling) :]
            if doubling not in _DOUBLINGS:
                raise GameError(
                    f'Unknown contract "{text}": after the denomination write X if '
                    "doubled or XX if redoubled, nothing else"
                )
            return Contract(
                level, _DENOMINATION_SPELLINGS[spelling], _DOUBLINGS[doubling]
            )
    raise GameError(
        f'Unknown contract "{text}": the denomination must be C, D, H, S or NT'
    )


def tricks_needed(contract: str | Contract) -> int:
    """Tricks declarer must take to make the contract: 6 + level (7 to 13)."""
    contract = parse_contract(contract)
    if contract.is_pass:
        raise GameError("A passed-out board has no contract to make")
    return BOOK + contract.level


def trick_score(contract: str | Contract) -> int:
    """Law 77 trick score of the contracted tricks, doubling included.

    This is the figure compared with 100 to decide game or part-score.
    """
    contract = parse_contract(contract)
    if contract.is_pass:
        return 0
    base = contract.level * TRICK_VALUES[contract.denomination]
    if contract.denomination == Denomination.NT:
        base += NT_FIRST_TRICK_EXTRA
    return base * DOUBLING_FACTORS[contract.doubled]


def contract_score(contract: str | Contract, tricks: int, vulnerable: bool) -> int:
    """Duplicate score (Law 77) for the declaring side, negative when defeated.

    ``tricks`` is the number of tricks declarer took (0-13); ``vulnerable`` is
    the declaring side's vulnerability. A passed-out board scores 0 whatever
    ``tricks`` holds, since travellers often leave it blank.
    """
    contract = parse_contract(contract)
    if contract.is_pass:
        return 0
    _check_tricks(tricks)
    vulnerable = _check_vulnerable(vulnerable)
    difference = tricks - tricks_needed(contract)
    if difference < 0:
        return -_undertrick_penalty(contract.doubled, -difference, vulnerable)
    score = trick_score(contract)
    if score >= GAME_THRESHOLD:
        score += GAME_BONUS[vulnerable]
    else:
        score += PART_SCORE_BONUS
    score += SLAM_BONUS.get(contract.level, {}).get(vulnerable, 0)
    score += MAKING_DOUBLED_BONUS[contract.doubled]
    if contract.doubled:
        score += difference * DOUBLED_OVERTRICK[vulnerable] * contract.doubled
    else:
        score += difference * TRICK_VALUES[contract.denomination]
    return score


def _undertrick_penalty(doubled: int, undertricks: int, vulnerable: bool) -> int:
    """The defenders' gain for ``undertricks`` down, as a positive number."""
    if not doubled:
        return undertricks * UNDOUBLED_UNDERTRICK[vulnerable]
    steps = DOUBLED_UNDERTRICKS[vulnerable]
    doubled_penalty = sum(
        steps[min(index, len(steps) - 1)] for index in range(undertricks)
    )
    # Redoubled undertricks are exactly twice the doubled ones.
    return doubled_penalty * doubled


def board_dealer(board: int) -> str:
    """The dealer of a board number: "N", "E", "S" or "W"."""
    return BOARD_DEALERS[(_check_board(board) - 1) % len(BOARD_DEALERS)]


def board_vulnerability(board: int) -> str:
    """The vulnerability of a board number: "None", "NS", "EW" or "All"."""
    index = (_check_board(board) - 1) % len(BOARD_VULNERABILITIES)
    return BOARD_VULNERABILITIES[index]


def parse_vulnerability(text: str) -> str:
    """Normalise a vulnerability: "None"/"Love"/"-", "NS", "EW", "All"/"Both"."""
    key = str(text).strip().upper().replace("-", "") or "-"
    if key in VULNERABILITY_SYNONYMS:
        return VULNERABILITY_SYNONYMS[key]
    raise GameError(f'Unknown vulnerability "{text}": it must be None, NS, EW or All')


def is_vulnerable(board: int, seat: Seat | str) -> bool:
    """Whether ``seat``'s side is vulnerable on this board number."""
    return _side_vulnerable(board_vulnerability(board), Seat.parse(seat))


def result_score(
    contract: str | Contract,
    declarer: Seat | str | None,
    tricks: int,
    board: int,
    *,
    vulnerability: str | None = None,
) -> int:
    """Duplicate score of one table result from North-South's side.

    Positive when North-South gain points, negative when East-West do. The
    declaring side's vulnerability comes from the board number unless
    ``vulnerability`` ("None", "NS", "EW", "All") overrides it, e.g. for an
    event whose boards do not follow the standard cycle. A passed-out board
    scores 0 and needs no declarer.
    """
    contract = parse_contract(contract)
    vulnerability = (
        board_vulnerability(board)
        if vulnerability is None
        else parse_vulnerability(vulnerability)
    )
    if contract.is_pass:
        return 0
    if declarer is None or (isinstance(declarer, str) and not declarer.strip()):
        raise GameError(f"Contract {contract} needs a declarer: N, E, S or W")
    seat = Seat.parse(declarer)
    score = contract_score(contract, tricks, _side_vulnerable(vulnerability, seat))
    return score if seat.side == "NS" else -score


def result_text(contract: str | Contract, tricks: int) -> str:
    """The result as travellers print it: "=", "+1", "-2"; "" for a pass."""
    contract = parse_contract(contract)
    if contract.is_pass:
        return ""
    _check_tricks(tricks)
    difference = tricks - tricks_needed(contract)
    return "=" if difference == 0 else f"{difference:+d}"


def tricks_from_result(contract: str | Contract, text: str | int) -> int:
    """Tricks taken by declarer from a result: "=", "+1", "-2", or "9" (absolute).

    A bare number is the trick count, as in PBN ``[Result]``. A passed-out board
    gives 0 from an empty result, "-", "=" or "0".
    """
    contract = parse_contract(contract)
    raw = str(text).strip()
    if contract.is_pass:
        if raw in ("", "-", "=", "0"):
            return 0
        raise GameError(f'Result "{text}" given for a passed-out board')
    match = _RESULT.match(raw)
    if _is_int(text):
        tricks = text  # a number is always absolute; only text can be relative
    elif raw == "=":
        tricks = tricks_needed(contract)
    elif match is None:
        raise GameError(
            f'Unknown result "{text}" for {contract}: write "=", "+1", "-2" '
            "or the number of tricks taken"
        )
    elif match.group("sign") == "+":
        tricks = tricks_needed(contract) + int(match.group("number"))
    elif match.group("sign"):
        tricks = tricks_needed(contract) - int(match.group("number"))
    else:
        tricks = int(match.group("number"))
    if not 0 <= tricks <= MAX_TRICKS:
        raise GameError(
            f'Result "{text}" for {contract} means {tricks} tricks; '
            f"declarer takes 0 to {MAX_TRICKS}"
        )
    return tricks


def _side_vulnerable(vulnerability: str, seat: Seat) -> bool:
    """Whether ``seat``'s side is vulnerable under "None"/"NS"/"EW"/"All"."""
    return vulnerability in ("All", seat.side)


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True is no board number nor trick count.
    return isinstance(value, int) and not isinstance(value, bool)


def _check_board(board: int) -> int:
    if not _is_int(board) or board < 1:
        raise GameError(f"Board number {board!r} must be a whole number from 1 up")
    return board


def _check_tricks(tricks: int) -> None:
    if not _is_int(tricks) or not 0 <= tricks <= MAX_TRICKS:
        raise GameError(
            f"Tricks taken {tricks!r} must be a whole number from 0 to {MAX_TRICKS}"
        )


def _check_vulnerable(vulnerable: bool) -> bool:
    # A string such as "NS" is truthy and would silently score as vulnerable.
    if isinstance(vulnerable, str) or vulnerable not in (0, 1):
        raise GameError(f"Vulnerable must be True or False, got {vulnerable!r}")
    return bool(vulnerable)
