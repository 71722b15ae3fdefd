"""Chinese bridge events: lay out the matches, write hands, pair on.

Players are seeded in the order entered.  A round robin lays out every round
at once (the Berger schedule, a bye when the number is odd); a Swiss lays
out round 1 by seed and each next round, paired on the standings with no
rematch, once the last hand of the round is in (``next_swiss_round``,
called by ``rescore.chinese`` in the ``scoring.score_section`` task).  Each
hand is written through :func:`chinese_hand_submit`: the tricks are checked
by the rule book (``games.chinese_bridge.hand_points``, 26 in all).

A match is a set, even number of hands, or is played to a number of points
(``ChineseSettings.target``, the rule book's « 100 points »): it ends after
the hand in which a player reaches the target ahead; level totals at or over
it play on until they differ (``games.chinese_bridge.ChineseGame``).  The
players deal in turn, player a first (« chaque joueur donne tour à tour »).
The opponent agrees with a hand entered on the tablet, or calls the director
(:func:`chinese_hand_answer`), as in pairs: an agreed hand is the director's
to change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.chinese_bridge import TRICKS_PER_HAND, ChineseGame, hand_points
from games.errors import GameError
from tournaments.models import (
    ChineseHand,
    ChineseMatch,
    ChinesePlayer,
    ChineseSettings,
    Club,
    Event,
    Section,
    Source,
    Table,
)
from tournaments.movements.round_robin import berger_rounds
from tournaments.movements.swiss import swiss_pairing
from tournaments.services.entry import Entry, Writer, write_line
from tournaments.services.line_answers import LineAnswers
from tournaments.services.single_section import (
    PlayerEntry,
    seated_event_create,
)

Pairings = Sequence[tuple[int, int | None]]
# A match to a number of points: the targets offered, and the most hands it
# may take (level totals play on; 40 hands are 1,040 points in all).
MIN_TARGET, MAX_TARGET = 10, 500
MAX_TARGET_HANDS = 40


@transaction.atomic
def chinese_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[PlayerEntry],
    format: str = ChineseSettings.Format.ROUND_ROBIN,
    hands: int = 4,
    rounds: int = 0,
    duplicate: bool = False,
    target: int = 0,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create a Chinese bridge event, its players and its first round(s).

    ``target`` > 0 plays each match to that many points instead of ``hands``
    hands (then ignored).
    """
    count = len(entries)
    if count < 2:
        raise ValidationError({"players": _("A match needs at least 2 players.")})
    if target:
        _check_target(target, duplicate)
        hands = 0
    elif hands < 2 or hands % 2:
        raise ValidationError(
            {"hands": _("A match is an even number of hands, so each deals as often.")}
        )
    if format == ChineseSettings.Format.SWISS:
        most = count - 1 if count % 2 == 0 else count
        if not 1 <= rounds <= most:
            raise ValidationError(
                {"rounds": _("A Swiss of %(n)d players plays 1 to %(most)d rounds.")
                 % {"n": count, "most": most}}
            )  # fmt: skip
    schedule = berger_rounds(count)
    if format == ChineseSettings.Format.ROUND_ROBIN:
        rounds = len(schedule)
    section, _players = seated_event_create(
        Event(
            name=name, date=date, club=club, created_by=user, kind=Event.Kind.CHINESE
        ),
        ChinesePlayer,
        enumerate(entries, start=1),
        round_rows=False,
        tables=(count + 1) // 2,
        rounds=rounds,
        boards_per_round=hands,
    )
    ChineseSettings.objects.create(
        section=section, format=format, hands=hands, duplicate=duplicate, target=target
    )
    if format == ChineseSettings.Format.ROUND_ROBIN:
        for number, pairings in enumerate(schedule, start=1):
            _lay_out(section, number, pairings)
    else:
        _lay_out(section, 1, swiss_pairing(list(range(1, count + 1)), ()))
    return section.session.event


def _check_target(target: int, duplicate: bool) -> None:
    """A match's target: 10 to 500 points, and never in duplicate, where
    every table plays the same hands (a match to points has no set number)."""
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise ValidationError(
            {"target": _("A match is played to %(low)d to %(high)d points.")
             % {"low": MIN_TARGET, "high": MAX_TARGET}}
        )  # fmt: skip
    if duplicate:
        raise ValidationError(
            {"target": _("A duplicate event plays a set number of hands.")}
        )


def _lay_out(section: Section, round: int, pairings: Pairings) -> None:
    players = {p.number: p for p in section.chinese_players.all()}
    ChineseMatch.objects.bulk_create(
        ChineseMatch(
            section=section,
            round=round,
            table=table,
            a=players[a],
            b=players[b] if b is not None else None,
        )
        for table, (a, b) in enumerate(pairings, start=1)
    )


def chinese_hand_submit(
    *,
    match: ChineseMatch,
    number: int,
    tricks_a: int,
    tricks_b: int | None = None,
    source: str = Source.DIRECTOR,
    rescore: bool = True,
    user: AbstractBaseUser | None = None,
) -> ChineseHand:
    """Store (or correct) hand ``number`` of a match; queue the rescore.

    Through the one write path: a closed session refuses it, a tablet writes
    its table's current round only, and every change is audited.
    """
    section = match.section
    settings = section.chinese
    if match.b_id is None:
        raise ValidationError({"table": _("A bye has no hands to enter.")})
    most = MAX_TARGET_HANDS if settings.target else settings.hands
    if not 1 <= number <= most:
        raise ValidationError(
            {"hand": _("A match has hands 1 to %(n)d.") % {"n": most}}
        )
    a, b = _points(tricks_a, tricks_b)
    table = section.table_set.filter(number=match.table).first()
    writer = Writer.at(table, source, user, rescore=rescore)
    entry = _entry(match, number, table)
    entry.values = {"tricks_a": a, "tricks_b": b}
    entry.line = ChineseHand.objects.filter(**entry.slot).first()
    if settings.target:
        entry.check = lambda hand: _check_played_to(settings.target, match, hand)
    hand, _created = write_line(writer, entry)
    return hand


def _points(tricks_a: int, tricks_b: int | None) -> tuple[int, int]:
    """Each player's tricks, checked: 0 to 26 each, 26 in all."""
    for name, tricks in (("tricks_a", tricks_a), ("tricks_b", tricks_b)):
        if tricks is not None and not 0 <= tricks <= TRICKS_PER_HAND:
            raise ValidationError(
                {name: _("A player takes 0 to %(n)d tricks in a hand.")
                 % {"n": TRICKS_PER_HAND}}
            )  # fmt: skip
    try:
        return hand_points(tricks_a, tricks_b)
    except GameError:
        raise ValidationError(
            {"tricks_b": _("The two players' tricks make %(n)d in all.")
             % {"n": TRICKS_PER_HAND}}
        ) from None  # fmt: skip


def _entry(match: ChineseMatch, number: int, table: Table | None) -> Entry:
    """Hand ``number`` of ``match`` as the write path takes it."""
    return Entry(
        section=match.section,
        model=ChineseHand,
        slot={"match": match, "number": number},
        values={},
        audited=("tricks_a", "tricks_b"),
        table=table,
        round=match.round,
        where=_("Round %(r)d, table %(t)d, hand %(n)d")
        % {"r": match.round, "t": match.table, "n": number},
        tablet_corrects=True,
        clash=_("This hand is already entered."),
    )


def _check_played_to(target: int, match: ChineseMatch, hand: ChineseHand) -> None:
    """In a match to ``target`` points, ``hand`` (about to be saved) follows
    the hands before it, and no hand comes after the one that ended it.

    Runs in the write's transaction with the match row locked, so two hands
    of one match are checked one after the other.
    """
    ChineseMatch.objects.select_for_update(no_key=True).filter(pk=match.pk).first()
    tricks = dict(
        ChineseHand.objects.filter(match=match).values_list("number", "tricks_a")
    )
    tricks[hand.number] = hand.tricks_a
    missing = next(n for n in range(1, len(tricks) + 2) if n not in tricks)
    if missing < max(tricks):
        raise ValidationError({"hand": _("Enter hand %(n)d first.") % {"n": missing}})
    game = ChineseGame(points=target)
    for number in sorted(tricks):
        if game.finished:
            field = "hand" if number == hand.number else "tricks_a"
            raise ValidationError(
                {field: _(
                    "The match ended after hand %(n)d (%(a)d to %(b)d): "
                    "hand %(later)d cannot follow it."
                ) % {"n": number - 1, "a": max(game.totals().values()),
                     "b": min(game.totals().values()), "later": number}}
            )  # fmt: skip
        game.record(tricks[number])


def match_finished(settings: ChineseSettings, tricks_a: Sequence[int]) -> bool:
    """Whether a match whose hands (in order) gave player a ``tricks_a`` is
    over: every hand played, or a player ahead at the target."""
    if not settings.target:
        return len(tricks_a) >= settings.hands
    game = ChineseGame(points=settings.target)
    for tricks in tricks_a:
        if game.finished:
            break
        game.record(tricks)
    return game.finished


def hand_dealer(match: ChineseMatch, number: int) -> ChinesePlayer | None:
    """Who deals hand ``number``: player a the odd hands, b the even ones."""
    return match.a if number % 2 else match.b


def _stored_entry(hand: ChineseHand) -> Entry:
    """A stored hand as the write path takes it, to answer or resolve."""
    match = hand.match
    entry = _entry(match, hand.number, _match_table(match))
    entry.line = hand
    return entry


def _match_table(match: ChineseMatch) -> Table | None:
    return match.section.table_set.filter(number=match.table).first()


# The opponent agrees with a hand entered on the tablet (locking it) or calls
# the director; the director keeps a disputed hand as entered, audited.
CHINESE_ANSWERS = LineAnswers(_stored_entry)
chinese_hand_answer = CHINESE_ANSWERS.answer
chinese_hand_resolve = CHINESE_ANSWERS.resolve


def next_swiss_round(
    section: Section, settings: ChineseSettings, matches: list[ChineseMatch]
) -> None:
    """Pair the next Swiss round once every hand of the last round is in."""
    if settings.format != ChineseSettings.Format.SWISS or not matches:
        return
    last = max(m.round for m in matches)
    current = [m for m in matches if m.round == last and m.b_id is not None]
    if last >= section.rounds or not all(
        match_finished(settings, [h.tricks_a for h in m.hands.all()]) for m in current
    ):
        return
    numbers = {p.pk: p.number for p in section.chinese_players.all()}
    order = [
        numbers[pk]
        for pk in section.chinese_players.order_by("position", "number").values_list(
            "pk", flat=True
        )
    ]
    played = {
        frozenset((numbers[m.a_id], numbers[m.b_id]))
        for m in matches
        if m.b_id is not None
    }
    byes = {numbers[m.a_id] for m in matches if m.b_id is None}
    _lay_out(section, last + 1, swiss_pairing(order, played, byes))
