"""The page of a large results file being imported: its progress, then its event."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import ImportJob

REFRESH_SECONDS = 2


@staff_member_required
def import_job(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's status and lines stored; the page reloads itself every two
    seconds (a ``Refresh`` header) until the job is done or has failed."""
    job = get_object_or_404(ImportJob, pk=pk)
    percent = round(100 * job.done / job.total) if job.total else 0
    response = render(
        request, "director/import_job.html", {"job": job, "percent": percent}
    )
    if not job.finished:
        response["Refresh"] = str(REFRESH_SECONDS)
    return response
