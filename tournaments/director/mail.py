"""The director's pages mailing a section's results to its players."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.selectors.director_events import mail_job_with_event
from tournaments.selectors.director_sections import (
    pairs_ranked_section,
    recent_mail_jobs,
    section_player_count,
)
from tournaments.services.mail_jobs import (
    ResultsNotShown,
    mail_job_start,
    mail_recipients,
    public_base_url,
)

REFRESH_SECONDS = 2


@staff_member_required
def section_mail(request: HttpRequest, pk: int) -> HttpResponse:
    """Who will get the results; a POST starts the sending and shows it.

    Unpublished results go only when the director ticks "send all the same"
    (409 otherwise); a section whose players have no address is a 400.
    """
    section = pairs_ranked_section(pk)
    status = 200
    if request.method == "POST":
        try:
            job, new = mail_job_start(
                section,
                base_url=public_base_url(request),
                user=request.user,
                force=request.POST.get("force") == "1",
            )
        except ResultsNotShown as refusal:
            messages.error(request, str(refusal))
            status = 409
        except ValidationError as error:
            for text in error.message_dict["section"]:
                messages.error(request, text)
            status = 400
        else:
            if not new:
                messages.info(
                    request, _("These results are being sent already: here it is.")
                )
            return redirect("director:mail-job", job.pk)
    recipients = mail_recipients(section)
    players = section_player_count(section)
    event = section.session.event
    context = {
        "section": section,
        "event": event,
        "recipients": recipients,
        "players": players,
        "without_address": players - len(recipients),
        "players_url": club_players_url(event.club_id),
        "jobs": recent_mail_jobs(section, 10),
    }
    return render(request, "director/section_mail.html", context, status=status)


def club_players_url(club_id: int | None) -> str:
    """Where the club's players and their e-mail addresses are kept (the
    club's page of the administration, its players listed under it)."""
    if club_id is None:
        return ""
    return reverse("admin:tournaments_club_change", args=[club_id])


@staff_member_required
def mail_job(request: HttpRequest, pk: int) -> HttpResponse:
    """The sending's progress ("12 of 40 sent"), refreshing itself until done."""
    job = mail_job_with_event(pk)
    response = render(request, "director/mail_job.html", {"job": job})
    if not job.finished:
        response["Refresh"] = str(REFRESH_SECONDS)
    return response
