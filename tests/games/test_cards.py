"""Cards, suits, ranks, seats and the two packs (52-card bridge, 36-card Bridgeote)."""

from __future__ import annotations

import pytest

from games import Card, GameError, Rank, Seat, Suit, deck_36, deck_52
from games.bridge import Denomination
from games.cards import LetterEnum


def test_it_orders_suits_as_in_bridge_bidding() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


@pytest.mark.parametrize(
    ("suit", "letter", "symbol"),
    [
        (Suit.CLUBS, "C", "♣"),
        (Suit.DIAMONDS, "D", "♦"),
        (Suit.HEARTS, "H", "♥"),
        (Suit.SPADES, "S", "♠"),
    ],
)
def test_it_gives_each_suit_a_letter_and_a_symbol(
    suit: Suit, letter: str, symbol: str
) -> None:
    assert suit.letter == letter
    assert suit.symbol == symbol
    assert str(suit) == letter
    assert Suit.parse(letter.lower()) is suit
    assert Suit.parse(symbol) is suit


def test_it_orders_the_knight_between_jack_and_queen() -> None:
    ranks = [
        Rank.TWO,
        Rank.THREE,
        Rank.FOUR,
        Rank.FIVE,
        Rank.SIX,
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.KNIGHT,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    ]
    assert ranks == sorted(Rank)
    assert "".join(rank.letter for rank in ranks) == "23456789TJCQKA"


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("2", Rank.TWO),
        ("9", Rank.NINE),
        ("T", Rank.TEN),
        ("t", Rank.TEN),
        ("10", Rank.TEN),
        ("J", Rank.JACK),
        ("C", Rank.KNIGHT),
        ("q", Rank.QUEEN),
        ("K", Rank.KING),
        ("A", Rank.ACE),
    ],
)
def test_it_parses_rank_letters(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank


@pytest.mark.parametrize("text", ["1", "11", "Z", "", "B"])
def test_it_rejects_an_unknown_rank_naming_it(text: str) -> None:
    with pytest.raises(GameError, match=f'Unknown rank "{text}"'):
        Rank.parse(text)


def test_it_rejects_an_unknown_suit_naming_it() -> None:
    with pytest.raises(GameError, match='Unknown suit "X"'):
        Suit.parse("X")


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("SA", Card(Suit.SPADES, Rank.ACE)),
        ("sa", Card(Suit.SPADES, Rank.ACE)),
        (" HT ", Card(Suit.HEARTS, Rank.TEN)),
        ("H10", Card(Suit.HEARTS, Rank.TEN)),
        ("♦Q", Card(Suit.DIAMONDS, Rank.QUEEN)),
        ("C2", Card(Suit.CLUBS, Rank.TWO)),
        ("DC", Card(Suit.DIAMONDS, Rank.KNIGHT)),
    ],
)
def test_it_parses_a_card_written_suit_first(text: str, card: Card) -> None:
    assert Card.parse(text) == card


@pytest.mark.parametrize(
    ("card", "text", "symbol"),
    [
        (Card(Suit.SPADES, Rank.ACE), "SA", "♠A"),
        (Card(Suit.HEARTS, Rank.TEN), "HT", "♥10"),
        (Card(Suit.CLUBS, Rank.KNIGHT), "CC", "♣C"),
    ],
)
def test_it_writes_a_card_suit_letter_then_rank_letter(
    card: Card, text: str, symbol: str
) -> None:
    assert str(card) == text
    assert card.symbol == symbol


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("AS", 'Unknown card "AS": the suit "A"'),
        ("ZA", 'Unknown card "ZA": the suit "Z"'),
        ("SZ", 'Unknown card "SZ": the rank "Z"'),
        ("S1", 'Unknown card "S1": the rank "1"'),
        ("S", 'Unknown card "S"'),
        ("", 'Unknown card ""'),
    ],
)
def test_it_rejects_a_bad_card_naming_it(text: str, fragment: str) -> None:
    with pytest.raises(GameError) as caught:
        Card.parse(text)
    assert fragment in str(caught.value)


def test_it_round_trips_every_card_through_its_text() -> None:
    for card in {*deck_52(), *deck_36()}:
        assert Card.parse(str(card)) == card


def test_it_sorts_cards_by_suit_then_rank() -> None:
    cards = [Card.parse(text) for text in ["SA", "C2", "HK", "CA", "S2"]]
    assert [str(card) for card in sorted(cards)] == ["C2", "CA", "HK", "S2", "SA"]


def test_it_stores_enums_when_a_card_is_built_from_numbers() -> None:
    card = Card(3, 15)  # type: ignore[arg-type]
    assert card == Card(Suit.SPADES, Rank.ACE)
    assert str(card) == "SA"


def test_it_rejects_a_card_built_from_impossible_numbers() -> None:
    with pytest.raises(GameError, match="do not make a card"):
        Card(4, 15)  # type: ignore[arg-type]


def test_it_deals_from_a_52_card_bridge_pack() -> None:
    deck = deck_52()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert deck == sorted(deck)
    assert deck[0] == Card.parse("C2")
    assert deck[-1] == Card.parse("SA")
    assert all(card.rank != Rank.KNIGHT for card in deck)


def test_it_builds_the_36_card_bridgeote_pack_from_seven_to_ace() -> None:
    deck = deck_36()
    assert len(deck) == 36
    assert len(set(deck)) == 36
    for suit in Suit:
        ranks = "".join(card.rank.letter for card in deck if card.suit == suit)
        assert ranks == "789TJCQKA"


def test_it_hands_out_a_fresh_pack_each_time() -> None:
    deck = deck_52()
    deck.pop()
    assert len(deck_52()) == 52


@pytest.mark.parametrize(
    ("seat", "following", "partner", "side", "name"),
    [
        (Seat.N, Seat.E, Seat.S, "NS", "North"),
        (Seat.E, Seat.S, Seat.W, "EW", "East"),
        (Seat.S, Seat.W, Seat.N, "NS", "South"),
        (Seat.W, Seat.N, Seat.E, "EW", "West"),
    ],
)
def test_it_turns_seats_clockwise(
    seat: Seat, following: Seat, partner: Seat, side: str, name: str
) -> None:
    assert seat.next() is following
    assert seat.partner() is partner
    assert seat.side == side
    assert seat.full_name == name
    assert seat.next(4) is seat


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.N),
        ("n", Seat.N),
        ("North", Seat.N),
        (" SOUTH ", Seat.S),
        ("e", Seat.E),
        ("Ouest", Seat.W),
        ("O", Seat.W),
        ("Nord", Seat.N),
        (Seat.W, Seat.W),
    ],
)
def test_it_parses_seats(text: str | Seat, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_it_rejects_an_unknown_seat_naming_it() -> None:
    with pytest.raises(GameError, match='Unknown seat "X"'):
        Seat.parse("X")


def test_it_numbers_seats_clockwise_from_north() -> None:
    assert list(Seat) == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert Seat.NORTH is Seat.N
    assert Seat.WEST is Seat.W


def test_it_prints_enums_as_their_letters_even_when_formatted() -> None:
    assert f"{Seat.N}|{Suit.SPADES}|{Rank.TEN}" == "N|S|T"
    assert f"{Seat.E:>3}" == "  E"


@pytest.mark.parametrize("enum", [Suit, Rank, Seat, Denomination])
def test_every_letter_enum_reads_back_its_own_letter(enum: type[LetterEnum]) -> None:
    for member in enum:
        assert enum.parse(member.letter.lower()) is member
        assert enum.parse(member) is member
        assert str(member) == f"{member}" == member.letter


def test_a_denomination_is_read_by_its_letter_or_its_name() -> None:
    assert Denomination.parse(" nt ") is Denomination.NT
    assert Denomination.parse("Hearts") is Denomination.H
    assert f"{Denomination.NT:>3}|" == " NT|"
    with pytest.raises(
        GameError,
        match='Unknown denomination "X": the denomination must be C, D, H, S, NT',
    ):
        Denomination.parse("X")
