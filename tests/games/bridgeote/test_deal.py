"""Bridgeote table sizes: dealing 3 to 7 players and marking each seat."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bridgeote import (
    GOULASH_PACKETS,
    VARIANTS,
    attacking_seats,
    deal,
    deal_pack,
    deal_score,
    has_four_sevens,
    player_scores,
)
from games.cards import Card, Seat, deck_36
from games.errors import GameError
from tests.games.bridgeote.support import (
    cards,
)

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
