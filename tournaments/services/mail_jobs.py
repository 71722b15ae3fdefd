"""Results e-mailed to each player of a section who has an e-mail address.

The director starts a ``MailJob``; the ``mail.results`` Celery task (eager in
the embedded default) mails each player once, through Django's e-mail
framework (``EMAIL_*`` settings), counting the mails sent and not sent so
that the director's page shows "12 of 40 sent".  One player's refused
address does not stop the others; a mail server that cannot be reached
counts the players left as not sent, at once, rather than waiting for it
40 times.  A broker that is down when the job is queued leaves the job
queued (and says so); the sweep sends it again, and a job whose worker was
lost resumes from the players it had not handled.
"""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.db.models import F, Q
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import MailJob, Pair, Player, Section
from tournaments.selectors.pairs import StandingRow, stored_report
from tournaments.selectors.scorecards import pairs_in_order, standings_by_pair
from tournaments.services.background_jobs import live_or_new_job
from tournaments.services.rescoring import send_task

logger = logging.getLogger(__name__)

LIVE = (MailJob.Status.QUEUED, MailJob.Status.RUNNING)
MAX_ATTEMPTS = 3
MAX_ERRORS_KEPT = 20
# A job still queued this long was never received (the broker was down): it
# is sent again.  A running job silent this long lost its worker: it is
# queued again and resumes with the players it had not mailed.
RESEND_QUEUED_AFTER = timedelta(minutes=1)
LOST_RUNNING_AFTER = timedelta(minutes=20)
# Errors of one address: the others are still mailed.
RECIPIENT_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError)
QUEUE_DOWN = gettext_lazy(
    "The task queue could not be reached: the mails go once it is back."
)


class ResultsNotShown(Exception):
    """The event's results are not published and the director did not insist."""


@dataclass(frozen=True)
class Recipient:
    """A player to mail, with the pair the player played in."""

    player: Player
    pair: Pair


def mail_recipients(section: Section) -> list[Recipient]:
    """Each player of the section's pairs who has an e-mail address, once,
    in the order of the pairs (NS, then EW, by number)."""
    pairs = pairs_in_order(section.pairs.prefetch_related("players"))
    seen: set[int] = set()
    recipients = []
    for pair in pairs:
        for player in sorted(pair.players.all(), key=lambda p: p.pk):
            if player.email.strip() and player.pk not in seen:
                seen.add(player.pk)
                recipients.append(Recipient(player, pair))
    return recipients


def public_base_url(request: HttpRequest) -> str:
    """Where the mailed links point: ``DONNE_PUBLIC_URL`` if set (the address
    the room's devices reach), else the address the director is using."""
    configured = getattr(settings, "DONNE_PUBLIC_URL", "") or ""
    return (configured or request.build_absolute_uri("/")).rstrip("/")


def mail_job_start(
    section: Section,
    *,
    base_url: str,
    user: AbstractBaseUser | AnonymousUser | None = None,
    force: bool = False,
) -> tuple[MailJob, bool]:
    """The job mailing the section's results, and whether it is a new one.

    Refused (``ResultsNotShown``) when the event's results are not published
    unless ``force`` (the director sends them explicitly), and
    (``ValidationError``) when no player has an address.  A sending already
    queued or running for the section is returned instead of a second one.
    """
    if not section.session.event.published and not force:
        raise ResultsNotShown(
            _(
                "The results are not published: publish them, or confirm that "
                "they are sent all the same."
            )
        )
    total = len(mail_recipients(section))
    if not total:
        raise ValidationError(
            {"section": _("No player of this section has an e-mail address.")}
        )
    live = MailJob.objects.filter(section=section, status__in=LIVE)
    create = partial(
        MailJob.objects.create,
        section=section,
        created_by=user if getattr(user, "is_authenticated", False) else None,
        total=total,
        base_url=base_url[:200],
        language=translation.get_language() or settings.LANGUAGE_CODE,
    )
    return live_or_new_job(live, create, queue_mail_job)


def queue_mail_job(job_id: int) -> bool:
    """Send the job to the workers; when the broker is down say so on it."""
    if send_task("mail.results", job_id):
        return True
    MailJob.objects.filter(pk=job_id, status=MailJob.Status.QUEUED).update(
        error=str(QUEUE_DOWN)
    )
    return False


def mail_job_run(job_id: int) -> str:
    """Mail every player the job has not handled yet; the job's final status."""
    claimed = MailJob.objects.filter(pk=job_id, status=MailJob.Status.QUEUED).update(
        status=MailJob.Status.RUNNING,
        attempts=F("attempts") + 1,
        error="",
        updated=timezone.now(),
    )
    if not claimed:  # another worker has it, it has ended, or it is gone
        return _status(job_id)
    job = (
        MailJob.objects.select_related("section__session__event")
        .filter(pk=job_id)
        .first()
    )
    if job is None:
        return ""
    with translation.override(job.language):
        try:
            _deliver(job)
        except SoftTimeLimitExceeded:
            _stop(job.pk, _("The sending took too long and was stopped."))
        except Exception:
            logger.exception("mail job %s stopped", job_id)
            MailJob.objects.filter(pk=job_id).update(
                status=MailJob.Status.FAILED,
                error=_("The sending stopped on an unexpected error."),
                updated=timezone.now(),
            )
    return _status(job_id)


def _status(job_id: int) -> str:
    """The job's status; "" once it is gone (its event deleted)."""
    found = MailJob.objects.filter(pk=job_id).values_list("status", flat=True)
    return found.first() or ""


def _deliver(job: MailJob) -> None:
    """Mail the players not handled yet, one connection for them all."""
    section = job.section
    report = stored_report(section)
    standings = standings_by_pair(report)
    sizes = {
        row.pair.pk: len(rows) for rows in report.rankings.values() for row in rows
    }
    recipients = mail_recipients(section)
    handled = set(job.mailed)
    # Addresses added or removed since the job started: the count follows.
    total = len(handled | {recipient.player.pk for recipient in recipients})
    MailJob.objects.filter(pk=job.pk).update(total=total)
    waiting = [r for r in recipients if r.player.pk not in handled]
    errors: list[str] = []
    connection = get_connection()
    try:
        connection.open()
    except OSError as error:
        _server_down(job, waiting, errors, error)
        return
    try:
        for index, recipient in enumerate(waiting):
            player = recipient.player
            message = results_message(
                job,
                recipient,
                standings.get(recipient.pair.pk),
                sizes.get(recipient.pair.pk, 0),
                report.by_imps,
            )
            message.connection = connection
            sent = False
            try:
                message.send()
                sent = True
            except RECIPIENT_ERRORS as error:
                errors.append(f"{player.full_name}: {error}")
            except OSError as error:  # the server itself: the others would fail too
                _server_down(job, waiting[index:], errors, error)
                return
            except Exception as error:  # a bad address or header: this player only
                errors.append(f"{player.full_name}: {error}")
            if not _count(job, player.pk, sent, errors):
                return  # the job was deleted (its event with it): stop
    finally:
        connection.close()
    MailJob.objects.filter(pk=job.pk).update(
        status=MailJob.Status.DONE, updated=timezone.now()
    )


def _count(job: MailJob, player_id: int, sent: bool, errors: list[str]) -> bool:
    """Record one player handled, at once: the page shows it and a resumed
    job skips it.  False when the job is gone."""
    job.mailed.append(player_id)
    return bool(
        MailJob.objects.filter(pk=job.pk).update(
            sent=F("sent") + int(sent),
            failed=F("failed") + int(not sent),
            mailed=job.mailed,
            error="\n".join(errors[:MAX_ERRORS_KEPT]),
            updated=timezone.now(),
        )
    )


def _server_down(
    job: MailJob, left: list[Recipient], errors: list[str], error: Exception
) -> None:
    """Count every player left as not sent and end the job with the reason."""
    reason = _("The mail server could not be reached (%(error)s).") % {"error": error}
    logger.warning("mail job %s: %s", job.pk, reason)
    MailJob.objects.filter(pk=job.pk).update(
        status=MailJob.Status.FAILED,
        failed=F("failed") + len(left),
        mailed=job.mailed + [recipient.player.pk for recipient in left],
        error="\n".join([reason, *errors][:MAX_ERRORS_KEPT]),
        updated=timezone.now(),
    )


def _stop(job_id: int, reason: str) -> None:
    """A run stopped midway: queued again (it resumes) until its last attempt."""
    attempts = MailJob.objects.filter(pk=job_id).values_list("attempts", flat=True)
    again = (attempts.first() or 0) < MAX_ATTEMPTS
    MailJob.objects.filter(pk=job_id).update(
        status=MailJob.Status.QUEUED if again else MailJob.Status.FAILED,
        error=reason,
        updated=timezone.now(),
    )


def results_message(
    job: MailJob,
    recipient: Recipient,
    standing: StandingRow | None,
    ranked: int,
    by_imps: bool,
) -> EmailMessage:
    """The mail to one player: the pair's ranking line and its scorecard link."""
    section = job.section
    event = section.session.event
    pair = recipient.pair
    link = job.base_url + reverse("results:pair", args=[section.pk, pair.pk])
    context = {
        "player": recipient.player,
        "pair": pair,
        "section": section,
        "event": event,
        "standing": standing,
        "ranked": ranked,
        "by_imps": by_imps,
        "link": link,
        "results": job.base_url + reverse("results:event", args=[event.pk]),
    }
    subject = _("Results: %(event)s, section %(letter)s") % {
        "event": event.name,
        "letter": section.letter,
    }
    body = render_to_string("mail/results.txt", context)
    return EmailMessage(
        subject=" ".join(subject.split()),
        body=body,
        to=[recipient.player.email.strip()],
    )


def mail_jobs_sweep(now: datetime | None = None) -> dict[str, list[int]]:
    """Send again the jobs never received; queue again those whose worker
    was lost (they resume), up to ``MAX_ATTEMPTS`` runs."""
    now = now or timezone.now()
    lost = MailJob.objects.filter(
        status=MailJob.Status.RUNNING, updated__lt=now - LOST_RUNNING_AFTER
    )
    lost_ids = list(lost.values_list("pk", flat=True))
    for job_id in lost_ids:
        _stop(job_id, _("The sending stopped: the worker running it was lost."))
    queued = MailJob.objects.filter(status=MailJob.Status.QUEUED).filter(
        Q(updated__lt=now - RESEND_QUEUED_AFTER) | Q(pk__in=lost_ids)
    )
    resent = list(queued.values_list("pk", flat=True))
    for job_id in resent:
        if queue_mail_job(job_id):
            MailJob.objects.filter(pk=job_id).update(updated=now)
    return {"mail_resent": resent, "mail_lost": lost_ids}
