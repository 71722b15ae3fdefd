"""Shared helpers of the Barbu tests: the rule book's examples, plays and records.

Figures come from the French rule book (shared/seeds/004).
"""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import strategies as st

from games.barbu import (
    ACE_OF_HEARTS,
    KING_OF_HEARTS,
    PLAYERS,
    Contract,
    Reussite,
    check_play,
    legal_cards,
    trick_winner,
)
from games.cards import Card, Rank, Suit

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
