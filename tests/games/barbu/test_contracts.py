"""Barbu contracts: their names, marks and theoretical totals (shared/seeds/004)."""

from __future__ import annotations

import pytest

from games.barbu import (
    CONTRACT_TOTALS,
    Contract,
)
from games.errors import GameError

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
