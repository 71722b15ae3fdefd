"""One of a club's objects of each kind a route names, for the tests of who
may reach them (the API's authorization matrix, the director's club scope)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import (
    Event,
    ImportJob,
    MailJob,
    Match,
    Pair,
    Penalty,
    Result,
    Section,
    WhizResult,
)


@dataclass
class ClubObjects:
    """A pairs line and a Whiz line played at a table, a pair, a penalty
    against it, a teams match, an import job and a mail job."""

    result: Result
    whiz_result: WhizResult
    pair: Pair
    penalty: Penalty
    match: Match
    import_job: ImportJob
    mail_job: MailJob


def last_section(event: Event) -> Section:
    """The event's section made last (a Swiss's current round)."""
    return Section.objects.filter(session__event=event).order_by("-pk").first()


def club_objects(
    pairs: Event, whiz: Event, teams: Event, user: AbstractBaseUser
) -> ClubObjects:
    """The first of each kind in the last section of a club's ``pairs``,
    ``whiz`` and ``teams`` events; the penalty (1 MP against the pair), the
    import job and the mail job made now, by ``user``."""
    section = last_section(pairs)
    pair = Pair.objects.filter(section=section).order_by("pk").first()
    return ClubObjects(
        result=Result.objects.filter(board__section=section)
        .exclude(table=None)
        .order_by("pk")
        .first(),
        whiz_result=WhizResult.objects.filter(board__section=last_section(whiz))
        .exclude(table=None)
        .order_by("pk")
        .first(),
        pair=pair,
        penalty=Penalty.objects.create(pair=pair, unit="mp", amount=1, reason="slow"),
        match=Match.objects.filter(session=last_section(teams).session)
        .order_by("number")
        .first(),
        import_job=ImportJob.objects.create(event=pairs, created_by=user),
        mail_job=MailJob.objects.create(section=section, created_by=user),
    )
