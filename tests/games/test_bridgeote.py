"""Bridgeote: card points and order, auctions, announcements, play, marks, deals.

Expected figures come from the French rule book (shared/seeds/003), quoted in
a comment next to each case, or from the choices the module docstring of
``games.bridgeote`` writes down where the book is silent. Cards are written
rank first as in the book ("JH", "BH" for the bridgeote of hearts).
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bridgeote import (
    BIDS,
    CAPOT,
    GAME_POINTS,
    GOULASH_PACKETS,
    PLAIN_ORDER,
    STRAINS,
    TRUMP_ORDER,
    VARIANTS,
    BridgeoteContract,
    announcements,
    attacking_seats,
    card_points,
    check_play,
    contract_made,
    deal,
    deal_pack,
    deal_score,
    final_contract,
    game_winner,
    has_four_sevens,
    is_trump,
    legal_cards,
    parse_card,
    parse_contract,
    player_scores,
    rank_order,
    team_positions,
    trick_winner,
)
from games.cards import BRIDGEOTE_RANKS, Card, Rank, Seat, Suit, deck_36
from games.errors import GameError

SUITS = ("C", "D", "H", "S")


def cards(text: str) -> frozenset[Card]:
    """The cards written in ``text``, e.g. "JH 9H BH"."""
    return frozenset(parse_card(card) for card in text.split())


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


@given(
    st.builds(
        BridgeoteContract,
        bid=st.sampled_from(BIDS),
        strain=st.sampled_from(STRAINS),
        doubled=st.integers(0, 2),
    )
)
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


# ---------------------------------------------------------------- contracts


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("80H", BridgeoteContract(80, "H")),
        ("90 ta", BridgeoteContract(90, "TA")),
        ("100SAX", BridgeoteContract(100, "SA", 1)),
        ("160SXX", BridgeoteContract(160, "S", 2)),
        ("capot s", BridgeoteContract(CAPOT, "S")),
        ("CAPOT♠XX", BridgeoteContract(CAPOT, "S", 2)),
        ("80♥", BridgeoteContract(80, "H")),
    ],
)
def test_it_reads_contracts(text: str, contract: BridgeoteContract) -> None:
    assert parse_contract(text) == contract
    assert parse_contract(str(contract)) == contract


@pytest.mark.parametrize("text", ["85H", "170S", "70H", "80N", "80HXXX", "", "H80"])
def test_it_refuses_bad_contracts(text: str) -> None:
    with pytest.raises(GameError, match="Bridgeote contract"):
        parse_contract(text)


@pytest.mark.parametrize(
    ("bid", "strain", "doubled"), [(85, "H", 0), (80, "NT", 0), (80, "H", 3)]
)
def test_it_refuses_bad_contract_parts(bid: int, strain: str, doubled: int) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        BridgeoteContract(bid, strain, doubled)


def test_bids_start_at_80_half_the_points_of_a_suit_deal() -> None:
    # « Pourquoi commencer les enchères à 80 ? Parce que c'est la moitié des
    # points possibles pour un jeu à la couleur (160) »
    assert BIDS[0] == 80 == 160 // 2
    assert BIDS == (80, 90, 100, 110, 120, 130, 140, 150, 160, CAPOT)


@pytest.mark.parametrize("strain", ["TA", "SA"])
def test_ta_and_sa_add_50_to_the_points_to_make(strain: str) -> None:
    # « si l'on annonce 80 TA ou 80 SA le nombre de points à réaliser sera
    # additionné de 50 pts soit 130 pts, ce qui correspond à la moitié de 260. »
    assert parse_contract(f"80{strain}").target == 130 == 260 // 2
    assert parse_contract(f"160{strain}").target == 210


def test_a_suit_contract_makes_its_bid() -> None:
    assert parse_contract("80S").target == 80
    assert parse_contract("130CX").target == 130


def test_capot_is_250_in_a_suit_and_350_at_ta_and_sa() -> None:
    # « 160 pts (capot 250) »; « 260 pts (capot 350) » at TA and at SA.
    assert parse_contract("CAPOTH").target == parse_contract("CAPOTH").total == 250
    assert parse_contract("CAPOTTA").target == 350
    assert parse_contract("CAPOTSA").target == 350


def test_bids_rank_by_level_then_clubs_diamonds_hearts_spades_ta_sa() -> None:
    # « sur-enchérir au même niveau par une couleur plus haute ♣,♦,♥,♠,TA,SA »
    order = ["80C", "80D", "80H", "80S", "80TA", "80SA", "90C", "160SA", "CAPOTC"]
    ranks = [parse_contract(text).rank for text in order]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == len(ranks)


# ---------------------------------------------------------------- auction


def test_the_player_left_of_the_dealer_bids_first() -> None:
    # « Le joueur situé à la gauche du donneur peut commencer les enchères »
    assert final_contract(["80H", "P", "P", "P"], dealer=Seat.W) == (
        BridgeoteContract(80, "H"),
        Seat.N,
    )
    assert final_contract(["P", "90S", "P", "P", "P"], dealer=0) == (
        BridgeoteContract(90, "S"),
        2,
    )


def test_a_deal_everybody_passes_has_no_contract() -> None:
    # « Si tous les joueurs passent (rare) il est possible de faire « goulash » »
    assert final_contract(["P", "PASSE", "-", "pass"], dealer=0) is None


def test_the_same_level_is_overcalled_by_a_higher_strain() -> None:
    calls = ["80H", "80S", "80TA", "80SA", "P", "P", "P"]
    assert final_contract(calls, dealer=0) == (BridgeoteContract(80, "SA"), 0)


def test_points_may_go_up_one_step_or_jump() -> None:
    # « augmenter en points sans saut (+1) ou avec saut (+2, +3) »
    calls = ["80SA", "90C", "120H", "P", "P", "P"]
    assert final_contract(calls, dealer=0) == (BridgeoteContract(120, "H"), 3)


@pytest.mark.parametrize(
    "calls",
    [["90H", "90D"], ["90H", "80S"], ["90H", "90H"], ["CAPOTS", "160SA"]],
)
def test_it_refuses_an_insufficient_bid(calls: list[str]) -> None:
    with pytest.raises(GameError, match="insufficient"):
        final_contract(calls, dealer=0)


def test_capot_outbids_160_and_a_higher_strain_outbids_capot() -> None:
    calls = ["160SA", "CAPOTC", "CAPOTTA", "P", "P", "P"]
    assert final_contract(calls, dealer=0) == (BridgeoteContract(CAPOT, "TA"), 3)


def test_an_opponent_contres_and_the_takers_surcontre() -> None:
    # « Soit contrer ou surcontrer »: seat 1 bids, 2 doubles, 3 (1's partner)
    # redoubles.
    assert final_contract(["80H", "X", "P", "P", "P"], dealer=0) == (
        BridgeoteContract(80, "H", 1),
        1,
    )
    assert final_contract(["80H", "CONTRE", "XX", "P", "P", "P"], dealer=0) == (
        BridgeoteContract(80, "H", 2),
        1,
    )


def test_bidding_may_go_on_after_a_contre_or_a_surcontre() -> None:
    # « sachant qu'il est possible d'enchérir après un contre ou un surcontre »
    calls = ["80H", "X", "90H", "P", "P", "X", "SURCONTRE", "100S", "P", "P", "P"]
    assert final_contract(calls, dealer=0) == (BridgeoteContract(100, "S"), 0)


@pytest.mark.parametrize(
    ("calls", "problem"),
    [
        (["X"], "no bid to contre"),
        (["80H", "P", "X"], "only an opponent"),
        (["80H", "XX"], "only the contracting side"),
        (["80H", "X", "P", "XX"], "only the contracting side"),
        (["80H", "X", "XX", "P", "XX"], "already surcontré"),
        (["80H", "X", "P", "X"], "already contré"),
        (["80H", "P", "XX"], "not contré"),
        (["80HX"], "expected a bid"),
        (["80H", "P", "P", "P", "90S"], "after the auction ended"),
        (["P", "P", "P", "P", "P"], "after the auction ended"),
        (["80H", "85S"], "bid 85"),
        (["80H", "maybe"], "call 2 \\(seat 2\\)"),
    ],
)
def test_it_refuses_calls_against_the_rules(calls: list[str], problem: str) -> None:
    with pytest.raises(GameError, match=problem):
        final_contract(calls, dealer=0)


@pytest.mark.parametrize("calls", [[], ["80H", "P", "P"], ["P", "P", "P"]])
def test_it_refuses_an_unfinished_auction(calls: list[str]) -> None:
    with pytest.raises(GameError, match="unfinished"):
        final_contract(calls, dealer=0)


def test_three_players_end_on_two_passes_and_only_the_bidder_surcontres() -> None:
    # The partner is chosen after the auction: anyone else may contre.
    assert final_contract(["80H", "X", "P", "XX", "P", "P"], 0, players=3) == (
        BridgeoteContract(80, "H", 2),
        1,
    )
    with pytest.raises(GameError, match="only the contracting side"):
        final_contract(["80H", "X", "XX"], 0, players=3)
    assert final_contract(["P", "P", "P"], 2, players=3) is None


@pytest.mark.parametrize("players", [5, 6, 7])
def test_larger_tables_end_when_all_the_others_pass(players: int) -> None:
    calls = ["100D"] + ["P"] * (players - 1)
    assert final_contract(calls, players - 1, players) == (
        BridgeoteContract(100, "D"),
        0,
    )
    with pytest.raises(GameError, match="unfinished"):
        final_contract(calls[:-1], players - 1, players)


def test_six_players_contre_across_the_alternate_teams() -> None:
    # « Deux équipes de 3 alternées »: seat 1 bids, seat 4 may contre, 5 may not.
    assert final_contract(["80H", "P", "P", "X"] + ["P"] * 5, 0, 6) == (
        BridgeoteContract(80, "H", 1),
        1,
    )
    with pytest.raises(GameError, match="only an opponent"):
        final_contract(["80H", "P", "P", "P", "X"], 0, 6)


@pytest.mark.parametrize(("dealer", "players"), [(4, 4), (-1, 4), ("N", 4), (0, 2)])
def test_it_refuses_a_bad_dealer_or_table(dealer: object, players: int) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        final_contract(["P"] * 4, dealer, players)  # type: ignore[arg-type]


# ---------------------------------------------------------------- announcements


def test_king_and_queen_of_trumps_are_the_belote() -> None:
    # « Si un joueur possède R/D à l'Atout ... pour obtenir 20 pts »
    assert announcements(cards("KH QH 7S AD"), "H") == {Suit.HEARTS: 20}


def test_king_queen_and_bridgeote_of_trumps_are_the_bridgeote() -> None:
    # « Si un joueur possède R/D/B à l'atout ou TA, pour obtenir 30 pts »; the
    # total may gain « 30 (Bridgeote : RDB) ou 20 (Belote / Rebelote : RD) ».
    assert announcements(cards("KH QH BH 7S"), "80H") == {Suit.HEARTS: 30}


def test_a_belote_outside_trumps_counts_nothing() -> None:
    assert announcements(cards("KH QH BH"), "S") == {}
    assert announcements(cards("KH BH AH"), "H") == {}


def test_at_all_trumps_every_suit_may_announce() -> None:
    # « 260 pts - auxquels peuvent s'ajouter les 30 (Bridgeote) et 20 (Belote) »
    hand = cards("KH QH KS QS BS 7C")
    assert announcements(hand, "TA") == {Suit.HEARTS: 20, Suit.SPADES: 30}


def test_no_trumps_has_no_belote() -> None:
    # « le TA bénéficie des Bridgeotes (R/D/B) ..., ce qui n'est pas le cas du SA »
    assert announcements(cards("KH QH BH KS QS"), "SA") == {}


# ---------------------------------------------------------------- play

HEARTS = "H"


def test_any_card_may_be_led() -> None:
    # « Le joueur placé à gauche du donneur bénéficie de l'entame. »
    hand = cards("JH 7S AD")
    assert legal_cards(hand, [], HEARTS) == hand


def test_a_player_must_follow_suit() -> None:
    # « Il est obligatoire de fournir la couleur demandée »
    hand = cards("7S KS JH AD")
    assert legal_cards(hand, ["AS"], HEARTS) == cards("7S KS")


def test_following_a_plain_suit_need_not_go_over() -> None:
    assert legal_cards(cards("7S AS JH"), ["KS"], HEARTS) == cards("7S AS")


def test_at_trumps_a_player_must_go_over() -> None:
    # « A l'atout ou à tout-atout (TA) obligation de « monter » »
    assert legal_cards(cards("JH 7H AS"), ["9H"], HEARTS) == cards("JH")


def test_at_trumps_a_player_goes_over_even_his_partner() -> None:
    # Partner (position 0) leads the 9 and wins: the rule still applies.
    assert legal_cards(cards("JH 8H"), ["9H", "7H"], HEARTS) == cards("JH")


def test_at_trumps_any_trump_when_none_is_higher() -> None:
    assert legal_cards(cards("AH 7H AS"), ["9H"], HEARTS) == cards("AH 7H")


def test_at_all_trumps_a_player_must_go_over_in_the_suit_led() -> None:
    # TA: the 9 beats the ace, the king does not.
    assert legal_cards(cards("9S KS JH"), ["AS"], "TA") == cards("9S")
    assert legal_cards(cards("KS 7S JH"), ["AS"], "TA") == cards("KS 7S")


def test_at_no_trumps_following_is_enough() -> None:
    assert legal_cards(cards("AS 7S JH"), ["KS"], "SA") == cards("AS 7S")


def test_a_void_player_must_ruff_an_opponent_who_is_winning() -> None:
    # « Obligation de couper un adversaire si celui-ci est maître »
    assert legal_cards(cards("JH 7H AD"), ["AS"], HEARTS) == cards("JH 7H")


def test_a_void_player_must_over_ruff_an_opponent() -> None:
    # The partner led the AS (position 0), an opponent ruffed with the 9H.
    assert legal_cards(cards("JH 7H AD"), ["AS", "9H"], HEARTS) == cards("JH")


def test_a_void_player_under_ruffs_when_he_cannot_over_ruff() -> None:
    # « Obligation de « pisser » (fournir un atout inférieur) sur une coupe de
    # l'adversaire sans possibilité de sur-couper. »
    assert legal_cards(cards("AH 7H AD"), ["AS", "9H"], HEARTS) == cards("AH 7H")


def test_an_opponent_over_ruffing_the_partner_must_be_over_ruffed_or_pissed_on() -> (
    None
):
    # Partner (position 1) ruffed with the 9, the opponent over-ruffed with the J.
    assert legal_cards(cards("AH AD"), ["AS", "9H", "JH"], HEARTS) == cards("AH")


def test_no_obligation_when_the_partner_is_winning() -> None:
    # « Pas d'obligation de couper si le partenaire est maître. »
    hand = cards("JH 7H AD")
    assert legal_cards(hand, ["AS", "7S"], HEARTS) == hand
    # Partner (position 1) ruffed and is winning: no need to over-ruff.
    assert legal_cards(hand, ["AS", "9H", "7S"], HEARTS) == hand


def test_a_void_player_without_trumps_discards_anything() -> None:
    hand = cards("AD 7C")
    assert legal_cards(hand, ["AS", "9H"], HEARTS) == hand


@pytest.mark.parametrize("contract", ["TA", "SA"])
def test_at_ta_and_sa_a_void_player_discards_anything(contract: str) -> None:
    hand = cards("JH AD")
    assert legal_cards(hand, ["AS"], contract) == hand


def test_partners_are_told_by_their_positions_at_three_players() -> None:
    # Seat 1 leads; seat 0, third to play, has seat 2 (position 1) as partner.
    positions = team_positions({0, 2}, leader=1, players=3)
    assert positions == {1, 2}
    hand = cards("JH AD")
    assert legal_cards(hand, ["AS", "KS"], HEARTS, partners=positions) == cards("JH")
    assert legal_cards(hand, ["KS", "AS"], HEARTS, partners=positions) == hand


def test_it_says_which_rule_a_card_breaks() -> None:
    with pytest.raises(GameError, match="follow suit"):
        check_play("JH", cards("JH 7S"), ["AS"], HEARTS)
    with pytest.raises(GameError, match="under-ruff"):
        check_play("AD", cards("AH AD"), ["AS", "9H"], HEARTS)
    with pytest.raises(GameError, match="not in the hand"):
        check_play("KD", cards("AH AD"), ["AS"], HEARTS)
    check_play("7H", cards("JH 7H"), ["AS", "7S"], HEARTS)


@pytest.mark.parametrize(
    ("hand", "trick"),
    [
        ([], ["AS"]),
        (["AS"], ["AS"]),
        (["JH", "HJ"], []),
        (["JH"], ["AS", "KS", "QS", "BS", "JS", "9S", "8S"]),
        ("JH", []),
    ],
)
def test_it_refuses_impossible_hands_and_tricks(
    hand: list[str], trick: list[str]
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        legal_cards(hand, trick, HEARTS)


# ---------------------------------------------------------------- marks


def test_a_contract_is_made_with_exactly_its_points() -> None:
    # « Celui-ci est réussi si les points réalisés sont supérieurs ou égaux à
    # ceux annoncés. »
    assert contract_made("100S", 100)
    assert not contract_made("100S", 99)


def test_announcements_help_make_the_contract() -> None:
    # « Les Bridg/Bel/Re permettent de réaliser le contrat. »
    assert contract_made("100S", 80, 20)
    assert contract_made("130TA", 120, 60)


def test_a_made_contract_scores_only_its_bid_and_the_defence_its_points() -> None:
    # « Seuls les points annoncés sont comptabilisés pour l'équipe qui joue le
    # coup. » « L'équipe adverse marque ses points »
    assert deal_score("100S", 100) == (100, 60)
    assert deal_score("100S", 150, 30) == (100, 10)
    assert deal_score("80H", 100, 0, 20) == (80, 80)


def test_ta_and_sa_contracts_score_the_bid_plus_50() -> None:
    # « 80 TA ... soit 130 pts »: the takers score what they had to make.
    assert deal_score("80TA", 130) == (130, 130)
    assert deal_score("90SA", 150) == (140, 110)
    assert deal_score("100TA", 110, 50, 20) == (150, 170)


def test_a_failed_contract_gives_the_defence_the_deal_and_the_announcements() -> None:
    # « Si le contrat n'est pas réalisé, les défenseurs prendront chacun le total
    # des points (160 à la couleur, 260 à TA et SA ...) auxquels viendront
    # s'ajouter les annonces (Brig, Bel, Reb). »
    assert deal_score("100S", 90) == (0, 160)
    assert deal_score("100S", 60, 30) == (0, 190)
    assert deal_score("100S", 60, 0, 20) == (0, 180)
    assert deal_score("80TA", 129) == (0, 260)
    assert deal_score("80SA", 100) == (0, 260)


@pytest.mark.parametrize(
    ("contract", "points", "taker", "defence", "score"),
    [
        # « Dans ce cas c'est le nombre total des points du jeu (160, 260, 360)
        # y compris les Bridg/Bel/Re annoncées qui sera doublé ou quadruplé au
        # profit du gagnant. »
        ("80HX", 100, 20, 0, (360, 0)),  # (160 + 20) x 2
        ("80HX", 70, 0, 0, (0, 320)),  # 160 x 2
        ("80HX", 60, 0, 30, (0, 380)),  # (160 + 30) x 2
        ("80HXX", 90, 0, 0, (640, 0)),  # 160 x 4
        ("80HXX", 50, 20, 0, (0, 720)),  # (160 + 20) x 4, 50 + 20 < 80
        ("100TAX", 160, 50, 30, (680, 0)),  # (260 + 50 + 30) x 2
        ("100SAXX", 149, 0, 0, (0, 1040)),  # 260 x 4, 149 < 150
        ("CAPOTSX", 160, 30, 0, (560, 0)),  # capot bid: (250 + 30) x 2
    ],
)
def test_contre_and_surcontre_give_the_winner_the_whole_deal_doubled(
    contract: str, points: int, taker: int, defence: int, score: tuple[int, int]
) -> None:
    capot = contract.startswith("CAPOT")
    assert deal_score(contract, points, taker, defence, capot) == score


def test_a_capot_bid_must_win_every_trick() -> None:
    # « (... ou 250 et 350 en cas de capot demandé) »
    assert deal_score("CAPOTS", 160, capot=True) == (250, 0)
    assert deal_score("CAPOTS", 160, 20, capot=False) == (0, 270)
    assert deal_score("CAPOTTA", 260, 30, capot=True) == (350, 0)
    assert deal_score("CAPOTSA", 250) == (0, 350)
    assert deal_score("CAPOTTAXX", 200, 20, 20) == (0, 1560)  # (350 + 40) x 4


def test_a_capot_that_was_not_bid_scores_no_more_than_the_bid() -> None:
    assert deal_score("80S", 160, capot=True) == (80, 0)


@pytest.mark.parametrize(
    ("contract", "points", "taker", "defence"),
    [
        ("80S", 161, 0, 0),
        ("80S", -1, 0, 0),
        ("80TA", 261, 0, 0),
        ("80S", "100", 0, 0),
        ("80S", 100, 25, 0),
        ("80S", 100, 20, 20),  # only one king and queen of trumps
        ("80S", 100, 50, 0),  # a suit contract has one trump suit
        ("80SA", 100, 20, 0),
        ("80TA", 100, 50, 70),  # five suits' worth
        ("80TA", 100, 130, 0),
    ],
)
def test_it_refuses_impossible_points_or_announcements(
    contract: str, points: object, taker: int, defence: int
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        deal_score(contract, points, taker, defence)  # type: ignore[arg-type]


def test_all_trumps_may_announce_in_four_suits() -> None:
    assert deal_score("80TA", 200, 60, 60) == (130, 120)
    assert deal_score("80TA", 200, 120, 0) == (130, 60)


@given(
    st.builds(
        BridgeoteContract,
        bid=st.sampled_from(BIDS),
        strain=st.sampled_from(STRAINS),
        doubled=st.integers(0, 2),
    ),
    st.integers(0, 260),
    st.booleans(),
)
def test_contre_doubles_and_surcontre_quadruples_the_undoubled_failure(
    contract: BridgeoteContract, points: int, capot: bool
) -> None:
    points = min(points, 160 if contract.trumps is not None else 260)
    plain = BridgeoteContract(contract.bid, contract.strain)
    made = contract_made(contract, points, capot=capot)
    score = deal_score(contract, points, capot=capot)
    assert min(score) >= 0
    if contract.doubled:
        whole = deal_score(plain, 0)[1] * (2 if contract.doubled == 1 else 4)
        assert score == ((whole, 0) if made else (0, whole))
    elif made:
        assert score[0] == contract.target


# ---------------------------------------------------------------- game


def test_the_game_is_won_at_1500() -> None:
    # « Le but du jeu est d'atteindre ou de dépasser 1 500 points. »
    assert GAME_POINTS == 1500
    assert game_winner([1500, 1490]) == 0
    assert game_winner([1499, 1200]) is None
    assert game_winner([1510, 1620, 900]) == 1
    assert game_winner([1600, 1600]) is None


def test_it_refuses_no_totals() -> None:
    with pytest.raises(GameError, match="one total"):
        game_winner([])


# ---------------------------------------------------------------- variants


@pytest.mark.parametrize(
    ("players", "hand_size", "kitty", "packets"),
    [
        # « Il distribue 10 cartes par joueur ... (3 - 2 - 2 - 3), 6 cartes
        # cachées à l'écart »
        (3, 10, 6, (3, 2, 2, 3)),
        # « distribue les cartes dans le sens des aiguilles d'une montre 3 – 3 – 3 »
        (4, 9, 0, (3, 3, 3)),
        # « Il distribue 7 cartes par joueur ... (3 - 2 - 2), 1 carte à l'écart »
        (5, 7, 1, (3, 2, 2)),
        # « Il distribue 6 cartes par joueur ... (3 - 3). »
        (6, 6, 0, (3, 3)),
        # « Il distribue 5 cartes par joueur ... (3 - 2) 1 carte à l'écart »
        (7, 5, 1, (3, 2)),
    ],
)
def test_each_table_size_deals_as_the_rule_book(
    players: int, hand_size: int, kitty: int, packets: tuple[int, ...]
) -> None:
    variant = VARIANTS[players]
    assert (variant.hand_size, variant.kitty, variant.packets) == (
        hand_size,
        kitty,
        packets,
    )
    hands, aside = deal(players, Random(players))
    assert [len(hand) for hand in hands] == [hand_size] * players
    assert len(aside) == kitty


@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**32), st.data())
def test_every_card_is_dealt_exactly_once(
    players: int, seed: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, players - 1))
    hands, kitty = deal(players, Random(seed), dealer)
    dealt = Counter(card for hand in hands for card in hand) + Counter(kitty)
    assert dealt == Counter(deck_36())


def test_the_same_seed_deals_the_same_cards() -> None:
    assert deal(5, Random(7), 2) == deal(5, Random(7), 2)


def test_four_players_get_packets_of_three_from_the_dealers_left() -> None:
    pack = deck_36()
    hands, kitty = deal_pack(pack, 4, dealer=Seat.W)
    assert hands[Seat.N] == frozenset(pack[0:3] + pack[12:15] + pack[24:27])
    assert hands[Seat.E] == frozenset(pack[3:6] + pack[15:18] + pack[27:30])
    assert hands[Seat.W] == frozenset(pack[9:12] + pack[21:24] + pack[33:36])
    assert kitty == frozenset()


def test_the_ecart_is_laid_between_packets() -> None:
    pack = deck_36()
    hands, kitty = deal_pack(pack, 5, dealer=4, kitty_after=[1])
    assert kitty == {pack[3]}
    assert hands[0] == frozenset(pack[0:3] + pack[16:18] + pack[26:28])
    assert hands[1] == frozenset(pack[4:7] + pack[18:20] + pack[28:30])
    assert hands[4] == frozenset(pack[13:16] + pack[24:26] + pack[34:36])


@pytest.mark.parametrize(
    ("players", "kitty_after"),
    [(5, []), (5, [0]), (5, [15]), (5, [1, 2]), (3, [1, 1, 2, 3, 4, 5]), (4, [1])],
)
def test_the_ecart_is_never_the_first_nor_the_last_card(
    players: int, kitty_after: list[int]
) -> None:
    # « 1 carte à l'écart jamais la première ou la dernière du jeu »
    with pytest.raises(GameError, match="écart"):
        deal_pack(deck_36(), players, kitty_after=kitty_after)


def test_a_goulash_deals_the_pack_unshuffled_by_five_then_four() -> None:
    # « redistribuer les cartes sans les battre par 5 - 4 »
    pack = deck_36()
    hands, _ = deal_pack(pack, 4, dealer=0, packets=GOULASH_PACKETS)
    assert hands[1] == frozenset(pack[0:5] + pack[20:24])
    assert hands[0] == frozenset(pack[15:20] + pack[32:36])


@pytest.mark.parametrize(
    ("pack", "packets"),
    [
        (deck_36()[:-1], None),
        (deck_36()[:-1] + deck_36()[:1], None),
        (deck_36(), (5, 5)),
        (deck_36(), (9, 0)),
    ],
)
def test_it_refuses_a_bad_pack_or_packets(
    pack: list[Card], packets: tuple[int, ...] | None
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        deal_pack(pack, 4, packets=packets)


@pytest.mark.parametrize("players", [2, 8, "4"])
def test_it_refuses_a_table_size_the_book_does_not_give(players: object) -> None:
    with pytest.raises(GameError, match="expected 3, 4, 5, 6 or 7"):
        deal(players, Random(0))  # type: ignore[arg-type]


def test_four_sevens_may_cancel_the_deal() -> None:
    # « Si un joueur obtient un carré de 7, il peut (ou pas) annuler la partie »
    assert has_four_sevens(cards("7C 7D 7H 7S AS"))
    assert not has_four_sevens(cards("7C 7D 7H 8S AS"))


def test_four_and_six_players_score_by_alternate_teams() -> None:
    # « Jeu à six joueurs : Deux équipes de 3 alternées »
    assert attacking_seats(4, Seat.E) == {Seat.E, Seat.W}
    assert attacking_seats(6, 1) == {1, 3, 5}
    assert player_scores(6, 2, (100, 60)) == [100, 60, 100, 60, 100, 60]
    with pytest.raises(GameError, match="partner"):
        attacking_seats(4, 0, partner=1)


@pytest.mark.parametrize(
    ("players", "taker", "partner", "expected"),
    [
        # « 2 « attaquants » contre 1 « défenseur » »
        (3, 0, 2, [100, 60, 100]),
        # « 2 « attaquants » 3 « défenseurs » »
        (5, 3, 1, [60, 100, 60, 100, 60]),
        # « 2 « attaquants » 5 « défenseurs » »
        (7, 6, 0, [100, 60, 60, 60, 60, 60, 100]),
    ],
)
def test_individual_tables_mark_each_player(
    players: int, taker: int, partner: int, expected: list[int]
) -> None:
    # « chacun des « attaquants » marquera les points gagnés par l'équipe et les
    # adversaires comptabiliseront chacun le nombre total de points réalisés. »
    assert player_scores(players, taker, (100, 60), partner) == expected


def test_the_ecart_counts_with_the_defence() -> None:
    # « L'écart sera comptabilisé ... avec les points du défenseur. » The takers'
    # tricks hold 120 points: the other 40, écart included, are the defender's.
    assert deal_score("100H", 120) == (100, 40)
    assert player_scores(3, 1, deal_score("100H", 120), partner=0) == [100, 100, 40]


def test_a_failed_contract_pays_each_defender_at_individual_tables() -> None:
    # « les défenseurs prendront chacun le total des points ... auxquels
    # viendront s'ajouter les annonces (Brig, Bel, Reb). En cas de contre ou
    # surcontre, ces points seront doublés ou quadruplés. »
    assert player_scores(5, 0, deal_score("110S", 80, 20), 4) == [0, 180, 180, 180, 0]
    assert player_scores(3, 0, deal_score("110SX", 80, 20), 1) == [0, 0, 360]


@pytest.mark.parametrize(("taker", "partner"), [(0, None), (0, 0), (0, 3), (3, 1)])
def test_individual_tables_need_another_player_as_partner(
    taker: int, partner: int | None
) -> None:
    with pytest.raises(GameError, match="Bridgeote"):
        attacking_seats(3, taker, partner)
