"""Database models: clubs and players, events and their sections, travellers."""

from tournaments.barbu.models import BarbuDeal, BarbuEntrant, BarbuScore

# Bridgeote individual events (3, 5, 6 or 7 players a table).
from tournaments.bridgeote.models import (
    BridgeoteDeal,
    BridgeoteEntrant,
    BridgeoteScore,
)
from tournaments.chinese.models import (
    ChineseHand,
    ChineseMatch,
    ChinesePlayer,
    ChineseSettings,
)

# Individual bridge (issue 22)
from tournaments.individual.models import IndividualEntrant, IndividualScore
from tournaments.models.analysis import Analysis
from tournaments.models.clock import RoundClock
from tournaments.models.club import Club, Player
from tournaments.models.event import (
    Event,
    ScoringRequest,
    Section,
    SectionScoring,
    Session,
)
from tournaments.models.exports import EventWorkbook
from tournaments.models.imports import ImportJob
from tournaments.models.mail import MailJob
from tournaments.models.penalty import Penalty
from tournaments.models.play import (
    Board,
    Pair,
    PairScore,
    Result,
    ResultChange,
    Round,
    Source,
    Table,
)
from tournaments.models.section_change import SectionChange
from tournaments.models.sign_in import SignInFailure, SignInTurn
from tournaments.models.tablets import TabletGrant
from tournaments.teams.models import Match, Team, TeamCompetition, TeamScore
from tournaments.whiz.models import WhizEntrant, WhizResult, WhizScore

__all__ = [
    "Analysis",
    "BarbuDeal",
    "BarbuEntrant",
    "BarbuScore",
    "Board",
    "BridgeoteDeal",
    "BridgeoteEntrant",
    "BridgeoteScore",
    "ChineseHand",
    "ChineseMatch",
    "ChinesePlayer",
    "ChineseSettings",
    "Club",
    "Event",
    "EventWorkbook",
    "ImportJob",
    "IndividualEntrant",
    "IndividualScore",
    "MailJob",
    "Match",
    "Pair",
    "PairScore",
    "Penalty",
    "Player",
    "Result",
    "ResultChange",
    "Round",
    "RoundClock",
    "ScoringRequest",
    "Section",
    "SectionChange",
    "SectionScoring",
    "Session",
    "SignInFailure",
    "SignInTurn",
    "Source",
    "Table",
    "TabletGrant",
    "Team",
    "TeamCompetition",
    "TeamScore",
    "WhizEntrant",
    "WhizResult",
    "WhizScore",
]
