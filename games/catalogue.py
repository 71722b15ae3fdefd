"""The games Donne scores, with a summary of how each is played and marked.

The summaries follow the rule books in ``shared/seeds`` (French); they are
plain English strings marked for translation with :func:`gettext_noop`, so the
web side can show them in the reader's language without this package
importing Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import GameError


def gettext_noop(message: str) -> str:
    """Mark a string for translation (extracted by ``makemessages``)."""
    return message


@dataclass(frozen=True)
class GameInfo:
    """What a director needs to know about a game before running an event."""

    slug: str
    name: str
    players: str
    deck: str
    events: tuple[str, ...]
    scoring: tuple[str, ...]


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        slug="bridge",
        name=gettext_noop("Contract bridge (duplicate)"),
        players=gettext_noop(
            "4 players in two partnerships, North-South and East-West"
        ),
        deck=gettext_noop("52 cards"),
        events=(
            gettext_noop("Pairs: Mitchell or Howell movements"),
            gettext_noop("Teams of four: matches of two tables"),
            gettext_noop("Individual"),
        ),
        scoring=(
            gettext_noop(
                "Each deal is scored at the table by the duplicate scoring table "
                "(Law 77): trick score, game, part-score and slam bonuses, "
                "overtricks and undertricks, doubled and redoubled."
            ),
            gettext_noop(
                "Pairs: matchpoints. Each score is compared with every other score "
                "on the board, 2 points for each score beaten and 1 for each tie; "
                "the percentage is matchpoints over the top."
            ),
            gettext_noop(
                "Boards played fewer times are factored up by Neuberg's formula; "
                "artificial adjusted scores are Average-plus (60 %), Average "
                "(50 %) and Average-minus (40 %)."
            ),
            gettext_noop(
                "Pairs scored by IMPs: cross-IMPs against every other score, or "
                "Butler IMPs against a datum (the trimmed mean of the scores)."
            ),
            gettext_noop(
                "Teams: the difference between the two rooms converted to IMPs by "
                "the WBF scale, then the match margin converted to Victory Points "
                "by the WBF 2013 continuous 20-point scale."
            ),
        ),
    ),
    GameInfo(
        slug="whiz",
        name=gettext_noop("Whiz-Bridge"),
        players=gettext_noop("3 players and the dummy, Domy"),
        deck=gettext_noop("52 cards"),
        events=(gettext_noop("Individual duplicate: all 13 cards of Domy exposed"),),
        scoring=(
            gettext_noop(
                "Bids name 7 to 13 tricks; the declarant plays with Domy against "
                "the other two players."
            ),
            gettext_noop(
                "A made contract scores 1 point per trick bid and 2 per overtrick, "
                "plus 10 for a game, 20 for a small slam and 40 for a grand slam; "
                "doubled and redoubled contracts score more, with a bonus for the "
                "risk."
            ),
            gettext_noop(
                "A defeated contract gives each opponent 5 points per undertrick "
                "(10 doubled, 20 redoubled)."
            ),
            gettext_noop(
                "In a tournament every player's score on a deal is compared with "
                "the scores of the players who held the same seat at other tables; "
                "the ranking is individual."
            ),
        ),
    ),
    GameInfo(
        slug="chinese",
        name=gettext_noop("Chinese bridge"),
        players=gettext_noop("2 players"),
        deck=gettext_noop("52 cards: 11 to each player, 30 in six stock piles"),
        events=(gettext_noop("Head-to-head matches over an even number of deals"),),
        scoring=(
            gettext_noop(
                "Trumps are set by the highest face-up stock card (no trumps if all "
                "are below ten); after each trick both players draw a face-up card."
            ),
            gettext_noop(
                "Each player scores by the number of tricks taken; the match is "
                "played to a points target or a fixed, even number of deals."
            ),
        ),
    ),
    GameInfo(
        slug="bridgeote",
        name=gettext_noop("Bridgeote"),
        players=gettext_noop("3 to 7 players"),
        deck=gettext_noop(
            "36 cards: the 32-card belote pack plus a bridgeote per suit"
        ),
        events=(gettext_noop("Club sessions scored by contract points"),),
        scoring=(
            gettext_noop(
                "A mix of bridge and belote: natural bidding, contracts in a suit, "
                "all trumps or no trumps."
            ),
            gettext_noop(
                "Card points are counted at the end of each contract: 160 in a suit "
                "contract, 260 at all trumps, with bonuses for the bridgeote and "
                "belote-rebelote."
            ),
        ),
    ),
    GameInfo(
        slug="barbu",
        name=gettext_noop("Barbu"),
        players=gettext_noop("4 players"),
        deck=gettext_noop("52 cards"),
        events=(
            gettext_noop("Four rounds of seven contracts, each player dealing one"),
        ),
        scoring=(
            gettext_noop(
                "Five negative contracts (the king of hearts, hearts, queens, "
                "tricks, the last two tricks) and two positive ones (trumps, "
                "domino)."
            ),
            gettext_noop(
                "Doubles and redoubles settle the difference between two players' "
                "scores on a contract; each contract's total is fixed, which checks "
                "the score sheet."
            ),
        ),
    ),
)

_BY_SLUG = {game.slug: game for game in GAMES}


def game_info(slug: str) -> GameInfo:
    """Return the game whose slug is ``slug``, or raise :class:`GameError`."""
    try:
        return _BY_SLUG[slug]
    except KeyError:
        known = ", ".join(_BY_SLUG)
        raise GameError(f"Unknown game {slug!r}: expected one of {known}") from None
