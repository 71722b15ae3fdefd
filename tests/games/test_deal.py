"""Bridge deals: reading and writing the PBN [Deal] tag, validation, points."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import Card, Deal, GameError, Seat, deck_52
from tests.games.conftest import PBN_DIR

EXAMPLE = "N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8"
DEAL_LINE = re.compile(r'^\[Deal "([^"]*)"\]', re.M)


def cards(*texts: str) -> frozenset[Card]:
    return frozenset(Card.parse(text) for text in texts)


def test_it_reads_the_hands_clockwise_from_the_first_seat() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    assert deal.hand(Seat.N) == cards(
        "SK", "SQ", "ST", "S6", "HA", "HJ", "HT", "DT", "D9", "D8", "D4", "C6", "C5"
    )
    assert deal.hand("E") == cards(
        "SA", "S2", "HK", "H9", "H8", "H7", "H6", "D7", "D2", "C9", "C7", "C4", "C2"
    )
    assert Card.parse("SJ") in deal.hand(Seat.S)
    assert Card.parse("CQ") in deal.hand(Seat.W)


def test_it_writes_back_the_same_text() -> None:
    assert Deal.from_pbn(EXAMPLE).to_pbn() == EXAMPLE


def test_it_starts_a_deal_with_another_seat_when_asked() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    assert deal.to_pbn(Seat.E) == (
        "E:A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8 KQT6.AJT.T984.65"
    )
    assert Deal.from_pbn(deal.to_pbn("W")) == deal


def test_it_gives_the_first_hand_to_the_seat_named_first() -> None:
    deal = Deal.from_pbn(
        "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
    )
    assert Card.parse("SK") in deal.hand(Seat.W)
    assert Card.parse("HA") in deal.hand(Seat.W)
    assert Card.parse("D9") in deal.hand(Seat.N)
    assert Card.parse("SA") in deal.hand(Seat.E)
    assert Card.parse("HJ") in deal.hand(Seat.S)


@pytest.mark.parametrize(
    "text",
    [
        "n:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
        "  N : KQT6.AJT.T984.65   A2.K9876.72.9742 J543.43.AQ5.AKJ3\t987.Q52.KJ63.QT8 ",
        "N:kqt6.ajt.t984.65 a2.k9876.72.9742 j543.43.aq5.akj3 987.q52.kj63.qt8",
        f'[Deal "{EXAMPLE}"]',
        f'  [Deal  "{EXAMPLE}" ]  ',
        f'[Deal "{EXAMPLE}"] ; rest of Deal comment',
    ],
)
def test_it_tolerates_case_spacing_and_the_whole_tag_line(text: str) -> None:
    assert Deal.from_pbn(text).to_pbn() == EXAMPLE


def test_it_keeps_unknown_hands_as_none() -> None:
    text = "W:- .63.AKQ987.A9732 - J973.J98742.3.K4"
    deal = Deal.from_pbn(text)
    assert deal.hand(Seat.W) is None
    assert deal.hand(Seat.E) is None
    assert len(deal.hand(Seat.N)) == 13
    assert deal.to_pbn(Seat.W) == text
    assert deal.to_pbn() == "N:.63.AKQ987.A9732 - J973.J98742.3.K4 -"


def test_it_writes_ranks_from_the_ace_down_whatever_the_input_order() -> None:
    deal = Deal.from_pbn(
        "N:6TQK.TJA.489T.56 2A.6789K.27.2479 345J.34.5QA.3JKA 789.25Q.36JK.8TQ"
    )
    assert deal.to_pbn() == EXAMPLE


def test_it_builds_a_deal_from_a_mapping_of_hands() -> None:
    original = Deal.from_pbn(EXAMPLE)
    rebuilt = Deal({seat: sorted(original.hand(seat)) for seat in Seat})
    assert rebuilt == original
    assert hash(rebuilt) == hash(original)
    assert Deal({"S": original.hand(Seat.S)}).to_pbn() == ("N:- - J543.43.AQ5.AKJ3 -")


def test_it_shows_a_deal_as_its_pbn_text() -> None:
    deal = Deal.from_pbn(EXAMPLE)
    assert str(deal) == EXAMPLE
    assert repr(deal) == f"Deal.from_pbn({EXAMPLE!r})"


@pytest.mark.parametrize(
    ("seat", "points"), [(Seat.N, 10), (Seat.E, 7), (Seat.S, 15), (Seat.W, 8)]
)
def test_it_counts_high_card_points(seat: Seat, points: int) -> None:
    assert Deal.from_pbn(EXAMPLE).hcp(seat) == points


def test_it_refuses_to_count_points_in_an_unknown_hand() -> None:
    deal = Deal.from_pbn("N:- A2.K9876.72.9742 - -")
    with pytest.raises(GameError, match="North's hand is unknown"):
        deal.hcp("N")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        (
            # errors_10.pbn game 12: the king of spades is in two hands.
            "W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            ["Card SK", "West", "North"],
        ),
        (
            "N:KQT6.AJT.T984.65 K2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ["Card SK", "North", "East"],
        ),
        (
            "N:KKT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ["Card SK", "twice", "North"],
        ),
        (
            # errors_10.pbn game 14: West has 12 cards.
            "W:QT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            ["West's hand has 12 cards", "13"],
        ),
        (
            # errors_10.pbn game 13: West has 14 cards.
            "W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            ["West's hand has 14 cards"],
        ),
        (
            "N:... A2.K9876.72.9742 - -",
            ["North's hand has 0 cards"],
        ),
        (
            # errors_10.pbn game 11: "v" is no rank.
            "W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            ['Unknown rank "v"', "West", "spades", '"vKQT2"'],
        ),
        (
            "N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QX8",
            ['Unknown rank "X"', "West", "clubs"],
        ),
        (
            "N:KQ16.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ['Unknown rank "1"', "North"],
        ),
        (
            "N:KQCT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ['Unknown rank "C"'],
        ),
        (
            "X:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ['Unknown seat "X"', "N, E, S or W"],
        ),
        (
            "KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ["first seat and a colon"],
        ),
        (
            "N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3",
            ["has 3 hands", "a deal has 4"],
        ),
        (
            "N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8 -",
            ["has 5 hands"],
        ),
        (
            "N:KQT6.AJT.T98465 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ['North\'s hand "KQT6.AJT.T98465" has 3 suits'],
        ),
        (
            "N:KQT6.AJT.T984.6.5 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8",
            ["has 5 suits"],
        ),
        ("W:- - - -", ["no known hand"]),
        ("#", ['"#"', "previous game"]),
        ("", ["Unreadable deal"]),
        ('[Deal "N:- - -', ["Unreadable deal tag"]),
    ],
)
def test_it_rejects_a_bad_deal_saying_what_is_wrong(
    text: str, fragments: list[str]
) -> None:
    with pytest.raises(GameError) as caught:
        Deal.from_pbn(text)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_it_rejects_a_hand_given_twice_in_a_mapping() -> None:
    hand = Deal.from_pbn(EXAMPLE).hand(Seat.N)
    with pytest.raises(GameError, match="North's hand is given twice"):
        Deal({Seat.N: hand, "n": hand})


def test_it_rejects_the_bridgeote_knight_in_a_bridge_deal() -> None:
    hand = sorted(Deal.from_pbn(EXAMPLE).hand(Seat.N))
    hand[0] = Card.parse("SC")
    with pytest.raises(GameError, match="SC, which is not in a 52-card bridge pack"):
        Deal({Seat.N: hand})


def test_it_rejects_a_deal_that_is_not_text() -> None:
    with pytest.raises(GameError, match="must be text"):
        Deal.from_pbn(None)  # type: ignore[arg-type]


def test_it_deals_a_random_deal_reproducibly() -> None:
    deal = Deal.random(random.Random(2024))
    assert deal == Deal.random(random.Random(2024))
    assert sorted(card for hand in deal.hands.values() for card in hand) == deck_52()
    assert all(len(hand) == 13 for hand in deal.hands.values())


@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)))
def test_it_round_trips_random_deals_from_every_first_seat(
    rng: random.Random, first: Seat
) -> None:
    deal = Deal.random(rng)
    text = deal.to_pbn(first)
    assert text.startswith(f"{first}:")
    assert Deal.from_pbn(text) == deal
    assert Deal.from_pbn(text).to_pbn(first) == text


@given(st.randoms(use_true_random=False))
def test_it_finds_forty_high_card_points_in_every_deal(rng: random.Random) -> None:
    deal = Deal.random(rng)
    assert sum(deal.hcp(seat) for seat in Seat) == 40


def pbn_deals(name: str) -> list[str]:
    path = PBN_DIR / name
    # Club exports are often Latin-1; the [Deal] values themselves are ASCII.
    return DEAL_LINE.findall(path.read_text(encoding="latin-1"))


def test_it_reads_a_real_club_deal() -> None:
    """Board 1 of a Bridgewebs export (rchillyard/Bridge test resources)."""
    deals = pbn_deals("newtonbridge_20160120_1.pbn")
    text = deals[0]
    assert text == (
        "N:A97653.94.AT5.A8 K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962"
    )
    deal = Deal.from_pbn(text)
    assert deal.to_pbn() == text
    assert Card.parse("SA") in deal.hand(Seat.N)
    assert sum(deal.hcp(seat) for seat in Seat) == 40


@pytest.mark.parametrize(
    "name",
    [
        "newtonbridge_20160120_1.pbn",
        "westwood_20190625_1.pbn",
        "WinchesterJuly2026.pbn",
        "bbo_2015WBTC_bermuda_bowl_41284.pbn",
        "correct_21.pbn",
    ],
)
def test_it_round_trips_every_deal_of_a_real_file(name: str) -> None:
    """Club exports (rchillyard/Bridge), a BBO match (lucbellicaud/bridgetrainer)
    and the PBN verifier's reference file (timheilman/bridge-pbn)."""
    deals = pbn_deals(name)
    assert deals
    for text in deals:
        first = Seat.parse(text[0])
        assert Deal.from_pbn(text).to_pbn(first) == text
