"""The abstract bases and Meta factories the game models share print and
constrain each game's rows as each game's own declarations did."""

from __future__ import annotations

from tournaments.barbu.models import BarbuDeal
from tournaments.bridgeote.models import BridgeoteDeal
from tournaments.individual.models import IndividualEntrant, IndividualScore
from tournaments.models import Round, Table
from tournaments.teams.models import Match
from tournaments.whiz.models import WhizEntrant, WhizScore


def test_a_table_deal_prints_its_contract_table_and_place():
    table, round_ = Table(number=3), Round(number=2)
    barbu = BarbuDeal(contract="Barbu", table=table, round=round_)
    bridgeote = BridgeoteDeal(contract="100H", table=table, round=round_, number=5)
    assert str(barbu) == "Barbu (table 3, round 2)"
    assert str(bridgeote) == "100H (table 3, deal 5)"


def test_a_matchpoint_standing_prints_the_label_and_percentage():
    whiz = WhizScore(entrant=WhizEntrant(number=3, line="N"), pct=55.5)
    individual = IndividualScore(entrant=IndividualEntrant(number=7), pct=50)
    assert str(whiz) == "3N: 55.50 %"
    assert str(individual) == "7: 50.00 %"


def test_rows_numbered_in_order_keep_their_other_constraints():
    assert Match._meta.ordering == ["session", "number"]
    assert [c.name for c in Match._meta.constraints] == [
        "unique_match_number",
        "match_two_different_teams",
    ]
