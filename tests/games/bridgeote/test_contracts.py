"""Bridgeote contracts, the auction and the announcements (shared/seeds/003)."""

from __future__ import annotations

import pytest

from games.bridgeote import (
    BIDS,
    CAPOT,
    BridgeoteContract,
    announcements,
    final_contract,
    parse_contract,
)
from games.cards import Seat, Suit
from games.errors import GameError
from tests.games.bridgeote.support import (
    cards,
)

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
