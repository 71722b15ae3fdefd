"""The Barbu score sheet: manches of seven contracts, a game of four manches."""

from __future__ import annotations

from random import Random

import pytest

from games.barbu import (
    COMPULSORY_DOUBLES,
    MANCHES_PER_GAME,
    PLAYERS,
    Contract,
    GameSheet,
    Manche,
    Reussite,
    deal,
    deal_score,
    settle_doubles,
)
from games.cards import Rank, Suit
from games.errors import GameError
from tests.games.barbu.support import (
    ADVISED_ORDER,
    EXAMPLE_DOUBLES,
    EXAMPLE_TRICKS,
    play_reussite,
    play_tricks,
    record_of,
)

# ---------------------------------------------------------------- the sheet


def owed_doubles(manche: Manche, number: int) -> list[tuple[str, str, int]]:
    """The other players double the declarer on the manche's first two deals."""
    if number >= COMPULSORY_DOUBLES:
        return []
    return [(name, manche.declarer, 1) for name in PLAYERS if name != manche.declarer]


def test_the_worked_example_on_the_tricks_line_of_a_manche() -> None:
    # « L'exemple que nous venons de décrire se noterait de la façon suivante,
    # à la ligne « Levées » »
    manche = Manche("A")
    row = manche.record("tricks", {"tricks": EXAMPLE_TRICKS}, EXAMPLE_DOUBLES)
    assert row.contract is Contract.TRICKS
    assert row.base == {"A": -10, "B": -8, "C": -6, "D": -2}
    assert row.doubles == tuple(EXAMPLE_DOUBLES)
    assert row.points == {"A": -22, "B": -14, "C": -6, "D": 16}
    assert manche.totals() == row.points
    assert manche.doubles_of_declarer() == {"B": 0, "C": 1, "D": 1}
    assert Contract.TRICKS not in manche.remaining
    assert len(manche.remaining) == 6


def test_a_full_game_sheet_of_28_deals() -> None:
    # « Une partie de barbu se joue en quatre manches, chaque joueur étant
    # successivement donneur sur une manche. Chaque manche est composée de sept
    # coups différents » ; « La partie se termine lorsque chaque joueur a
    # effectué ses sept choix, c'est-à-dire après quatre manches. »
    rng = Random(2024)
    sheet = GameSheet()
    expected = dict.fromkeys(PLAYERS, 0)
    for number in range(MANCHES_PER_GAME * len(Contract)):
        manche = sheet.manches[-1] if sheet.manches else None
        if manche is None or manche.complete:
            manche = sheet.new_manche()
        order = ADVISED_ORDER if len(sheet.manches) % 2 else ADVISED_ORDER[::-1]
        contract = order[len(manche.rows)]
        hands = deal(rng)
        if contract == Contract.REUSSITE:
            game = Reussite(hands, Rank.NINE, manche.declarer)
            play_reussite(game, rng)
            record = game.record()
        else:
            trump = Suit.SPADES if contract == Contract.TRUMP else None
            tricks = play_tricks(hands, contract, manche.declarer, rng, trump)
            record = record_of(contract, tricks)
        doubles = owed_doubles(manche, len(manche.rows))
        row = sheet.record(contract, record, doubles)
        base = deal_score(contract, record)
        assert row.points == settle_doubles(base, doubles), number
        for name in PLAYERS:
            expected[name] += row.points[name]
    assert sheet.complete
    assert [manche.declarer for manche in sheet.manches] == ["A", "B", "C", "D"]
    assert len(sheet.rows) == 28
    for manche in sheet.manches:
        assert [row.contract for row in manche.rows] in (
            ADVISED_ORDER,
            ADVISED_ORDER[::-1],
        )
        # « les coups positifs et les coups négatifs s'annulent sur l'ensemble
        # des sept choix »
        assert sum(manche.totals().values()) == 0
    totals = sheet.totals()
    assert totals == expected
    assert sum(totals.values()) == 0
    # « Les joueurs font alors leur total général, calculent leurs gains ou
    # leurs pertes en fonction des différences de leurs scores. »
    settlement = sheet.settlement()
    assert settlement == {name: 4 * totals[name] for name in PLAYERS}
    with pytest.raises(GameError, match="a fifth manche cannot be opened"):
        sheet.record("barbu", {"king": "A"})


EXAMPLE_RECORDS: dict[Contract, dict[str, object]] = {
    Contract.BARBU: {"king": "B"},
    Contract.HEARTS: {"hearts": {"A": 13}, "ace": "A"},
    Contract.QUEENS: {"queens": {"C": 4}},
    Contract.TRICKS: {"tricks": {"D": 13}},
    Contract.LAST_TWO: {"penultimate": "A", "last": "B"},
    Contract.TRUMP: {"tricks": {"A": 13}},
    Contract.REUSSITE: {"order": ["A", "B", "C", "D"]},
}


def filled_manche(declarer: str = "A") -> Manche:
    """A manche of the seven contracts, without the compulsory doubles check."""
    manche = Manche(declarer, compulsory_doubles=0)
    for contract in Contract:
        manche.record(contract, EXAMPLE_RECORDS[contract])
    return manche


def test_a_manche_refuses_a_contract_chosen_twice() -> None:
    manche = Manche("A", compulsory_doubles=0)
    manche.record("queens", {"queens": {"B": 4}})
    with pytest.raises(
        GameError,
        match=r"Queens was already chosen in the manche of A \(deal 1\); each "
        r"contract is chosen once per manche, still to choose: Barbu, Hearts",
    ):
        manche.record("Dames", {"queens": {"C": 4}})
    assert len(manche.rows) == 1


def test_a_complete_manche_takes_no_eighth_deal() -> None:
    manche = filled_manche()
    assert manche.complete
    assert manche.remaining == ()
    assert sum(manche.totals().values()) == 0
    with pytest.raises(GameError, match="the manche of A is complete"):
        manche.record("barbu", {"king": "A"})


def test_a_manche_takes_points_counted_at_the_table() -> None:
    manche = Manche("A")
    row = manche.record_points(
        "tricks", {"A": -10, "B": -8, "C": -6, "D": -2}, EXAMPLE_DOUBLES
    )
    assert row.points == {"A": -22, "B": -14, "C": -6, "D": 16}
    with pytest.raises(GameError, match="a Barbu deal totals -20; this sheet totals"):
        manche.record_points("barbu", {"A": -20, "B": -20, "C": 0, "D": 0})
    with pytest.raises(GameError, match="expected the points of A, B, C, D"):
        manche.record_points("barbu", {"A": -20, "B": 0, "C": 0})
    assert len(manche.rows) == 1


def test_the_declarer_may_not_double_on_the_sheet() -> None:
    manche = Manche("B")
    with pytest.raises(GameError, match="the declarer B may not double"):
        manche.record("barbu", {"king": "A"}, [("B", "A", 1)])
    assert manche.rows == ()


def test_each_player_must_double_the_declarer_twice_a_manche() -> None:
    # The book's « contres obligatoires » without a number: club practice, two.
    manche = Manche("A")
    doubles = [("B", "A", 1), ("C", "A", 1)]
    for contract in ADVISED_ORDER[:5]:
        manche.record(contract, EXAMPLE_RECORDS[contract], doubles)
    assert manche.doubles_of_declarer() == {"B": 5, "C": 5, "D": 0}
    # After a sixth deal D could double only once more: refused now.
    with pytest.raises(
        GameError,
        match=r"Trump deal in the manche of A: D has doubled the declarer in 0 "
        r"deals and 1 remain; each player must double the declarer at least 2",
    ):
        manche.record("trump", {"tricks": {"A": 13}}, doubles)
    manche.record("trump", {"tricks": {"A": 13}}, [("D", "A", 1)])
    manche.record("reussite", {"order": list(PLAYERS)}, [("D", "A", 2)])
    assert manche.complete


@pytest.mark.parametrize("compulsory", [-1, 8, True, "2"])
def test_it_refuses_a_bad_number_of_compulsory_doubles(compulsory) -> None:
    with pytest.raises(GameError, match="Barbu compulsory doubles"):
        GameSheet(compulsory_doubles=compulsory)


def test_a_game_refuses_a_new_manche_before_the_last_is_over() -> None:
    sheet = GameSheet(compulsory_doubles=0)
    sheet.record("barbu", {"king": "C"})
    with pytest.raises(
        GameError, match=r"the manche of A is not over: 6 contracts still to play"
    ):
        sheet.new_manche()


def test_each_player_declares_one_manche() -> None:
    sheet = GameSheet(compulsory_doubles=0)
    sheet.new_manche("C")
    for contract in Contract:
        sheet.record(contract, EXAMPLE_RECORDS[contract])
    with pytest.raises(GameError, match="C has already declared manche 1"):
        sheet.new_manche("C")
    # Then clockwise from C, skipping those who declared.
    declarers = ["C"]
    for _ in range(3):
        manche = sheet.new_manche()
        declarers.append(manche.declarer)
        for contract in Contract:
            sheet.record(contract, EXAMPLE_RECORDS[contract])
    assert declarers == ["C", "D", "A", "B"]
    assert sheet.complete
    with pytest.raises(GameError, match="a Barbu game has four manches"):
        sheet.new_manche()


def test_the_manche_declarer_must_be_a_player() -> None:
    with pytest.raises(GameError, match="Barbu declarer 'N'"):
        Manche("N")
