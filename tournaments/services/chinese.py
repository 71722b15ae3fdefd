"""Chinese bridge events: lay out the matches, write hands, pair on.

Players are seeded in the order entered.  A round robin lays out every round
at once (the Berger schedule, a bye when the number is odd); a Swiss lays
out round 1 by seed and each next round, paired on the standings with no
rematch, once the last hand of the round is in (``next_swiss_round``,
called by ``rescore.chinese`` in the ``scoring.score_section`` task).  Each
hand is written through :func:`chinese_hand_submit`: the tricks are checked
by the rule book (``games.chinese_bridge.hand_points``, 26 in all).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.chinese_bridge import hand_points
from games.errors import GameError
from tournaments.models import (
    ChineseHand,
    ChineseMatch,
    ChinesePlayer,
    ChineseSettings,
    Club,
    Event,
    Section,
    Session,
    Source,
    Table,
)
from tournaments.movements.round_robin import berger_rounds
from tournaments.movements.swiss import swiss_pairing
from tournaments.services.entry import Entry, Writer, write_line
from tournaments.services.whiz import WhizEntry

Pairings = Sequence[tuple[int, int | None]]


@transaction.atomic
def chinese_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[WhizEntry],
    format: str = ChineseSettings.Format.ROUND_ROBIN,
    hands: int = 4,
    rounds: int = 0,
    duplicate: bool = False,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create a Chinese bridge event, its players and its first round(s)."""
    count = len(entries)
    if count < 2:
        raise ValidationError({"players": _("A match needs at least 2 players.")})
    if hands < 2 or hands % 2:
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
    event = Event(name=name, date=date, club=club, created_by=user)
    event.kind = Event.Kind.CHINESE
    event.full_clean()
    event.save()
    session = Session.objects.create(
        event=event, number=1, status=Session.Status.PLAYING
    )
    section = Section.objects.create(
        session=session,
        movement=Section.Movement.CHINESE,
        tables=(count + 1) // 2,
        rounds=rounds,
        boards_per_round=hands,
    )
    ChineseSettings.objects.create(
        section=section, format=format, hands=hands, duplicate=duplicate
    )
    Table.objects.bulk_create(
        Table(section=section, number=n) for n in range(1, section.tables + 1)
    )
    ChinesePlayer.objects.bulk_create(
        ChinesePlayer(
            section=section,
            number=number,
            player=entry.player,
            name=entry.name.strip() if entry.player is None else "",
        )
        for number, entry in enumerate(entries, start=1)
    )
    if format == ChineseSettings.Format.ROUND_ROBIN:
        for number, pairings in enumerate(schedule, start=1):
            _lay_out(section, number, pairings)
    else:
        _lay_out(section, 1, swiss_pairing(list(range(1, count + 1)), ()))
    return event


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
    if not 1 <= number <= settings.hands:
        raise ValidationError(
            {"hand": _("A match has hands 1 to %(n)d.") % {"n": settings.hands}}
        )
    try:
        a, b = hand_points(tricks_a, tricks_b)
    except GameError as error:
        raise ValidationError({"tricks_a": str(error)}) from None
    table = section.table_set.filter(number=match.table).first()
    writer = Writer.at(table, source, user, rescore=rescore)
    entry = Entry(
        section=section,
        model=ChineseHand,
        slot={"match": match, "number": number},
        values={"tricks_a": a, "tricks_b": b},
        audited=("tricks_a", "tricks_b"),
        table=table,
        round=match.round,
        where=_("Round %(r)d, table %(t)d, hand %(n)d")
        % {"r": match.round, "t": match.table, "n": number},
        tablet_corrects=True,
        clash=_("This hand is already entered."),
    )
    entry.line = ChineseHand.objects.filter(**entry.slot).first()
    hand, _created = write_line(writer, entry)
    return hand


def next_swiss_round(
    section: Section, settings: ChineseSettings, matches: list[ChineseMatch]
) -> None:
    """Pair the next Swiss round once every hand of the last round is in."""
    if settings.format != ChineseSettings.Format.SWISS or not matches:
        return
    last = max(m.round for m in matches)
    current = [m for m in matches if m.round == last and m.b_id is not None]
    if last >= section.rounds or any(m.hands_played < settings.hands for m in current):
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
