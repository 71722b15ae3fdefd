"""Barbu: contracts and their totals, deal scores, doubles, the sheet, play rules.

Expected figures come from the French rule book (shared/seeds/004), quoted in
a comment next to each case, or from the choices the module docstring of
``games.barbu`` writes down where the book is silent.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.barbu import (
    ACE_OF_HEARTS,
    COMPULSORY_DOUBLES,
    CONTRACT_TOTALS,
    KING_OF_HEARTS,
    MANCHES_PER_GAME,
    PLAYERS,
    RECORD_KEYS,
    REUSSITE_POINTS,
    Contract,
    GameSheet,
    Manche,
    Reussite,
    check_deal_total,
    check_doubles,
    check_play,
    deal,
    deal_score,
    legal_cards,
    reussite_cards,
    settle_doubles,
    trick_winner,
)
from games.cards import BRIDGE_RANKS, Card, Rank, Suit, deck_52
from games.errors import GameError

TRICK_CONTRACTS = [contract for contract in Contract if contract != Contract.REUSSITE]
# « L'ordre conseillé pour les choix est le suivant ... : le barbu, les Deux
# der, les Cœurs, les Dames, les Levées, l'Atout et la Réussite. »
ADVISED_ORDER = [
    Contract.BARBU,
    Contract.LAST_TWO,
    Contract.HEARTS,
    Contract.QUEENS,
    Contract.TRICKS,
    Contract.TRUMP,
    Contract.REUSSITE,
]
# The worked example: « aux levées (contrat choisi par A, le Déclarant ...),
# B passe, C contre le Déclarant et D contre A, B et C. A réalise 5 levées,
# B 4 levées, C 3 levées et D 1 levée. »
EXAMPLE_TRICKS = {"A": 5, "B": 4, "C": 3, "D": 1}
EXAMPLE_DOUBLES = [("C", "A", 1), ("D", "A", 1), ("D", "B", 1), ("D", "C", 1)]


def cards(text: str) -> list[Card]:
    return [Card.parse(card) for card in text.split()]


# ---------------------------------------------------------------- helpers


def play_tricks(
    hands: dict[str, frozenset[Card]],
    contract: Contract,
    declarer: str,
    rng: Random,
    trump: Suit | None = None,
) -> list[tuple[str, tuple[Card, ...]]]:
    """Play a deal with random legal cards: the 13 tricks and who took each."""
    players = list(hands)
    held = {name: set(hand) for name, hand in hands.items()}
    leader, tricks = declarer, []
    for _ in range(13):
        start = players.index(leader)
        trick: list[Card] = []
        order = players[start:] + players[:start]
        for name in order:
            card = rng.choice(sorted(legal_cards(held[name], trick, contract, trump)))
            check_play(card, held[name], trick, contract, trump)
            held[name].remove(card)
            trick.append(card)
        leader = order[trick_winner(trick, trump)]
        tricks.append((leader, tuple(trick)))
    return tricks


def record_of(
    contract: Contract, tricks: list[tuple[str, tuple[Card, ...]]]
) -> dict[str, object]:
    """What the scorer notes after the tricks of a deal."""
    taken = [(winner, card) for winner, trick in tricks for card in trick]
    if contract == Contract.BARBU:
        return {"king": next(w for w, card in taken if card == KING_OF_HEARTS)}
    if contract == Contract.HEARTS:
        hearts = Counter(w for w, card in taken if card.suit == Suit.HEARTS)
        ace = next(w for w, card in taken if card == ACE_OF_HEARTS)
        return {"hearts": dict(hearts), "ace": ace}
    if contract == Contract.QUEENS:
        return {"queens": dict(Counter(w for w, c in taken if c.rank == Rank.QUEEN))}
    if contract == Contract.LAST_TWO:
        return {"penultimate": tricks[11][0], "last": tricks[12][0]}
    return {"tricks": dict(Counter(winner for winner, _ in tricks))}


def play_reussite(game: Reussite, rng: Random) -> None:
    """Play a réussite to its end: a random playable card, or pass when none."""
    while not game.finished:
        player = game.to_play
        assert player is not None
        playable = game.playable()
        if playable:
            game.play(player, rng.choice(sorted(playable)))
        else:
            game.pass_turn(player)


# ---------------------------------------------------------------- contracts


def test_there_are_seven_contracts_with_their_slugs() -> None:
    assert [contract.value for contract in Contract] == [
        "barbu",
        "hearts",
        "queens",
        "tricks",
        "last-two",
        "trump",
        "reussite",
    ]
    assert [c for c in Contract if c.is_positive] == [Contract.TRUMP, Contract.REUSSITE]


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("barbu", Contract.BARBU),
        ("Last two", Contract.LAST_TWO),
        ("last-two", Contract.LAST_TWO),
        ("Deux der", Contract.LAST_TWO),
        ("Cœurs", Contract.HEARTS),
        ("Dames", Contract.QUEENS),
        ("Levées", Contract.TRICKS),
        ("Atout", Contract.TRUMP),
        ("Réussite", Contract.REUSSITE),
        (Contract.TRUMP, Contract.TRUMP),
    ],
)
def test_it_reads_contracts_in_english_and_french(text: str, contract: Contract):
    assert Contract.parse(text) is contract


def test_it_refuses_an_unknown_contract() -> None:
    with pytest.raises(GameError, match=r"Barbu contract 'salade': expected one of"):
        Contract.parse("salade")


def test_the_theoretical_totals() -> None:
    # « par exemple -20 pour le barbu, (-6) x 4 = -24 pour les Dames » and
    # « pour les levées -2 points de pénalité x 13 levées = -26 points ».
    assert CONTRACT_TOTALS == {
        Contract.BARBU: -20,
        Contract.HEARTS: -30,
        Contract.QUEENS: -24,
        Contract.TRICKS: -26,
        Contract.LAST_TWO: -30,
        Contract.TRUMP: 65,
        Contract.REUSSITE: 65,
    }


def test_positive_and_negative_contracts_cancel_out() -> None:
    # « On note également que les coups positifs et les coups négatifs
    # s'annulent sur l'ensemble des sept choix. »
    assert sum(CONTRACT_TOTALS.values()) == 0
    negative = [CONTRACT_TOTALS[c] for c in Contract if not c.is_positive]
    assert sum(negative) == -130


# ---------------------------------------------------------------- deal scores


@pytest.mark.parametrize(
    ("contract", "record", "points"),
    [
        # « Le barbu ... C'est le R♥. Il faut éviter de le ramasser ... sous
        # peine d'une pénalité de 20 points. »
        pytest.param(
            Contract.BARBU,
            {"king": "B"},
            {"A": 0, "B": -20, "C": 0, "D": 0},
            id="barbu",
        ),
        # « une pénalité de 2 points par Cœur et de 6 points pour l'As » (the
        # ace is 6 in all: A's 3 hearts with the ace are -2 -2 -6).
        pytest.param(
            Contract.HEARTS,
            {"hearts": {"A": 3, "B": 5, "C": 5}, "ace": "A"},
            {"A": -10, "B": -10, "C": -10, "D": 0},
            id="hearts",
        ),
        # « une pénalité de 6 points par Dame »
        pytest.param(
            Contract.QUEENS,
            {"queens": {"A": 1, "C": 3}},
            {"A": -6, "B": 0, "C": -18, "D": 0},
            id="queens",
        ),
        # The worked example's tricks, « A réalise 5 levées, B 4 levées, C 3
        # levées et D 1 levée », at « 2 points par levée ».
        pytest.param(
            Contract.TRICKS,
            {"tricks": EXAMPLE_TRICKS},
            {"A": -10, "B": -8, "C": -6, "D": -2},
            id="tricks",
        ),
        # « ni l'avant-dernière levée, pénalisée de 10 points, ni la dernière
        # levée, pénalisée de 20 points »
        pytest.param(
            Contract.LAST_TWO,
            {"penultimate": "C", "last": "D"},
            {"A": 0, "B": 0, "C": -10, "D": -20},
            id="last-two",
        ),
        pytest.param(
            Contract.LAST_TWO,
            {"penultimate": "D", "last": "D"},
            {"A": 0, "B": 0, "C": 0, "D": -30},
            id="last-two-both",
        ),
        # « Chaque levée réalisée rapporte 5 points. »
        pytest.param(
            Contract.TRUMP,
            {"tricks": {"A": 6, "B": 3, "C": 3, "D": 1}},
            {"A": 30, "B": 15, "C": 15, "D": 5},
            id="trump",
        ),
        # « Le joueur qui se débarrasse le premier de toutes ses cartes marque
        # 45 points, le deuxième 20 points, le troisième 10 points et le
        # dernier se voit infliger une pénalité de 10 points. »
        pytest.param(
            Contract.REUSSITE,
            {"order": ["C", "A", "D", "B"]},
            {"A": 20, "B": -10, "C": 45, "D": 10},
            id="reussite",
        ),
    ],
)
def test_it_scores_the_rule_book_marks(
    contract: Contract, record: dict[str, object], points: dict[str, int]
) -> None:
    assert deal_score(contract, record) == points
    check_deal_total(contract, points)


def test_the_ace_of_hearts_costs_six_in_all() -> None:
    # Book silent on whether the ace's 6 adds to its 2: club practice, -30 in
    # all, makes it 6 in all.
    alone = deal_score("hearts", {"hearts": {"A": 1, "B": 12}, "ace": "A"})
    assert alone == {"A": -6, "B": -24, "C": 0, "D": 0}


def test_it_takes_the_player_keys_the_caller_gives() -> None:
    seats = ("N", "E", "S", "W")
    points = deal_score("queens", {"queens": {"N": 2, "W": 2}}, seats)
    assert points == {"N": -12, "E": 0, "S": 0, "W": -12}


@pytest.mark.parametrize(
    ("contract", "record", "message"),
    [
        (
            "queens",
            {"queens": {"A": 1, "B": 2}},
            r"Queens record counts 3 queens; expected 4 queens",
        ),
        (
            "hearts",
            {"hearts": {"A": 12}, "ace": "A"},
            r"Hearts record counts 12 hearts; expected 13 hearts",
        ),
        (
            "tricks",
            {"tricks": {"A": 5, "B": 5, "C": 4}},
            r"Tricks record counts 14 tricks; expected 13 tricks",
        ),
        (
            "trump",
            {"tricks": {"A": 12}},
            r"Trump record counts 12 tricks; expected 13 tricks",
        ),
        (
            "hearts",
            {"hearts": {"A": 13}, "ace": "B"},
            r"B took the ace of hearts but is recorded with 0 hearts",
        ),
        ("barbu", {"king": "E"}, r"Barbu record \"king\": 'E' is not one of"),
        ("barbu", {}, r"Barbu record with keys none: expected exactly king"),
        (
            "last-two",
            {"penultimate": "A", "last": "B", "first": "C"},
            r"Last two record with keys penultimate, last, first: expected exactly",
        ),
        ("tricks", {"tricks": {"A": -1, "B": 14}}, r"A took -1; expected a whole"),
        ("tricks", {"tricks": {"X": 13}}, r"Tricks record \"tricks\": 'X' is not"),
        ("tricks", {"tricks": [13]}, r"expected a mapping player -> number"),
        (
            "reussite",
            {"order": ["A", "A", "B", "C"]},
            r"Réussite finishing order .*: expected the four players A, B, C, D",
        ),
        ("reussite", {"order": "ABCD"}, r"Réussite finishing order 'ABCD'"),
    ],
)
def test_it_refuses_a_record_that_does_not_add_up(
    contract: str, record: dict[str, object], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        deal_score(contract, record)


@pytest.mark.parametrize(
    "players", [("A", "B", "C"), ("A", "B", "C", "C"), "ABCD", ("A", "B", "C", "")]
)
def test_it_refuses_players_that_are_not_four_distinct_keys(players) -> None:
    with pytest.raises(GameError, match="expected four distinct player keys"):
        deal_score("barbu", {"king": "A"}, players)


players_st = st.sampled_from(PLAYERS)


def takers(count: int) -> st.SearchStrategy[dict[str, int]]:
    """Who took each of ``count`` cards or tricks, as counts per player."""
    lists = st.lists(players_st, min_size=count, max_size=count)
    return lists.map(lambda names: dict(Counter(names)))


@st.composite
def hearts_records(draw: st.DrawFn) -> dict[str, object]:
    names = draw(st.lists(players_st, min_size=13, max_size=13))
    return {"hearts": dict(Counter(names)), "ace": names[-1]}


RECORDS: dict[Contract, st.SearchStrategy[dict[str, object]]] = {
    Contract.BARBU: st.builds(lambda name: {"king": name}, players_st),
    Contract.HEARTS: hearts_records(),
    Contract.QUEENS: takers(4).map(lambda counts: {"queens": counts}),
    Contract.TRICKS: takers(13).map(lambda counts: {"tricks": counts}),
    Contract.LAST_TWO: st.builds(
        lambda one, two: {"penultimate": one, "last": two}, players_st, players_st
    ),
    Contract.TRUMP: takers(13).map(lambda counts: {"tricks": counts}),
    Contract.REUSSITE: st.permutations(PLAYERS).map(lambda o: {"order": list(o)}),
}


@st.composite
def any_record(draw: st.DrawFn) -> tuple[Contract, dict[str, object]]:
    contract = draw(st.sampled_from(list(Contract)))
    return contract, draw(RECORDS[contract])


@st.composite
def any_doubles(draw: st.DrawFn) -> list[tuple[str, str, int]]:
    """At most one double or redouble per pair of players, either way round."""
    doubles = []
    for index, first in enumerate(PLAYERS):
        for second in PLAYERS[index + 1 :]:
            times = draw(st.sampled_from([0, 1, 2]))
            if times:
                pair = (first, second) if draw(st.booleans()) else (second, first)
                doubles.append((*pair, times))
    return doubles


def test_every_contract_has_a_record_strategy() -> None:
    assert set(RECORDS) == set(Contract) == set(RECORD_KEYS)


@given(any_record())
def test_a_valid_record_totals_the_theoretical_total(
    drawn: tuple[Contract, dict[str, object]],
) -> None:
    contract, record = drawn
    points = deal_score(contract, record)
    assert sum(points.values()) == CONTRACT_TOTALS[contract]
    check_deal_total(contract, points)


@given(any_record(), any_doubles())
def test_doubles_keep_the_theoretical_total(
    drawn: tuple[Contract, dict[str, object]], doubles: list[tuple[str, str, int]]
) -> None:
    contract, record = drawn
    points = settle_doubles(deal_score(contract, record), doubles)
    assert sum(points.values()) == CONTRACT_TOTALS[contract]
    check_deal_total(contract, points)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(TRICK_CONTRACTS),
    st.sampled_from(list(Suit)),
    players_st,
)
def test_a_deal_played_by_the_rules_totals_the_theoretical_total(
    seed: int, contract: Contract, suit: Suit, declarer: str
) -> None:
    rng = Random(seed)
    trump = suit if contract == Contract.TRUMP else None
    # « Sur chaque choix, c'est le Déclarant qui entame »: play_tricks has
    # the declarer lead the first trick, then each trick's winner.
    tricks = play_tricks(deal(rng), contract, declarer, rng, trump)
    assert len(tricks) == 13
    points = deal_score(contract, record_of(contract, tricks))
    assert sum(points.values()) == CONTRACT_TOTALS[contract]


# ---------------------------------------------------------------- doubles


def test_the_rule_books_doubles_example() -> None:
    # « La compensation entre les contres et les surcontres intervient après
    # le compte des points. »
    base = deal_score("tricks", {"tricks": EXAMPLE_TRICKS})
    points = settle_doubles(base, EXAMPLE_DOUBLES)
    # « A ... = 11 levées, soit -22 points. » « B ... = 7 levées, soit -14
    # points. » « C ... = 3 levées, soit -6 points. » « D ... = 8 levées, soit
    # +16 points. »
    assert points == {"A": -22, "B": -14, "C": -6, "D": 16}
    # « Vérifions : A+B+C+D= (-22) + (-14) + (-6) + (+16) = -26 points. »
    assert sum(points.values()) == -26
    check_deal_total("tricks", points)


def test_the_doubles_example_line_by_line_in_tricks() -> None:
    # Settled in tricks lost, the explanation's own unit:
    # « A perd ses 5 levées, plus 2 levées sur C (5-3), plus 4 levées sur D
    # (5-1) = 11 levées » ; « B perd ses 4 levées, plus 3 levées sur D = 7
    # levées » ; « C perd ses 3 levées, gagne 2 levées sur A et perd 2 levées
    # sur D = 3 levées » ; « D perd sa levée, mais gagne 4 levées sur A, 3
    # levées sur B et 2 levées sur C = 8 levées » (gained, hence -8 lost).
    lost = settle_doubles(EXAMPLE_TRICKS, EXAMPLE_DOUBLES)
    assert lost == {"A": 5 + 2 + 4, "B": 4 + 3, "C": 3 - 2 + 2, "D": 1 - 4 - 3 - 2}
    assert {name: -2 * count for name, count in lost.items()} == {
        "A": -22,
        "B": -14,
        "C": -6,
        "D": 16,
    }


def test_a_double_is_settled_between_its_two_players_only() -> None:
    base = {"A": -10, "B": -8, "C": -6, "D": -2}
    assert settle_doubles(base, [("C", "A", 1)]) == {
        "A": -14,
        "B": -8,
        "C": -2,
        "D": -2,
    }
    assert settle_doubles(base, []) == base


def test_a_redouble_counts_the_difference_twice() -> None:
    # Book silent on the redouble's figure: club practice doubles the stake.
    base = {"A": -10, "B": -8, "C": -6, "D": -2}
    assert settle_doubles(base, [("C", "A", 2)]) == {"A": -18, "B": -8, "C": 2, "D": -2}


def test_doubles_on_a_positive_contract() -> None:
    base = deal_score("trump", {"tricks": {"A": 6, "B": 3, "C": 3, "D": 1}})
    points = settle_doubles(base, [("B", "A", 1), ("D", "C", 2)])
    assert points == {"A": 45, "B": 0, "C": 35, "D": -15}
    assert sum(points.values()) == 65


@pytest.mark.parametrize(
    ("doubles", "message"),
    [
        ([("C", "A", 3)], r"expected 1 \(double\) or 2 \(redouble\), got 3"),
        ([("C", "A", True)], r"expected 1 \(double\) or 2 \(redouble\)"),
        ([("C", "C", 1)], r"a player cannot double himself"),
        ([("C", "E", 1)], r"'E' is not one of the players A, B, C, D"),
        ([("C", "A")], r"expected \(doubler, doubled, 1 or 2\)"),
        (
            [("C", "A", 1), ("A", "C", 1)],
            r"are between the same two players; write a redouble as one double",
        ),
    ],
)
def test_it_refuses_bad_doubles(doubles: list[tuple], message: str) -> None:
    with pytest.raises(GameError, match=message):
        settle_doubles({"A": -10, "B": -8, "C": -6, "D": -2}, doubles)


def test_the_declarer_only_redoubles() -> None:
    assert check_doubles("A", [("C", "A", 2)]) == (("C", "A", 2),)
    with pytest.raises(GameError, match="the declarer A may not double"):
        check_doubles("A", [("A", "C", 1)])
    with pytest.raises(GameError, match="Barbu declarer 'E'"):
        check_doubles("E", [])


def test_it_refuses_a_deal_that_does_not_add_up() -> None:
    with pytest.raises(
        GameError, match=r"^a Queens deal totals -24; this sheet totals -20$"
    ):
        check_deal_total("queens", {"A": -6, "B": -6, "C": -6, "D": -2})
    with pytest.raises(GameError, match=r"a Trump deal totals \+65; this sheet"):
        check_deal_total("trump", {"A": 60, "B": 0, "C": 0, "D": 0})
    with pytest.raises(GameError, match="expected a whole number"):
        check_deal_total("barbu", {"A": -20.0, "B": 0, "C": 0, "D": 0})


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


# ---------------------------------------------------------------- trick play


def test_no_heart_lead_while_holding_another_suit() -> None:
    # « Il est interdit de jouer Cœur tant que l'on possède encore des
    # cartes d'une autre couleur. »
    hand = cards("HK H2 S3 D4")
    for contract in (Contract.BARBU, Contract.HEARTS):
        assert legal_cards(hand, [], contract) == frozenset(cards("S3 D4"))
        with pytest.raises(
            GameError, match="HK cannot be played: no heart may be led while"
        ):
            check_play("HK", hand, [], contract)
    # The other contracts put no limit on the lead.
    assert legal_cards(hand, [], Contract.QUEENS) == frozenset(hand)


def test_hearts_may_be_led_from_a_hand_of_hearts_only() -> None:
    hand = cards("HK H2")
    assert legal_cards(hand, [], Contract.BARBU) == frozenset(hand)


def test_hearts_may_be_discarded_and_must_be_followed() -> None:
    # « Il est en revanche permis de se défausser du Cœur si quelqu'un joue une
    # couleur où on n'a pas de carte, et bien sûr obligatoire de fournir du
    # Cœur si quelqu'un d'autre joue de cette couleur. »
    hand = cards("HK H2 S3 D4")
    assert legal_cards(hand, cards("C5"), Contract.BARBU) == frozenset(hand)
    check_play("HK", hand, cards("C5"), Contract.BARBU)
    assert legal_cards(hand, cards("H5"), Contract.BARBU) == frozenset(cards("HK H2"))


def test_players_must_follow_suit() -> None:
    # « Les joueurs sont tenus de fournir la couleur demandée »
    hand = cards("S2 SA D4")
    assert legal_cards(hand, cards("S9 ST"), "tricks") == frozenset(cards("S2 SA"))
    with pytest.raises(GameError, match="Tricks: D4 cannot be played: the hand must"):
        check_play("D4", hand, cards("S9"), "tricks")
    with pytest.raises(GameError, match="card C4 is not in the hand"):
        check_play("C4", hand, cards("S9"), "tricks")


def test_in_trump_a_void_player_must_ruff() -> None:
    # « Lorsqu'un joueur n'a pas de carte dans la couleur demandée ... il est
    # tenu de couper »
    hand = cards("H2 H9 D4 C7")
    assert legal_cards(hand, cards("SK"), "trump", "H") == frozenset(cards("H2 H9"))
    with pytest.raises(GameError, match="void in spades and must ruff"):
        check_play("D4", hand, cards("SK"), "trump", Suit.HEARTS)
    # Without trumps he discards what he likes.
    assert legal_cards(cards("D4 C7"), cards("SK"), "trump", "H") == frozenset(
        cards("D4 C7")
    )


def test_in_trump_a_void_player_must_over_ruff() -> None:
    # « ... et de surcouper si l'on a coupé devant lui »
    hand = cards("H2 H9 HQ D4")
    trick = cards("SK HT")
    assert legal_cards(hand, trick, "trump", "H") == frozenset(cards("HQ"))
    with pytest.raises(GameError, match="must over-ruff HT"):
        check_play("H9", hand, trick, "trump", "H")


def test_in_trump_a_player_who_cannot_over_ruff_still_ruffs() -> None:
    # The ruff stays compulsory: he under-ruffs rather than discards.
    hand = cards("H2 H9 D4")
    trick = cards("SK HJ S3")
    assert legal_cards(hand, trick, "trump", "H") == frozenset(cards("H2 H9"))


def test_in_trump_following_suit_need_not_go_higher() -> None:
    hand = cards("H2 HA S4")
    assert legal_cards(hand, cards("HK"), "trump", "H") == frozenset(cards("H2 HA"))
    assert legal_cards(hand, cards("S9"), "trump", "H") == frozenset(cards("S4"))


def test_the_trump_suit_belongs_to_the_trump_contract() -> None:
    with pytest.raises(GameError, match="Trump deal: no trump suit given"):
        legal_cards(cards("H2"), [], "trump")
    with pytest.raises(GameError, match="Queens deal: trump 'S' given"):
        legal_cards(cards("H2"), [], "queens", "S")
    with pytest.raises(GameError, match="Réussite is not played in tricks"):
        legal_cards(cards("H2"), [], "reussite")


@pytest.mark.parametrize(
    ("hand", "trick", "message"),
    [
        ("H2", "S3 S4 S5 S6", r"expected 0 to 3 distinct cards"),
        ("H2", "S3 S3", r"expected 0 to 3 distinct cards"),
        ("H2 S3", "S3", r"S3 is both in the trick and in the hand"),
        ("H2 H2", "", r"expected 1 to 13 distinct cards"),
        ("DC", "", r"card DC: not a card of the 52-card pack"),
    ],
)
def test_it_refuses_impossible_hands_and_tricks(
    hand: str, trick: str, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        legal_cards(cards(hand), cards(trick), "tricks")


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        # « Le joueur qui joue la plus forte carte de la couleur demandée
        # remporte la levée »
        ("S9 SA D2 S3", None, 1),
        ("S9 HA D2 S3", None, 0),
        # « en cas de coupe, c'est le joueur qui a coupé ou celui qui a fourni
        # le plus fort Atout, s'il y a eu surcoupe, qui remporte la levée »
        ("S9 SA H2 S3", "H", 2),
        ("S9 H5 H2 HQ", "H", 3),
        ("S9 SA D2 S3", "H", 1),
    ],
)
def test_the_trick_winner(trick: str, trump: str | None, winner: int) -> None:
    assert trick_winner(cards(trick), trump) == winner


# ---------------------------------------------------------------- réussite


def suits_deal() -> dict[str, list[Card]]:
    """A gets the clubs, B the diamonds, C the hearts, D the spades."""
    return {
        name: [card for card in deck_52() if card.suit == suit]
        for name, suit in zip(PLAYERS, Suit, strict=True)
    }


def test_reussite_cards_from_the_starting_rank() -> None:
    # « A partir d'une carte d'une certaine hauteur (un 9, par exemple), les
    # joueurs doivent compléter chaque famille par la carte immédiatement
    # supérieure ou inférieure. » ; « on dit que « la réussite est au 9 » »
    hand = cards("S9 S8 ST SJ H9 D8 C2")
    assert reussite_cards(hand, {}, "9") == frozenset(cards("S9 H9"))
    layout = {Suit.SPADES: (Rank.NINE, Rank.NINE)}
    assert reussite_cards(hand, layout, Rank.NINE) == frozenset(cards("S8 ST H9"))
    layout = {Suit.SPADES: (Rank.EIGHT, Rank.TEN), Suit.DIAMONDS: (Rank.NINE,) * 2}
    assert reussite_cards(hand, layout, Rank.NINE) == frozenset(cards("SJ H9 D8"))


def test_reussite_rows_end_at_the_ace_and_the_two() -> None:
    hand = cards("SA S2 H2")
    layout = {Suit.SPADES: (Rank.THREE, Rank.KING), Suit.HEARTS: (Rank.NINE, Rank.ACE)}
    assert reussite_cards(hand, layout, "9") == frozenset(cards("SA S2"))
    # From the ace a row can only grow down.
    layout = {Suit.HEARTS: (Rank.ACE, Rank.ACE)}
    assert reussite_cards(cards("HK SA SK"), layout, "A") == frozenset(cards("HK SA"))


def test_reussite_refuses_a_row_that_misses_the_starting_rank() -> None:
    with pytest.raises(GameError, match="Réussite row spades 8-T"):
        reussite_cards(cards("S7"), {Suit.SPADES: (Rank.EIGHT, Rank.TEN)}, "J")
    with pytest.raises(GameError, match="Réussite height"):
        reussite_cards(cards("S7"), {}, "C")


def test_a_reussite_played_suit_by_suit() -> None:
    # « Sur chaque choix, c'est le Déclarant qui entame » ; each player holds
    # one suit and lays it out from the 9: the declarer finishes first.
    game = Reussite(suits_deal(), "9", declarer="B")
    assert game.to_play == "B"
    assert game.playable() == frozenset(cards("D9"))
    with pytest.raises(GameError, match="it is B's turn, not A's"):
        game.play("A", "C9")
    with pytest.raises(GameError, match=r"B cannot lay DT; D9 may be laid now"):
        game.play("B", "DT")
    play_reussite(game, Random(7))
    assert game.finishing_order == ("B", "C", "D", "A")
    assert game.record() == {"order": ["B", "C", "D", "A"]}
    assert deal_score("reussite", game.record()) == {
        "A": -10,
        "B": 45,
        "C": 20,
        "D": 10,
    }
    with pytest.raises(GameError, match="Réussite finished"):
        game.play("A", "C2")


def test_in_a_reussite_one_passes_only_when_unable_to_play() -> None:
    # « Il est interdit de passer si l'on peut poser une carte, et l'on ne peut
    # poser qu'une carte à la fois. »
    hands = suits_deal()
    hands["A"][7], hands["B"][7] = hands["B"][7], hands["A"][7]  # C9 <-> D9
    game = Reussite(hands, Rank.NINE)
    assert game.to_play == "A"
    with pytest.raises(GameError, match="A may not pass while able to lay D9"):
        game.pass_turn("A")
    game.play("A", "D9")
    assert game.layout == {Suit.DIAMONDS: (Rank.NINE, Rank.NINE)}
    # « Dans le cas où l'on peut poser plusieurs cartes, on pose celle de son
    # choix. »
    assert game.playable() == frozenset(cards("C9 D8 DT"))
    game.play("B", "DT")
    game.play("C", "H9")
    game.play("D", "S9")
    # A holds clubs without the 9 and nothing next to D8-DT: he passes.
    assert game.playable() == frozenset()
    game.pass_turn("A")
    assert game.to_play == "B"
    assert game.hand("A") == frozenset(cards("C2 C3 C4 C5 C6 C7 C8 CT CJ CQ CK CA"))


def test_a_reussite_ends_when_three_players_are_out() -> None:
    game = Reussite(suits_deal(), "2")
    play_reussite(game, Random(3))
    assert game.finished and game.to_play is None
    assert len(game.finishing_order) == 4
    # The last player may still hold cards: his place is settled.
    assert game.hand(game.finishing_order[-1])


def test_an_unfinished_reussite_has_no_record() -> None:
    with pytest.raises(GameError, match="Réussite not finished"):
        Reussite(suits_deal(), "9").record()


def test_a_reussite_needs_the_whole_pack() -> None:
    hands = suits_deal()
    hands["A"] = [*hands["A"][:-1], Card(Suit.SPADES, Rank.TWO)]
    with pytest.raises(GameError, match="the four hands hold 51 distinct cards"):
        Reussite(hands, "9")
    hands["A"] = hands["A"][:-1]
    with pytest.raises(GameError, match="A's hand has 12 cards; expected 13"):
        Reussite(hands, "9")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(BRIDGE_RANKS), players_st)
def test_a_random_reussite_finishes_with_the_marks(
    seed: int, start: Rank, declarer: str
) -> None:
    rng = Random(seed)
    game = Reussite(deal(rng), start, declarer)
    assert game.to_play == declarer
    play_reussite(game, rng)
    assert sorted(game.finishing_order) == sorted(PLAYERS)
    points = deal_score(Contract.REUSSITE, game.record())
    assert sorted(points.values()) == sorted(REUSSITE_POINTS)
    assert sum(points.values()) == 65
    for low, high in game.layout.values():
        assert low <= start <= high


# ---------------------------------------------------------------- dealing


@settings(max_examples=50)
@given(st.integers(0, 2**32))
def test_a_deal_gives_each_player_13_cards_and_each_card_once(seed: int) -> None:
    # « distribue une à une treize cartes à chaque joueur »
    hands = deal(Random(seed))
    assert list(hands) == list(PLAYERS)
    assert [len(hand) for hand in hands.values()] == [13, 13, 13, 13]
    dealt = [card for hand in hands.values() for card in hand]
    assert sorted(dealt) == deck_52()
    assert deal(Random(seed)) == hands


def test_a_deal_to_the_callers_players() -> None:
    hands = deal(Random(1), ("N", "E", "S", "W"))
    assert list(hands) == ["N", "E", "S", "W"]
