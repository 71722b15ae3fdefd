"""Chinese bridge: the deal, the trump, trick play, the draw, points and the game.

Each rule-book case quotes the French line it checks (shared/seeds/001); the
choices Donne makes where the book is silent are listed in the module
docstring of ``games.chinese_bridge`` and tested under "choices".
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, Rank, Suit, deck_52
from games.chinese_bridge import (
    CARDS_PER_HAND,
    PILES,
    TRICKS_PER_HAND,
    ChineseDeal,
    ChineseGame,
    ChineseHand,
    Trick,
    deal,
    hand_points,
    legal_cards,
    parse_card,
    trick_winner,
    trump_from_shown,
)
from games.errors import GameError

# A hand dealt by player 0: all his cards are clubs; player 1 has no club, eight
# diamonds and three small spades. Aces of spades, diamonds and clubs are shown.
HAND_0 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
HAND_1 = "2D 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S"
SCENARIO_PILES = (
    "AS 5S 6S 7S 8S",
    "KH 2H 3H 4H 5H",
    "AD TD JD QD KD",
    "AC KC 6H 7H 8H",
    "9S 9H TH JH QH",
    "TS JS QS KS AH",
)


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


def scenario(dealer: int = 0) -> ChineseHand:
    piles = tuple(tuple(cards(pile)) for pile in SCENARIO_PILES)
    return ChineseHand(ChineseDeal((cards(HAND_0), cards(HAND_1)), piles, dealer))


def no_trump_deal() -> ChineseDeal:
    """The scenario's cards, with the six lowest pile cards on top of the piles."""
    low_first = sorted(
        (card for pile in SCENARIO_PILES for card in cards(pile)),
        key=lambda card: (card.rank, card.suit),
    )
    piles = tuple(tuple(low_first[number::PILES]) for number in range(PILES))
    return ChineseDeal((cards(HAND_0), cards(HAND_1)), piles)


def play_out(hand: ChineseHand, rng: Random) -> list[int]:
    """Play a hand to the end with random legal plays and draws; who drew, in order.

    Checks the book's invariants on the way: equal hands, 11 cards each while
    the piles last, an even number of pile cards, a face-up card for each draw.
    """
    drawers: list[int] = []
    while not hand.finished:
        if hand.to_draw is not None:
            assert hand.shown  # « il y en a au moins une »
            drawers.append(hand.to_draw)
            hand.draw(rng.choice(hand.shown))
            continue
        sizes = [len(cards_held) for cards_held in hand.hands]
        in_piles = sum(len(pile) for pile in hand.piles)
        if hand.lead is None:
            assert sizes[0] == sizes[1]
            assert in_piles % 2 == 0  # « c'est un invariant de l'itération »
            if in_piles:
                # « les 2 joueurs ont ainsi toujours 11 cartes en main »
                assert sizes == [CARDS_PER_HAND, CARDS_PER_HAND]
        hand.play(rng.choice(sorted(hand.playable)))
    return drawers


# ---------------------------------------------------------------- the deal


@settings(max_examples=50)
@given(st.integers(0, 2**32), st.sampled_from([0, 1]))
def test_a_deal_gives_each_card_exactly_once(seed: int, dealer: int) -> None:
    # « Le donneur distribue 11 cartes à chacun des 2 joueurs, puis distribue
    # les cartes restantes en 6 piles de 5 cartes, face cachée. »
    dealt = deal(Random(seed), dealer)
    assert [len(hand) for hand in dealt.hands] == [11, 11]
    assert [len(pile) for pile in dealt.piles] == [5] * 6
    everything = [card for hand in dealt.hands for card in hand]
    everything += [card for pile in dealt.piles for card in pile]
    assert sorted(everything) == deck_52()
    assert dealt.dealer == dealer
    assert deal(Random(seed), dealer) == dealt


def test_the_top_card_of_each_pile_is_shown() -> None:
    # « Puis il découvre les 6 cartes qui sont au sommet de chacune des 6 piles. »
    dealt = deal(Random(7))
    assert dealt.shown == tuple(pile[0] for pile in dealt.piles)
    assert len(dealt.shown) == 6


def test_the_deal_starts_with_the_dealers_opponent_and_tops_are_dealt_last() -> None:
    pack = deck_52()
    Random(11).shuffle(pack)
    dealt = deal(Random(11), dealer=0)
    assert dealt.hands[1] == frozenset(pack[0:22:2])
    assert dealt.hands[0] == frozenset(pack[1:22:2])
    assert dealt.piles[0] == tuple(reversed(pack[22:27]))
    swapped = deal(Random(11), dealer=1)
    assert swapped.hands == (dealt.hands[1], dealt.hands[0])
    assert swapped.piles == dealt.piles


def test_a_deal_built_from_text() -> None:
    hand = scenario()
    assert hand.deal.hands[0] == frozenset(cards(HAND_0))
    assert hand.deal.shown == tuple(cards("AS KH AD AC 9S TS"))


# ---------------------------------------------------------------- trump


@pytest.mark.parametrize(
    ("shown", "trump"),
    [
        # « Si toutes les cartes visibles ont une valeur inférieure à 10, la
        # manche est jouée sans atout. »
        pytest.param(["9S", "8H", "7D", "6C", "5S", "2H"], None, id="all-below-10"),
        pytest.param(["9C", "9D", "9H", "9S", "8C", "8D"], None, id="nines"),
        # « Sinon, l'atout est fixé par la carte découverte la plus forte. »
        pytest.param(["TD", "9S", "9H", "2C", "3C", "4C"], "D", id="a-ten-counts"),
        pytest.param(["AS", "TD", "9C"], "S", id="brief-example"),
        pytest.param(["2S", "3H", "QC", "JH", "TS", "KD"], "D", id="highest-last"),
        pytest.param(["KD", "2S", "3H", "QC", "JH", "TS"], "D", id="highest-first"),
        pytest.param(["2S", "3H", "AC", "JH", "TS", "KD"], "C", id="ace-of-clubs"),
        # « L'ordre des cartes et des couleurs est le même qu'au bridge (...
        # et pique, coeur, carreau, trèfle) »: equal ranks go by suit.
        pytest.param(["KH", "KS", "2C"], "S", id="tie-spades-over-hearts"),
        pytest.param(["AC", "AD", "5S"], "D", id="tie-diamonds-over-clubs"),
        pytest.param(["QC", "QH", "QD", "JS"], "H", id="tie-hearts-over-diamonds"),
        pytest.param(["TC", "TD", "9S", "9H"], "D", id="tie-of-tens"),
        pytest.param(["TC"], "C", id="single-ten"),
    ],
)
def test_trump_from_shown(shown: list[str], trump: str | None) -> None:
    assert trump_from_shown(shown) == trump


def test_trump_from_shown_reads_every_card_form() -> None:
    assert trump_from_shown(["10H", "9S"]) == "H"
    assert trump_from_shown(["SK", "HK"]) == "S"
    assert trump_from_shown([Card(Suit.HEARTS, Rank.JACK), "9S"]) == "H"
    assert trump_from_shown(["♦Q", "J♠"]) == "D"


def test_the_deal_knows_its_trump() -> None:
    # Aces of spades, diamonds and clubs are shown: spades rank first.
    assert scenario().deal.trump is Suit.SPADES
    assert scenario().trump is Suit.SPADES
    assert no_trump_deal().trump is None


def test_the_trump_is_set_once_at_the_deal() -> None:
    # Drawing the ace of spades uncovers lower cards; the trump stays spades.
    hand = scenario()
    hand.play("2C")
    hand.play("2D")
    hand.draw("AS")
    assert trump_from_shown(list(hand.shown)) == "D"
    assert hand.trump is Suit.SPADES


# ---------------------------------------------------------------- legal play


def test_the_leader_plays_any_card() -> None:
    # « Le joueur qui a la main choisit une des cartes de sa main »
    hand = cards("AS 2S KH 3D 7C")
    assert legal_cards(hand) == frozenset(hand)
    assert legal_cards(hand, None, "H") == frozenset(hand)


@pytest.mark.parametrize(
    "led", ["KS", "SK", Card(Suit.SPADES, Rank.KING), "S", Suit.SPADES]
)
def test_the_other_player_must_follow_suit(led: Card | Suit | str) -> None:
    # « L'autre joueur, s'il le peut, doit fournir : jouer une carte de la même
    # couleur. »
    assert legal_cards(cards("AS 2S KH 3D"), led, "H") == frozenset(cards("AS 2S"))


def test_a_void_player_may_ruff_or_discard() -> None:
    # « S'il ne peut pas fournir, il a le choix entre couper ou se défausser.
    # Donc, on n'est pas obligé de couper. »
    hand = cards("AH 2H KD 3C")
    assert legal_cards(hand, "KS", "H") == frozenset(hand)


def test_without_trump_a_void_player_discards_anything() -> None:
    # « Si la manche se joue sans atout, le second joueur ne peut bien sûr que se
    # défausser s'il ne peut fournir »
    hand = cards("AH 2H KD")
    assert legal_cards(hand, "KS", None) == frozenset(hand)
    assert trick_winner("2S", "AH", None) == 0


# ---------------------------------------------------------------- trick winner


@pytest.mark.parametrize(
    ("lead", "reply", "trump", "winner"),
    [
        # « qui a posé la carte la plus forte, si les deux cartes sont de même
        # couleur »
        pytest.param("KS", "AS", "H", 1, id="same-suit-follower-higher"),
        pytest.param("AS", "KS", None, 0, id="same-suit-leader-higher"),
        pytest.param("9D", "TD", "D", 1, id="two-trumps"),
        pytest.param("2C", "3C", None, 1, id="no-trump-same-suit"),
        # « qui a coupé (joué un atout) si l'une des deux cartes est un atout »
        pytest.param("AS", "2H", "H", 1, id="follower-ruffs"),
        pytest.param("2H", "AS", "H", 0, id="trump-led-wins"),
        # « qui a posé la première carte, si les deux cartes sont de couleur
        # différente et qu'aucune n'est un atout (on dit que le second joueur
        # s'est défaussé) »
        pytest.param("2S", "AH", "D", 0, id="discard"),
        pytest.param("2S", "AH", None, 0, id="discard-no-trump"),
        pytest.param("2S", "AH", Suit.DIAMONDS, 0, id="trump-as-suit"),
    ],
)
def test_trick_winner(lead: str, reply: str, trump: str | None, winner: int) -> None:
    assert trick_winner(lead, reply, trump) == winner


# ---------------------------------------------------------------- a hand


def test_the_dealer_leads_first() -> None:
    # « Le donneur a initialement la main. »
    assert scenario(dealer=0).to_play == 0
    assert scenario(dealer=1).to_play == 1
    assert scenario(dealer=1).turn == 1


def test_a_hand_step_by_step_with_the_draw() -> None:
    hand = scenario()
    assert hand.playable == frozenset(cards(HAND_0))
    assert hand.play("2C") is None
    assert hand.lead == parse_card("2C")
    assert hand.to_play == 1
    # Player 1 holds no club: he may ruff or discard.
    assert hand.playable == frozenset(cards(HAND_1))
    trick = hand.play("2D")
    assert trick == Trick(
        leader=0, lead=parse_card("2C"), reply=parse_card("2D"), winner=0
    )
    assert hand.tricks == (1, 0)
    # « Le joueur qui a gagné le pli le ramasse. Puis il choisit l'une des cartes
    # découvertes ... et la place dans sa main. »
    assert (hand.to_draw, hand.to_play, hand.turn) == (0, None, 0)
    hand.draw("AS")
    assert parse_card("AS") in hand.hands[0]
    assert len(hand.hands[0]) == 11
    # « Il découvre ensuite la carte cachée qu'il a ainsi fait apparaître en
    # sommet de pile »
    assert hand.piles[0] == tuple(cards("5S 6S 7S 8S"))
    assert hand.shown[0] == parse_card("5S")
    # « L'autre joueur choisit à son tour une carte découverte »
    assert hand.to_draw == 1
    hand.draw("KH")
    assert hand.shown == tuple(cards("5S 2H AD AC 9S TS"))
    # « Le joueur qui gagne le pli prend (ou garde) la main. »
    assert (hand.to_draw, hand.to_play, hand.leader) == (None, 0, 0)
    hand.play("3C")
    # Player 1 ruffs with the two of spades and wins.
    assert hand.play("2S") == Trick(0, parse_card("3C"), parse_card("2S"), 1)
    assert hand.tricks == (1, 1)
    # The winner draws first, then the loser; then the winner leads.
    assert hand.to_draw == 1
    hand.draw("5S")
    assert hand.to_draw == 0
    hand.draw("2H")
    assert (hand.to_play, hand.leader) == (1, 1)
    hand.play("3S")
    # Player 0 drew the ace of spades: he must follow with it.
    assert hand.playable == frozenset(cards("AS"))
    with pytest.raises(GameError, match="must follow spades, the suit led, with SA"):
        hand.play("4C")
    assert hand.play("AS").winner == 0
    assert hand.tricks == (2, 1)
    assert [trick.winner for trick in hand.history] == [0, 1, 0]


def test_only_a_face_up_card_may_be_drawn() -> None:
    hand = scenario()
    hand.play("2C")
    hand.play("2D")
    with pytest.raises(GameError, match=r"cannot draw S6: expected one of the face-up"):
        hand.draw("6S")  # under the ace of spades, face down
    with pytest.raises(GameError, match="cannot draw C3"):
        hand.draw("3C")  # in player 0's hand
    with pytest.raises(GameError, match="player 0 must first draw"):
        hand.play("3C")
    hand.draw("AS")
    with pytest.raises(GameError, match="cannot draw SA"):
        hand.draw("AS")  # already taken


def test_without_trump_a_discard_loses() -> None:
    hand = ChineseHand(no_trump_deal())
    assert hand.trump is None
    hand.play("2C")
    assert hand.play("4S").winner == 0  # no spade can ruff


def test_play_refuses_a_card_not_in_the_hand_or_out_of_turn() -> None:
    hand = scenario()
    with pytest.raises(GameError, match="player 0 cannot play D2: not in the hand"):
        hand.play("2D")
    with pytest.raises(GameError, match="no draw is due"):
        hand.draw("AS")
    with pytest.raises(GameError, match="expected a rank"):
        hand.play("ZZ")
    with pytest.raises(GameError, match="points are counted at the end"):
        _ = hand.points


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([0, 1]))
def test_a_random_hand_is_played_to_the_end(seed: int, dealer: int) -> None:
    rng = Random(seed)
    hand = ChineseHand(deal(rng, dealer))
    drawers = play_out(hand, rng)
    # « La manche se termine lorsque les 2 joueurs n'ont plus de carte en main. »
    assert hand.finished
    assert hand.hands == (frozenset(), frozenset())
    assert all(not pile for pile in hand.piles)
    # 22 cards in the hands + 30 in the piles = 52 cards, 26 tricks: 15 with a
    # draw (two cards each), then 11 with none.
    assert len(hand.history) == TRICKS_PER_HAND == 26
    assert len(drawers) == 30
    played = [card for trick in hand.history for card in (trick.lead, trick.reply)]
    assert sorted(played) == deck_52()
    assert sum(hand.tricks) == 26
    assert hand.points == hand.tricks
    # The winner draws first, then the loser, after each of the first 15 tricks.
    winners = [trick.winner for trick in hand.history]
    assert drawers == [who for won in winners[:15] for who in (won, 1 - won)]
    # « Le donneur a initialement la main. » then the winner leads.
    assert hand.history[0].leader == dealer
    for before, after in zip(hand.history, hand.history[1:], strict=False):
        assert after.leader == before.winner
    for trick in hand.history:
        won = trick_winner(trick.lead, trick.reply, hand.trump)
        assert trick.winner == (trick.leader if won == 0 else 1 - trick.leader)
    with pytest.raises(GameError, match="the hand is over after 26 tricks"):
        hand.play(played[0])
    with pytest.raises(GameError, match="no draw is due"):
        hand.draw(played[0])
    assert hand.to_play is None and hand.turn is None
    assert hand.playable == frozenset()


def test_when_the_piles_are_gone_nobody_draws() -> None:
    # « Lorsque les piles sont épuisées, la manche continue selon les mêmes
    # règles, en supprimant la phase de choix/découverte »
    rng = Random(5)
    hand = ChineseHand(deal(rng))
    while len(hand.history) < 15 or hand.to_draw is not None:
        if hand.to_draw is not None:
            hand.draw(hand.shown[0])
        else:
            hand.play(sorted(hand.playable)[0])
    assert hand.piles == ((),) * 6
    assert [len(cards_held) for cards_held in hand.hands] == [11, 11]
    hand.play(sorted(hand.playable)[0])
    hand.play(sorted(hand.playable)[0])
    assert hand.to_draw is None
    assert hand.to_play == hand.history[-1].winner
    assert [len(cards_held) for cards_held in hand.hands] == [10, 10]


# ---------------------------------------------------------------- points


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        ((13, 13), (13, 13)),
        ((20, 6), (20, 6)),
        ((26, 0), (26, 0)),
        # « on compte les plis de chacun (ou d'un seul des deux, les plus fûtés
        # voient pourquoi) »: 26 tricks in all.
        ((20,), (20, 6)),
        ((0,), (0, 26)),
    ],
)
def test_hand_points_are_the_tricks(
    tricks: tuple[int, ...], points: tuple[int, int]
) -> None:
    # « chacun se voit attribuer par l'arbitre le nombre de points correspondant »
    assert hand_points(*tricks) == points


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ((13, 12), "25 in all, expected 26"),
        ((20, 20), "40 in all, expected 26"),
        ((-1, 27), "tricks_a -1: expected a whole number 0 to 26"),
        ((27,), "tricks_a 27"),
        ((True, 25), "tricks_a True"),
        (("13", "13"), "tricks_a '13'"),
        ((13, 13.0), "tricks_b 13.0"),
    ],
)
def test_hand_points_refuse_bad_tricks(
    tricks: tuple[object, ...], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        hand_points(*tricks)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the game


def test_a_game_of_12_hands_each_player_dealing_in_turn() -> None:
    # « La partie se joue en un nombre de points ou en un nombre de manches ...
    # (par exemple 100 points, ou 12 manches) » and « chaque joueur donne tour à
    # tour ».
    game = ChineseGame(hands=12)
    dealers = []
    for number in range(12):
        assert not game.finished and game.winner is None
        dealers.append(game.dealer)
        game.record(14 if number % 2 else 12, None)
    assert dealers == ["A", "B"] * 6
    assert [row.dealer for row in game.rows] == dealers
    assert game.totals() == {"A": 6 * 12 + 6 * 14, "B": 6 * 14 + 6 * 12}
    assert game.finished
    assert game.winner is None  # a draw
    with pytest.raises(GameError, match="game over after 12 hands"):
        game.record(13, 13)


def test_a_game_of_hands_goes_to_the_higher_total() -> None:
    game = ChineseGame(hands=2, players=("Li", "Wang"), first_dealer="Wang")
    assert game.dealer == "Wang"
    game.record(10, 16)
    assert game.dealer == "Li"
    game.record(15)
    assert game.totals() == {"Li": 25, "Wang": 27}
    assert game.finished and game.winner == "Wang"


@pytest.mark.parametrize("hands", [1, 3, 11, 0, -2, True, 2.0, "12"])
def test_a_game_of_hands_needs_an_even_number(hands: object) -> None:
    # « Dans le cas où le nombre de manches est fixé, il faut choisir un nombre
    # pair, car le donneur a un certain avantage. »
    with pytest.raises(GameError, match="expected an even number above 0"):
        ChineseGame(hands=hands)  # type: ignore[arg-type]


def test_a_game_to_100_points() -> None:
    game = ChineseGame(points=100)
    for _ in range(4):
        game.record(20, 6)
        assert not game.finished and game.winner is None
    game.record(20, 6)
    assert game.totals() == {"A": 100, "B": 30}
    assert game.finished and game.winner == "A"


def test_a_game_to_points_goes_to_the_higher_total_when_both_pass() -> None:
    game = ChineseGame(points=30)
    game.record(15, 11)
    game.record(14, 12)
    game.record(5, 21)
    assert game.totals() == {"A": 34, "B": 44}
    assert game.winner == "B"


def test_a_tie_at_the_points_target_plays_on() -> None:
    game = ChineseGame(points=26)
    game.record(13, 13)
    game.record(13, 13)
    assert game.totals() == {"A": 26, "B": 26}
    assert not game.finished and game.winner is None
    game.record(12, 14)
    assert game.finished and game.winner == "B"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "expected either a number of points or a number of hands"),
        ({"points": 100, "hands": 12}, "expected either a number of points"),
        ({"points": 0}, "expected a whole number of points above 0"),
        ({"points": True}, "expected a whole number of points above 0"),
        ({"hands": 12, "players": ("A", "A")}, "expected two distinct names"),
        ({"hands": 12, "players": ("A", "B", "C")}, "expected two distinct names"),
        ({"hands": 12, "players": "AB"}, "expected two distinct names"),
        ({"hands": 12, "first_dealer": "C"}, "first dealer 'C': expected one of A, B"),
    ],
)
def test_a_game_refuses_bad_settings(options: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        ChineseGame(**options)  # type: ignore[arg-type]


def test_a_game_of_played_hands() -> None:
    rng = Random(2024)
    game = ChineseGame(hands=4)
    while not game.finished:
        hand = game.new_hand(rng)
        assert hand.dealer == ("A", "B").index(game.dealer)
        play_out(hand, rng)
        row = game.record_hand(hand)
        assert tuple(row.points.values()) == hand.tricks
    assert [row.dealer for row in game.rows] == ["A", "B", "A", "B"]
    assert sum(game.totals().values()) == 4 * 26
    totals = game.totals()
    expected = None if totals["A"] == totals["B"] else max(totals, key=totals.get)
    assert game.winner == expected


def test_record_hand_checks_the_dealer_and_the_end() -> None:
    rng = Random(3)
    game = ChineseGame(hands=2)
    wrong = ChineseHand(deal(rng, dealer=1))
    play_out(wrong, rng)
    with pytest.raises(GameError, match="dealt by player 1: expected player 0 \\(A\\)"):
        game.record_hand(wrong)
    unfinished = game.new_hand(rng)
    with pytest.raises(GameError, match="points are counted at the end"):
        game.record_hand(unfinished)
    with pytest.raises(GameError, match="expected a finished ChineseHand"):
        game.record_hand((13, 13))  # type: ignore[arg-type]
    assert game.rows == ()


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("as", Card(Suit.SPADES, Rank.ACE)),
        ("TD", Card(Suit.DIAMONDS, Rank.TEN)),
        (" 10h ", Card(Suit.HEARTS, Rank.TEN)),
        ("9C", Card(Suit.CLUBS, Rank.NINE)),
        ("SA", Card(Suit.SPADES, Rank.ACE)),
        ("C9", Card(Suit.CLUBS, Rank.NINE)),
        ("H10", Card(Suit.HEARTS, Rank.TEN)),
        ("♠A", Card(Suit.SPADES, Rank.ACE)),
        ("A♠", Card(Suit.SPADES, Rank.ACE)),
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_card(card) == card


@pytest.mark.parametrize(
    "text", ["", "A", "1S", "ZZ", "AX", "CS", "SC", "11H", "ASS", 42]
)
def test_parse_card_refuses_bad_text(text: object) -> None:
    with pytest.raises(GameError, match=r"expected a rank .* and a suit"):
        parse_card(text)  # type: ignore[arg-type]


def test_parse_card_refuses_the_bridgeote_knight() -> None:
    with pytest.raises(GameError, match="not a card of the 52-card pack"):
        parse_card(Card(Suit.SPADES, Rank.KNIGHT))


@pytest.mark.parametrize(
    ("shown", "message"),
    [
        (["AS", "AS"], "SA is given twice"),
        (["AS", "SA"], "SA is given twice"),
        (["AS", "XX"], "card 'XX': expected a rank"),
        (["AS", "1S"], "card '1S'"),
        ([], "expected the 1 to 6 face-up cards"),
        (["2C", "3C", "4C", "5C", "6C", "7C", "8C"], "expected the 1 to 6"),
        ("AS", "expected a list of cards"),
        (None, "expected a list of cards"),
    ],
)
def test_trump_from_shown_refuses_bad_cards(shown: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        trump_from_shown(shown)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "led", "trump", "message"),
    [
        ("AS 2S AS", None, None, "SA is given twice"),
        ("", None, None, "0 cards, expected 1 to 11"),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", None, None, "12 cards"),
        ("AS 2S", "AS", None, "the card led SA is also in the hand"),
        ("AS 2S", "ZZ", None, "card 'ZZ'"),
        ("AS 2S", "KS", "X", "trump 'X': expected S, H, D or C"),
        ("AS 2S", "KS", "NT", "trump 'NT'"),
    ],
)
def test_legal_cards_refuses_bad_input(
    hand: str, led: str | None, trump: str | None, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        legal_cards(hand.split(), led, trump)


def test_legal_cards_refuses_a_hand_given_as_text() -> None:
    with pytest.raises(GameError, match="expected a list of cards"):
        legal_cards("AS 2S")


def test_trick_winner_refuses_bad_input() -> None:
    with pytest.raises(GameError, match="the same card twice"):
        trick_winner("AS", "SA", None)
    with pytest.raises(GameError, match="trump 'Z'"):
        trick_winner("AS", "KS", "Z")
    with pytest.raises(GameError, match="card '1S'"):
        trick_winner("1S", "KS", None)


@pytest.mark.parametrize("dealer", [2, -1, True, "0", None])
def test_deal_refuses_a_bad_dealer(dealer: object) -> None:
    with pytest.raises(GameError, match=r"dealer .*: expected player 0 or 1"):
        deal(Random(1), dealer)  # type: ignore[arg-type]


def test_a_deal_refuses_wrong_hands_and_piles() -> None:
    hands = (cards(HAND_0), cards(HAND_1))
    piles = tuple(cards(pile) for pile in SCENARIO_PILES)
    with pytest.raises(GameError, match=r"player 0's hand .*: 10 cards, expected 11"):
        ChineseDeal((hands[0][:-1], hands[1]), piles)
    with pytest.raises(GameError, match=r"hands .*: 1 given, expected 2"):
        ChineseDeal((hands[0],), piles)
    with pytest.raises(GameError, match=r"piles .*: 5 given, expected 6"):
        ChineseDeal(hands, piles[:5])
    with pytest.raises(GameError, match=r"pile 2 .*: 4 cards, expected 5"):
        ChineseDeal(hands, (*piles[:2], piles[2][:4], *piles[3:]))
    swapped = (hands[0], [*hands[1][:-1], parse_card("AS")])
    with pytest.raises(GameError, match="SA dealt twice; expected each of the 52"):
        ChineseDeal(swapped, piles)
    with pytest.raises(GameError, match="dealer 2"):
        ChineseDeal(hands, piles, 2)
    with pytest.raises(GameError, match="expected a ChineseDeal"):
        ChineseHand(hands)  # type: ignore[arg-type]
