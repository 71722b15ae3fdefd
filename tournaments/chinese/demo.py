"""The demo club's Chinese bridge round robin: 6 players, 2 hands a match, finished.

Laid out with the real services (the Berger schedule), every hand entered
through ``chinese_hand_submit`` as the tablets would: the tricks are played
out by the rule book's own game (``games.chinese_bridge``) with players
choosing legal cards at random from seeded generators.
"""

from __future__ import annotations

import datetime as dt
import random

from games.chinese_bridge import ChineseHand as Play
from games.chinese_bridge import deal
from tournaments.chinese.rescore import rescore_chinese_section
from tournaments.chinese.services import chinese_event_create, chinese_hand_submit
from tournaments.demo.common import demo_players, made_once, player_event
from tournaments.models import ChineseMatch, Club, Event
from tournaments.services.results import session_close

NAME = "Chinese bridge round robin"
PLAYERS = 6
HANDS = 2
SEED = 20240621


@made_once(NAME)
def load_demo_chinese(club: Club, date: dt.date) -> Event:
    """Create the demo Chinese bridge event, once per club."""
    players = demo_players(club, NAME, PLAYERS, skip=12)
    event, section = player_event(
        chinese_event_create, club, NAME, date, players, hands=HANDS
    )
    rng = random.Random(SEED)
    for match in ChineseMatch.objects.filter(section=section, b__isnull=False):
        for number in range(1, HANDS + 1):
            chinese_hand_submit(
                match=match,
                number=number,
                tricks_a=_played_tricks(rng, dealer=(number - 1) % 2),
                rescore=False,
            )
    rescore_chinese_section(section.pk)
    session_close(section.session)
    return event


def _played_tricks(rng: random.Random, dealer: int) -> int:
    """Play a whole hand with random legal cards; the first player's tricks."""
    hand = Play(deal(rng, dealer=dealer))
    while not hand.finished:
        if hand.to_draw is not None:
            hand.draw(rng.choice(sorted(hand.shown, key=str)))
        else:
            hand.play(rng.choice(sorted(hand.playable, key=str)))
    return hand.points[0]
