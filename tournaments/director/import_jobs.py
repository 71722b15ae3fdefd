"""The page of a large results file being imported: its progress, then its event."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.selectors.director_events import import_job_for_director

REFRESH_SECONDS = 2


@staff_member_required
def import_job(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's status and lines stored; the page reloads itself every two
    seconds (a ``Refresh`` header) until the job is done or has failed."""
    job = import_job_for_director(pk)
    percent = round(100 * job.done / job.total) if job.total else 0
    response = render(
        request, "director/import_job.html", {"job": job, "percent": percent}
    )
    if not job.finished:
        response["Refresh"] = str(REFRESH_SECONDS)
    return response
