"""Whiz-Bridge: contracts, the simplified and standard marks, auctions.

Expected scores come from the worked examples of the French rule book
(shared/seeds/002), quoted next to each case, or are worked out by hand from
its rules, with the arithmetic written next to the row. The rule book's text
lost its suit symbols; where a suit matters the one chosen is explained.
"""

from __future__ import annotations

from itertools import product

import pytest

from games.errors import GameError
from games.whiz import (
    DENOMINATIONS,
    DOMY_SEAT,
    HUMAN_SEATS,
    MARKS,
    WhizContract,
    deal_score,
    final_contract,
    parse_contract,
    player_points,
)

# ---------------------------------------------------------------- rule book


@pytest.mark.parametrize(
    ("contract", "tricks", "mark", "exact", "score"),
    [
        # « le contrat est "10 Pique" ... si le déclarant fait 11 plis, il marque
        # 20 points (10 plis demandés x 2 pts). »
        pytest.param("10S", 11, "simplified", False, (20, 0), id="simple-10S+1"),
        # « s'il ne fait que 8 levées, chacun des 2 autres joueurs marque
        # 10 points. »
        pytest.param("10S", 8, "simplified", False, (0, 10), id="simple-10S-2"),
        # « Contrat = 12 ... Résultat = 13 plis faits (+1) – Score = (12 plis x
        # 1 pt) + (1 pli supp x 2 pts) + (prime de petit chelem 20 pts)
        # = 34 points. » The suit is lost; any 12-level contract is a small slam.
        pytest.param("12H", 13, "standard", False, (34, 0), id="12H+1"),
        # « Contrat demandé = 9 X – Résultat = 9 plis faits (=) – Score =
        # 28 points. » 9 x 2 + risk 10: a suit, since 9NT is a game (+10).
        pytest.param("9HX", 9, "standard", False, (28, 0), id="9HX="),
        # « Contrat demandé = 10 X – Résultat = 11 plis faits (+1) – Score =
        # 44 points. » 10 x 2 + 1 x 4 + game 10 + risk 10: a major, 10H.
        pytest.param("10HX", 11, "standard", False, (44, 0), id="10HX+1"),
        # « Contrat demandé = 9 XX – Résultat = 9 plis faits (=) – Score =
        # 56 points. » 9 x 4 + risk 20.
        pytest.param("9HXX", 9, "standard", False, (56, 0), id="9HXX="),
        # « Contrat demandé = 10 XX – Résultat = 11 plis faits (+1) – Score =
        # 78 points. » 10 x 4 + 1 x 8 + game 10 + risk 20.
        pytest.param("10HXX", 11, "standard", False, (78, 0), id="10HXX+1"),
        # « Contrat demandé = 9 – Résultat = 8 plis faits (-1) – Score =
        # 5 points »
        pytest.param("9H", 8, "standard", False, (0, 5), id="9H-1"),
        # « Contrat demandé = 9 X – Résultat = 8 plis faits (-1) – Score =
        # 10 points »
        pytest.param("9HX", 8, "standard", False, (0, 10), id="9HX-1"),
        # « Contrat demandé = 9 XX – Résultat = 8 plis faits (-1) – Score =
        # 20 points. »
        pytest.param("9HXX", 8, "standard", False, (0, 20), id="9HXX-1"),
        # Pas de mieux: « Contrat demandé = 10 – Résultat = 10 plis faits (=) –
        # Score = 20 points. » 10 + game 10: a major, 10S.
        pytest.param("10S", 10, "standard", True, (20, 0), id="exact-10S="),
        # « Contrat demandé = 10 – Résultat = 11 plis faits (-1), chacun des
        # adversaires du déclarant marque 5 points. »
        pytest.param("10S", 11, "standard", True, (0, 5), id="exact-10S+1"),
    ],
)
def test_it_scores_the_rule_book_examples(
    contract: str, tricks: int, mark: str, exact: bool, score: tuple[int, int]
) -> None:
    assert deal_score(contract, tricks, mark, exact) == score


@pytest.mark.parametrize("denomination", DENOMINATIONS)
def test_the_printed_16_of_the_7_level_example_is_a_misprint(denomination: str):
    """« Contrat = 7 ... 10 plis faits (+3) – Score = (7 plis x 1 pt) + (3 plis
    supplémentaires x 2 pts) = 16 points. »

    The printed total does not add up: its own terms give 7 x 1 + 3 x 2 = 13,
    and no bonus can make up the 3 points, since no 7-level contract is a game
    or a slam. The rule is scored, not the misprint: 13 in every denomination.
    """
    assert 7 * 1 + 3 * 2 == 13
    assert deal_score(f"7{denomination}", 10) == (13, 0)


# ---------------------------------------------------------------- contracts

GAMES = {"9NT", "10NT", "11NT", "10H", "10S", "11H", "11S", "11C", "11D"}
EVERY_CONTRACT = [f"{level}{d}" for level, d in product(range(7, 14), DENOMINATIONS)]


def kind_of(contract: str) -> str:
    """The rule book's category, from its lists of games and slams."""
    if contract.startswith("12"):
        return "small slam"
    if contract.startswith("13"):
        return "grand slam"
    return "game" if contract in GAMES else "part score"


@pytest.mark.parametrize("text", EVERY_CONTRACT)
def test_it_classifies_every_contract(text: str) -> None:
    contract = parse_contract(text)
    kind = kind_of(text)
    assert contract.is_game is (kind == "game")
    assert contract.is_small_slam is (kind == "small slam")
    assert contract.is_grand_slam is (kind == "grand slam")


@pytest.mark.parametrize(
    ("contract", "bonus"),
    [
        ("8NT", 0),
        ("9NT", 10),
        ("9S", 0),
        ("10C", 0),
        ("11D", 10),
        ("12C", 20),
        ("13NT", 40),
        ("12NTXX", 20),
        ("10SX", 10),
    ],
)
def test_it_adds_the_bonus_of_the_contract_made_exactly(contract: str, bonus: int):
    made = parse_contract(contract)
    factor = (1, 2, 4)[made.doubled]
    risk = (0, 10, 20)[made.doubled]
    assert deal_score(contract, made.level) == (factor * made.level + bonus + risk, 0)


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("10S", WhizContract(10, "S")),
        ("9NT", WhizContract(9, "NT")),
        ("12HX", WhizContract(12, "H", 1)),
        ("13NTXX", WhizContract(13, "NT", 2)),
        ("10 sa", WhizContract(10, "NT")),
        (" 11 d x ", WhizContract(11, "D", 1)),
        ("7c", WhizContract(7, "C")),
        ("8SAXX", WhizContract(8, "NT", 2)),
    ],
)
def test_it_parses_contracts(text: str, contract: WhizContract) -> None:
    assert parse_contract(text) == contract


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        (WhizContract(10, "S"), "10S"),
        (WhizContract(9, "NT", 1), "9NTX"),
        (WhizContract(13, "C", 2), "13CXX"),
    ],
)
def test_it_writes_the_canonical_text(contract: WhizContract, text: str) -> None:
    assert str(contract) == text
    assert parse_contract(text) == contract


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6S", "level 6, expected 7 to 13"),
        ("14NT", "level 14, expected 7 to 13"),
        ("10Z", 'denomination "Z", expected C, D, H, S, NT or SA'),
        ("10SXXX", "denomination"),
        ("", "expected a level 7-13"),
        ("NT", "expected a level 7-13"),
        ("Pass", "expected a level 7-13"),
    ],
)
def test_it_rejects_bad_contracts(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        parse_contract(text)


@pytest.mark.parametrize(
    ("level", "denomination", "doubled", "message"),
    [
        (6, "S", 0, "level 6: expected 7 to 13"),
        (10, "SA", 0, "denomination 'SA': expected C, D, H, S or NT"),
        (9, "H", 3, r"doubling 3: expected 0, 1 \(X\) or 2 \(XX\)"),
        (7.0, "C", 0, "level 7.0: expected 7 to 13"),
        (9, "H", True, "doubling True"),
    ],
)
def test_the_dataclass_checks_its_fields(level, denomination, doubled, message):
    with pytest.raises(GameError, match=message):
        WhizContract(level, denomination, doubled)


# ---------------------------------------------------------------- marks


@pytest.mark.parametrize(
    ("contract", "tricks", "score"),
    [
        ("7C", 7, (7, 0)),  # 7
        ("8D", 13, (18, 0)),  # 8 + 5 x 2
        ("11C", 12, (23, 0)),  # 11 + 2 + game 10
        ("13NT", 13, (53, 0)),  # 13 + grand slam 40
        ("12SX", 12, (54, 0)),  # 12 x 2 + small slam 20 + risk 10
        ("13NTXX", 13, (112, 0)),  # 13 x 4 + grand slam 40 + risk 20
        ("8CX", 10, (34, 0)),  # 8 x 2 + 2 x 4 + risk 10
        ("13NT", 0, (0, 65)),  # 13 down x 5
        ("10SX", 7, (0, 30)),  # 3 down x 10
        ("11HXX", 9, (0, 40)),  # 2 down x 20
    ],
)
def test_the_standard_mark(contract: str, tricks: int, score: tuple[int, int]):
    assert deal_score(contract, tricks) == score


@pytest.mark.parametrize(
    ("contract", "tricks", "exact", "score"),
    [
        ("9H", 9, False, (18, 0)),
        ("9HXX", 13, False, (18, 0)),  # doubling and overtricks are ignored
        ("9HXX", 5, False, (0, 9)),  # so is the number of undertricks
        ("10S", 10, True, (20, 0)),
        ("10S", 11, True, (0, 10)),  # an overtrick is a failure when exact
        ("10S", 9, True, (0, 10)),
        ("13NT", 13, True, (26, 0)),
    ],
)
def test_the_simplified_mark(contract, tricks, exact, score) -> None:
    assert deal_score(contract, tricks, "simplified", exact) == score


@pytest.mark.parametrize(
    ("contract", "tricks", "score"),
    [
        ("8H", 10, (0, 10)),  # 2 over = 2 down x 5
        ("7NTX", 13, (0, 60)),  # 6 over = 6 down x 10
        ("9DXX", 10, (0, 20)),  # 1 over = 1 down x 20
        ("9DXX", 9, (56, 0)),  # exactly made: 9 x 4 + risk 20
        ("9D", 7, (0, 10)),  # undertricks count as usual
    ],
)
def test_pas_de_mieux_turns_overtricks_into_undertricks(contract, tricks, score):
    assert deal_score(contract, tricks, exact=True) == score


def test_a_contract_object_is_scored_like_its_text() -> None:
    assert deal_score(WhizContract(10, "H", 1), 11) == deal_score("10HX", 11)


@pytest.mark.parametrize(
    ("tricks", "mark", "message"),
    [
        (14, "standard", "tricks 14: expected a whole number 0 to 13"),
        (-1, "standard", "tricks -1"),
        (True, "standard", "tricks True"),
        ("10", "standard", "tricks '10'"),
        (10, "fancy", 'mark "fancy": expected "standard" or "simplified"'),
    ],
)
def test_it_rejects_bad_results(tricks, mark, message) -> None:
    with pytest.raises(GameError, match=message):
        deal_score("10S", tricks, mark)


def test_the_constants() -> None:
    assert MARKS == ("standard", "simplified")
    assert HUMAN_SEATS == ("N", "E", "S")
    assert DOMY_SEAT == "W"


# ---------------------------------------------------------------- players


@pytest.mark.parametrize(
    ("declarer", "tricks", "points"),
    [
        ("S", 11, {"N": 0, "E": 0, "S": 44}),
        ("N", 8, {"N": 0, "E": 20, "S": 20}),
        ("e", 10, {"N": 0, "E": 40, "S": 0}),  # 10 x 2 + game 10 + risk 10
    ],
)
def test_player_points(declarer: str, tricks: int, points: dict[str, int]) -> None:
    assert player_points("10HX", declarer, tricks) == points


def test_player_points_pass_the_mark_and_the_seats_on() -> None:
    points = player_points("10S", "W", 11, "simplified", True, ("E", "S", "W"))
    assert points == {"E": 10, "S": 10, "W": 0}


@pytest.mark.parametrize(
    ("declarer", "humans", "message"),
    [
        ("W", HUMAN_SEATS, r"declarer \"W\".*the Domy \(W\) is never declarer"),
        ("X", HUMAN_SEATS, 'declarer "X": expected one of the players N, E, S'),
        ("N", ("E", "S", "W"), r"the Domy \(N\) is never declarer"),
    ],
)
def test_the_domy_is_never_declarer(declarer, humans, message) -> None:
    with pytest.raises(GameError, match=message):
        player_points("10S", declarer, 10, humans=humans)


# ---------------------------------------------------------------- auctions


@pytest.mark.parametrize("north_ten", ["10C", "10D"])
def test_the_rule_book_auction(north_ten: str) -> None:
    """Dealer North, the Domy West: N 8, (E -), S 9, N 10, (E -), S 10, N -, E -.

    The table lost its suit symbols; the text says the final contract is South's
    10 with hearts trump. North's 8 and South's 9 could be any suit (hearts
    here), but North's 10 must be clubs or diamonds for South's 10 hearts to
    outbid it, so both are checked.
    """
    # The printed rows, columns Sud Ouest(Domy) Nord Est: « -8 », « 9-10- »,
    # « 10--- »; « Le contrat final est 10 demandé par Sud ... L'atout est Cœur. »
    calls = ["8H", "-", "9H", north_ten, "-", "10H", "-", "-"]
    assert final_contract(calls, "N") == (WhizContract(10, "H"), "S")


@pytest.mark.parametrize(
    ("calls", "dealer", "domy", "result"),
    [
        (["10S", "P", "P"], "N", "W", ("10S", "N")),
        (["P", "9NT", "P", "P"], "E", "W", ("9NT", "S")),  # E, S, N, E
        (["7C", "X", "P", "P"], "S", "W", ("7CX", "S")),
        (["7C", "P", "X", "P", "P"], "S", "W", ("7CX", "S")),  # the 2nd doubles
        (["8D", "X", "P", "XX", "P", "P"], "N", "W", ("8DXX", "N")),
        (["8D", "X", "9D", "P", "P"], "N", "W", ("9D", "S")),  # a bid undoes X
        # The Domy in North, West deals: W, E, S, W, E, North skipped.
        (["P", "11H", "12C", "P", "P"], "W", "N", ("12C", "S")),
        (["p", "Pass", "PASSE"], "N", "W", None),  # passed out
        (["P", "P", "7C", "P", "P"], "S", "W", ("7C", "E")),  # S, N, E, S, N
    ],
)
def test_final_contract(calls, dealer, domy, result) -> None:
    expected = None if result is None else (parse_contract(result[0]), result[1])
    assert final_contract(calls, dealer, domy) == expected


def test_the_domy_turn_is_skipped() -> None:
    """With the Domy in West, North calls right after South."""
    assert final_contract(["P", "P", "8S", "P", "P"], "E") == (
        WhizContract(8, "S"),
        "N",
    )


@pytest.mark.parametrize(
    ("calls", "message"),
    [
        (["9H", "9C"], r"call 2 \(E\) '9C' is insufficient.*higher than 9H"),
        (["9H", "9H"], "insufficient"),
        (["9H", "P", "8NT"], "insufficient"),
        (["X"], "there is no bid to double"),
        (["XX"], "there is no bid to double"),
        (["9H", "P", "P", "X"], "after the auction ended"),
        (["9H", "X", "X"], r"call 3 \(S\) 'X': 9HX is already doubled"),
        (["9H", "X", "P", "P", "P"], "after the auction ended"),
        (["9H", "XX"], r"only the bidder \(N\) may redouble"),
        (["9H", "P", "XX"], "only the bidder"),
        # South did not bid 9H: the rule book lets only its bidder redouble.
        (["9H", "X", "XX"], r"call 3 \(S\) 'XX': only the bidder \(N\)"),
        (["9H", "X", "P", "XX", "XX"], "only the bidder"),
        (["9H", "X", "P", "XX", "X"], "9HXX is already redoubled"),
        (["9HX", "P", "P"], 'expected a bid, "X" or "XX"'),
        (["9Z", "P", "P"], r"call 1 \(N\) '9Z': .*denomination \"Z\""),
        (["P", "P", "P", "7C"], "after the auction ended"),
        (["9H", "P"], "unfinished"),
        ([], "unfinished"),
    ],
)
def test_it_rejects_illegal_auctions(calls: list[str], message: str) -> None:
    with pytest.raises(GameError, match=message):
        final_contract(calls, "N")


def test_a_player_cannot_double_his_own_bid() -> None:
    """His turn only comes back on his own bid after someone else's call.

    After N's 8H, two passes end the auction, so N can call again over his own
    bid only once E (or S) doubled it; N's X is then refused as a double of his
    own bid, and XX is the call he may make.
    """
    with pytest.raises(GameError, match=r"call 4 \(N\) 'X': .*double his own bid"):
        final_contract(["8H", "X", "P", "X"], "N")
    assert final_contract(["8H", "X", "P", "XX", "P", "P"], "N") == (
        WhizContract(8, "H", 2),
        "N",
    )


@pytest.mark.parametrize(
    ("dealer", "domy", "message"),
    [
        ("W", "W", r'dealer "W": the Domy \(W\) never deals'),
        ("Z", "W", 'dealer "Z": expected N, E, S or W'),
        ("N", "Q", 'Domy seat "Q": expected N, E, S or W'),
    ],
)
def test_it_rejects_bad_seats(dealer: str, domy: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        final_contract(["P", "P", "P"], dealer, domy)
