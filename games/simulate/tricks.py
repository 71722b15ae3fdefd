"""Tricks taken: the expected tricks, the lie of the cards, and doubles."""

from __future__ import annotations

import random

from games.bridge import Contract
from games.deal import Deal
from games.simulate.contract import GAME_LEVELS, _Choice, _from_table

# Tricks: about 7 in no-trump with 20 HCP and 0.38 a point more; a fit adds
# tricks by its length and the short hand's ruffs, less so in slam zone where
# the high cards take the tricks anyway.
BASE_TRICKS = 7.0
BASE_HCP = 20
TRICKS_PER_HCP = 0.38
FIT_TRICKS: dict[int, float] = {7: 0.3, 8: 1.0, 9: 1.6, 10: 2.2, 11: 2.7, 12: 3.0}
RUFF_TRICKS: dict[int, float] = {0: 1.0, 1: 0.5}
FIT_FADE_FROM_HCP = 26
FIT_FADE_PER_HCP = 0.1
FIT_MIN_SHARE = 0.3
BAD_SPLIT_GAP = 3  # defenders' trumps 3-0, 4-1, 4-0, 5-1...: a trick less
BAD_SPLIT_TRICKS = 0.7
LONG_SUIT_NT_TRICKS = 0.3  # in no-trump, per card of a long suit beyond seven
DEAL_LUCK_SD = 0.7  # the lie of the cards, the same at every table
TABLE_SPREAD_SD = 0.9  # declarer play and defence, table by table
MAX_UNDERTRICKS = 5

# Doubles, by the undertricks of a failing part-score when the defence holds
# values; failing games and making part-scores are doubled more rarely.
DOUBLE_MIN_DEFENCE_HCP = 15
DOUBLE_MIN_LEVEL = 2
DOUBLE_PART_SCORE_CHANCE: dict[int, float] = {1: 0.15, 2: 0.3, 3: 0.45}
DOUBLE_GAME_MIN_UNDERTRICKS = 2
DOUBLE_GAME_CHANCE = 0.2
DOUBLE_MADE_CHANCE = 0.04


def _expected_tricks(choice: _Choice) -> float:
    """Declarer's tricks on an average lie of the cards."""
    side, suit = choice.side, choice.contract.denomination.suit
    tricks = BASE_TRICKS + (side.hcp - BASE_HCP) * TRICKS_PER_HCP
    if suit is None:
        longest = side.fit(side.best_fit())
        return tricks + max(0, longest - 7) * LONG_SUIT_NT_TRICKS
    fit = side.fit(suit)
    bonus = FIT_TRICKS.get(min(fit, max(FIT_TRICKS)), 0.0)
    bonus += RUFF_TRICKS.get(side.shortness(suit), 0.0)
    fade = 1 - max(0, side.hcp - FIT_FADE_FROM_HCP) * FIT_FADE_PER_HCP
    tricks += bonus * max(FIT_MIN_SHARE, fade)
    split = [choice.defence.lengths[seat][suit] for seat in choice.defence.seats]
    if max(split) - min(split) >= BAD_SPLIT_GAP:
        tricks -= BAD_SPLIT_TRICKS
    return tricks


def _deal_luck(deal: Deal, choice: _Choice) -> float:
    """Finesses and splits: drawn from the deal itself, so every table shares it."""
    key = f"{deal.to_pbn()}|{choice.side.seats[0]}|{choice.contract.denomination}"
    return random.Random(key).gauss(0, DEAL_LUCK_SD)


def _with_double(choice: _Choice, result: int, rng: random.Random) -> Contract:
    """The contract, doubled when the defence would have doubled it.

    ``result`` is the tricks over (or, negative, under) the contract. Only a
    competitive part-score (two or three of something against a defence with
    values) or a game going at least two down is doubled.
    """
    contract = choice.contract
    is_game = contract.level >= GAME_LEVELS[contract.denomination]
    competitive = (
        not is_game
        and contract.level >= DOUBLE_MIN_LEVEL
        and choice.defence.hcp >= DOUBLE_MIN_DEFENCE_HCP
    )
    chance = 0.0
    if competitive and result < 0:
        chance = _from_table(
            DOUBLE_PART_SCORE_CHANCE, -result, max(DOUBLE_PART_SCORE_CHANCE.values())
        )
    elif competitive:
        chance = DOUBLE_MADE_CHANCE
    elif is_game and -result >= DOUBLE_GAME_MIN_UNDERTRICKS:
        chance = DOUBLE_GAME_CHANCE
    if rng.random() < chance:
        return Contract(contract.level, contract.denomination, 1)
    return contract
