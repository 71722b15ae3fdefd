"""The public names other tools rely on, under exactly the names the issue gives."""

from __future__ import annotations

import inspect

import pytest

from games.bridge import (
    board_dealer,
    board_vulnerability,
    contract_score,
    parse_contract,
    result_score,
)
from games.errors import GameError
from scoring.board import score_board
from scoring.imps import butler, cross_imps, imps
from scoring.matchpoints import matchpoints, neuberg
from scoring.ranking import rank
from scoring.vp import wbf_vp


@pytest.mark.parametrize(
    ("function", "parameters"),
    [
        (board_dealer, ["board"]),
        (board_vulnerability, ["board"]),
        (parse_contract, ["text"]),
        (contract_score, ["contract", "tricks", "vulnerable"]),
        (result_score, ["contract", "declarer", "tricks", "board"]),
        (imps, ["difference"]),
        (cross_imps, ["scores"]),
        (butler, ["scores"]),
        (wbf_vp, ["imp_margin", "boards"]),
        (matchpoints, ["scores", "top_per_beat"]),
        (neuberg, ["mp", "played", "expected", "top_per_beat"]),
    ],
)
def test_it_keeps_the_documented_positional_parameters(function, parameters):
    signature = inspect.signature(function)
    positional = [
        name
        for name, parameter in signature.parameters.items()
        if parameter.kind is parameter.POSITIONAL_OR_KEYWORD
    ]
    assert positional[: len(parameters)] == parameters


def test_the_defaults_are_the_ebu_and_ffb_scale():
    assert inspect.signature(matchpoints).parameters["top_per_beat"].default == 2
    assert inspect.signature(neuberg).parameters["top_per_beat"].default == 2


def test_each_function_answers_with_plain_data():
    assert board_dealer(19) == "S"
    assert board_vulnerability(19) == "EW"
    assert contract_score("3NT", 9, False) == 400
    assert result_score("3NT", "W", 9, 1) == -400
    assert imps(-400 + 100) == -7
    assert cross_imps([400, -100]) == [11.0, -11.0]
    assert butler([400, -100]) == (150.0, [6, -6])
    assert wbf_vp(5, 16) == (11.48, 8.52)
    assert matchpoints([400, -100]) == [2.0, 0.0]
    assert neuberg(2, 2, 3) == 3.5
    assert rank([1, 1]) == ["1=", "1="]
    assert [line.ns_pct for line in score_board([400, -100])] == [100.0, 0.0]


def test_parse_contract_raises_the_packages_own_error():
    with pytest.raises(GameError, match="8S"):
        parse_contract("8S")
    assert issubclass(GameError, ValueError)
