"""Duplicate bridge: contracts read from the forms programs write, or refused."""

from __future__ import annotations

import pytest

from games import GameError
from games.bridge import PASS, Contract, Denomination, parse_contract


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4S", "4S"),
        ("3NT", "3NT"),
        ("3N", "3NT"),
        ("3nt", "3NT"),
        ("6HX", "6HX"),
        ("6hx", "6HX"),
        ("7NTXX", "7NTXX"),
        (" 4 s x ", "4SX"),
        ("4H*", "4HX"),
        ("4H**", "4HXX"),
        ("3Sx", "3SX"),
        ("3SA", "3NT"),
        ("3SAX", "3NTX"),
        ("1♠", "1S"),
        ("2♦XX", "2DXX"),
        ("1C", "1C"),
        ("pass", "Pass"),
        ("P", "Pass"),
        ("PASS", "Pass"),
        ("Passed out", "Pass"),
        ("  Pass ", "Pass"),
    ],
)
def test_it_parses_contracts_in_the_forms_programs_write(
    text: str, canonical: str
) -> None:
    assert str(parse_contract(text)) == canonical


def test_it_describes_a_contract_by_level_strain_and_doubling() -> None:
    contract = parse_contract("6HX")
    assert contract == Contract(6, Denomination.H, 1)
    assert contract.tricks_needed == 12
    assert not contract.is_pass
    assert parse_contract("pass") is PASS
    assert PASS.is_pass
    assert Denomination.NT.suit is None
    assert str(Denomination.NOTRUMP) == "NT"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("4Z", 'Unknown contract "4Z": the denomination must be C, D, H, S or NT'),
        ("8S", 'Unknown contract "8S": the level must be 1 to 7'),
        ("0NT", 'Unknown contract "0NT": the level must be 1 to 7'),
        ("4SXXX", 'Unknown contract "4SXXX": after the denomination write X'),
        ("4SR", 'Unknown contract "4SR"'),
        ("S4", 'Unknown contract "S4": it must start with a level'),
        ("4", 'Unknown contract "4": the denomination'),
        ("", "Empty contract"),
        ("-", 'Unknown contract "-"'),
    ],
)
def test_it_rejects_a_bad_contract_naming_it(text: str, fragment: str) -> None:
    with pytest.raises(GameError) as caught:
        parse_contract(text)
    assert fragment in str(caught.value)


def test_it_rejects_a_contract_that_is_not_text() -> None:
    with pytest.raises(GameError, match="must be text"):
        parse_contract(4)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("level", "denomination", "doubled"),
    [(8, Denomination.S, 0), (4, "S", 0), (4, Denomination.S, 3), (0, None, 1)],
)
def test_it_refuses_to_build_an_impossible_contract(
    level: int, denomination: object, doubled: int
) -> None:
    with pytest.raises(GameError, match="Contract"):
        Contract(level, denomination, doubled)  # type: ignore[arg-type]
