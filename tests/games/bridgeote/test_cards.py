"""Bridgeote cards: reading them, their points and their order (shared/seeds/003).

Figures come from the rule book's tables, quoted next to each case, or from
the choices the docstring of ``games.bridgeote`` writes down where the book
is silent.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from games.bridgeote import (
    PLAIN_ORDER,
    STRAINS,
    TRUMP_ORDER,
    BridgeoteContract,
    card_points,
    is_trump,
    parse_card,
    rank_order,
    trick_winner,
)
from games.cards import BRIDGEOTE_RANKS, Card, Rank, Suit, deck_36
from games.errors import GameError
from tests.games.bridgeote.support import (
    SUITS,
    contracts,
)

# ---------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("JH", Card(Suit.HEARTS, Rank.JACK)),
        ("9S", Card(Suit.SPADES, Rank.NINE)),
        ("10D", Card(Suit.DIAMONDS, Rank.TEN)),
        ("TD", Card(Suit.DIAMONDS, Rank.TEN)),
        ("BH", Card(Suit.HEARTS, Rank.KNIGHT)),
        ("bc", Card(Suit.CLUBS, Rank.KNIGHT)),
        ("KC", Card(Suit.CLUBS, Rank.KING)),
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("B♥", Card(Suit.HEARTS, Rank.KNIGHT)),
        # Donne's own suit-first form, C being the knight letter of games.cards.
        ("HJ", Card(Suit.HEARTS, Rank.JACK)),
        ("HC", Card(Suit.HEARTS, Rank.KNIGHT)),
        ("HB", Card(Suit.HEARTS, Rank.KNIGHT)),
        ("CC", Card(Suit.CLUBS, Rank.KNIGHT)),
        ("SA", Card(Suit.SPADES, Rank.ACE)),
        ("♠10", Card(Suit.SPADES, Rank.TEN)),
        (Card(Suit.SPADES, Rank.SEVEN), Card(Suit.SPADES, Rank.SEVEN)),
    ],
)
def test_it_reads_cards_rank_first_or_suit_first(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["2H", "H6", "XH", "B", "", "1H", "BX", "JHH"])
def test_it_refuses_cards_outside_the_36_card_pack(text: str) -> None:
    with pytest.raises(GameError, match="Bridgeote card"):
        parse_card(text)


def test_it_plays_with_the_36_card_pack_of_games_cards() -> None:
    # « Un jeu de 36 cartes (32 cartes + 4 Bridgeotes dans chaque couleur) »
    assert len(deck_36()) == 36
    assert set(TRUMP_ORDER) == set(PLAIN_ORDER) == set(BRIDGEOTE_RANKS)
    assert {parse_card(f"B{suit}") for suit in SUITS} == {
        card for card in deck_36() if card.rank == Rank.KNIGHT
    }


# ---------------------------------------------------------------- card points

# The book's tables, in its own letters: V valet, R roi, D dame, B bridgeote.
BOOK_LETTERS = {"V": "J", "R": "K", "D": "Q", "B": "B", "As": "A", "10": "10"}
# « Couleur d'atout : V(20), 9(14), As(11), 10(10), R(4), D(3), B(2) soit 64 pts »
TRUMP_TABLE = {"V": 20, "9": 14, "As": 11, "10": 10, "R": 4, "D": 3, "B": 2}
# « Autres couleurs : As(11), 10(10), R(4), D(3), B(2) V(2) soit 32 pts »
PLAIN_TABLE = {"As": 11, "10": 10, "R": 4, "D": 3, "B": 2, "V": 2}
# « Toutes les couleurs : V(20), 9(14), As(11), 10(10), R(4), D(3), B(3) = 65 »
ALL_TRUMPS_TABLE = {"V": 20, "9": 14, "As": 11, "10": 10, "R": 4, "D": 3, "B": 3}
# « Toutes les couleurs : As(22), 10(20), R(8), D(6), B(5), V(4) = 65 »
NO_TRUMPS_TABLE = {"As": 22, "10": 20, "R": 8, "D": 6, "B": 5, "V": 4}


def book_card(letter: str, suit: str) -> str:
    return BOOK_LETTERS.get(letter, letter) + suit


@pytest.mark.parametrize(
    ("table", "contract", "suit", "suit_total"),
    [
        pytest.param(TRUMP_TABLE, "H", "H", 64, id="trumps"),
        pytest.param(PLAIN_TABLE, "S", "H", 32, id="plain"),
        pytest.param(ALL_TRUMPS_TABLE, "TA", "D", 65, id="TA"),
        pytest.param(NO_TRUMPS_TABLE, "SA", "C", 65, id="SA"),
    ],
)
def test_it_values_the_cards_as_the_rule_book_tables(
    table: dict[str, int], contract: str, suit: str, suit_total: int
) -> None:
    for letter, points in table.items():
        assert card_points(book_card(letter, suit), contract) == points, letter
    listed = {parse_card(book_card(letter, suit)).rank for letter in table}
    for rank in set(BRIDGEOTE_RANKS) - listed:
        assert card_points(Card(Suit.parse(suit), rank), contract) == 0, rank
    whole_suit = [Card(Suit.parse(suit), rank) for rank in BRIDGEOTE_RANKS]
    assert sum(card_points(card, contract) for card in whole_suit) == suit_total


def test_the_bridgeote_is_worth_2_then_3_then_5() -> None:
    # « A la couleur ... la Bridgeote vaut 2 », « Tout Atout (TA) : ... la
    # Bridgeote vaut 3 », « Sans Atout (SA) : ... la Bridgeote vaut 5 »
    assert card_points("BH", "H") == card_points("BH", "S") == 2
    assert card_points("BH", "TA") == 3
    assert card_points("BH", "SA") == 5


def test_no_trumps_doubles_the_belote_plain_values() -> None:
    # « Sans Atout (SA) : Les pts de la belote sont doublés »: the plain values.
    for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK):
        card = Card(Suit.SPADES, rank)
        assert card_points(card, "SA") == 2 * card_points(card, "H")


@pytest.mark.parametrize("strain", STRAINS)
def test_the_pack_totals_160_in_a_suit_and_260_at_ta_and_sa(strain: str) -> None:
    # « Total du jeu : 64 + 3 x(32)= 160 pts » and « 4 x 65 = 260 pts » (TA);
    # « Total du jeu : 260 pts » (SA). No « dix de der »: nothing else counts.
    expected = 260 if strain in ("TA", "SA") else 160
    assert sum(card_points(card, strain) for card in deck_36()) == expected


@given(contracts)
def test_every_contract_counts_the_whole_pack_at_160_or_260(
    contract: BridgeoteContract,
) -> None:
    total = sum(card_points(card, contract) for card in deck_36())
    assert total == (160 if contract.trumps is not None else 260)
    assert total == sum(card_points(str(card), str(contract)) for card in deck_36())


@pytest.mark.parametrize("contract", ["", "N", "NT", "80", "TT", "X"])
def test_it_refuses_an_unknown_strain(contract: str) -> None:
    with pytest.raises(GameError, match="expected a strain S, H, D, C, TA"):
        card_points("JH", contract)


# ---------------------------------------------------------------- card order


def test_trumps_rank_jack_nine_ace_ten_king_queen_bridgeote_eight_seven() -> None:
    # The order of « V(20), 9(14), As(11), 10(10), R(4), D(3), B(2) », then 8, 7.
    assert rank_order("H", "H") == rank_order("S", "TA") == TRUMP_ORDER
    assert [Rank(r).letter for r in TRUMP_ORDER] == list("J9ATKQC87")


def test_plain_suits_rank_ace_ten_king_queen_bridgeote_jack_nine() -> None:
    # The order of « As(11), 10(10), R(4), D(3), B(2) V(2) », then 9, 8, 7.
    assert rank_order("S", "H") == rank_order("H", "SA") == PLAIN_ORDER
    assert [Rank(r).letter for r in PLAIN_ORDER] == list("ATKQCJ987")


def test_only_a_suit_contract_has_trumps() -> None:
    assert is_trump("7H", "H")
    assert not is_trump("AS", "H")
    assert not is_trump("JH", "TA")
    assert not is_trump("JH", "SA")


@pytest.mark.parametrize(
    ("trick", "contract", "winner"),
    [
        (["AS", "7H", "KS"], "H", 1),  # the smallest trump beats the ace led
        (["AS", "KS", "10S"], "H", 0),
        (["9S", "AS", "JS"], "S", 2),  # trumps: J over 9 over A
        (["9S", "AS"], "S", 0),
        (["AS", "9S", "JH"], "TA", 1),  # TA: 9 beats A; the JH is off-suit
        (["9S", "AS", "JS", "10S"], "SA", 1),  # SA: A, then 10
        (["JD", "BD"], "H", 1),  # plain: the bridgeote beats the jack
        (["BH", "8H"], "H", 0),  # trumps: the bridgeote beats the 8
        (["BH", "QH"], "H", 1),
        (["7C", "AD", "JH", "AS"], "SA", 0),
        (["7C", "AD", "JH", "AS", "8C", "9C", "BC"], "C", 5),  # seven: the 9
    ],
)
def test_it_finds_the_winner_of_a_trick(
    trick: list[str], contract: str, winner: int
) -> None:
    assert trick_winner(trick, contract) == winner


def test_it_refuses_a_trick_with_a_card_twice() -> None:
    with pytest.raises(GameError, match="distinct cards"):
        trick_winner(["AS", "SA"], "H")
