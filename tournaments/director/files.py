"""The director brings files in: hand records, typed travellers, a results file.

Each upload is read whole and stored in one transaction, or refused with a
page (HTTP 400) listing every fault by its line, nothing stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from games.errors import GameError
from tournaments.importers.hand_records import import_hand_records
from tournaments.importers.import_jobs import ALREADY_SENT
from tournaments.importers.limits import MAX_SESSION
from tournaments.importers.results_files import fault_messages, upload_too_big
from tournaments.importers.travellers import TravellerFileError
from tournaments.importers.uploads import results_upload, travellers_upload
from tournaments.models import ImportJob, Session
from tournaments.selectors.director_events import event_for_director
from tournaments.selectors.director_sections import section_with_session

FILE_ALREADY_SENT = gettext_lazy(
    "This file was already imported: here is its event “%(name)s”, not a second one."
)


class UploadForm(forms.Form):
    """One file, not empty and not too big for a club's results."""

    file = forms.FileField(label=gettext_lazy("File"))
    name = forms.CharField(
        label=gettext_lazy("Event name"),
        required=False,
        max_length=160,
        help_text=gettext_lazy("Leave empty to take the file's own."),
    )
    session = forms.IntegerField(
        label=gettext_lazy("Session"),
        required=False,
        min_value=1,
        max_value=MAX_SESSION,
    )
    confirm_incomplete = forms.BooleanField(
        label=gettext_lazy("Import it even if it looks cut off"),
        required=False,
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        too_big = upload_too_big(upload.size)
        if too_big:
            raise ValidationError(too_big)
        return upload.read()


def _refused(
    request: HttpRequest, title: str, errors: list[str], back: str
) -> HttpResponse:
    """The page of a refused file: every fault, and the way back."""
    context = {"title": title, "errors": errors, "back": back}
    return render(request, "director/file_refused.html", context, status=400)


def _read(
    request: HttpRequest, title: str, back: str
) -> tuple[UploadForm, HttpResponse | None]:
    """The posted form, or the refusal page when it is not valid."""
    form = UploadForm(request.POST, request.FILES)
    if form.is_valid():
        return form, None
    errors = [
        f"{form.fields[name].label}: {error}"
        for name, faults in form.errors.items()
        for error in faults
    ]
    return form, _refused(request, title, errors, back)


def _guarded(
    request: HttpRequest,
    title: str,
    back: str,
    store: Callable[[dict[str, Any]], str],
) -> HttpResponse:
    """Read the upload and store it; the success message, or the refusal page."""
    form, refused = _read(request, title, back)
    if refused is not None:
        return refused
    try:
        done = store(form.cleaned_data)
    except (GameError, ValidationError, TravellerFileError) as error:
        return _refused(request, title, fault_messages(error), back)
    return redirect(done)


@staff_member_required
@require_POST
def hand_records_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Attach a dealer program's PBN deals to the event's boards."""
    event = event_for_director(pk)
    back = reverse("director:event", args=[event.pk])

    def store(upload: dict[str, Any]) -> str:
        report = import_hand_records(event, upload["file"], session=upload["session"])
        messages.success(
            request,
            ngettext(
                "%(count)d board given its deal.",
                "%(count)d boards given their deal.",
                report.attached,
            )
            % {"count": report.attached},
        )
        for warning in report.warnings:
            messages.warning(request, warning)
        return back

    return _guarded(request, _("Hand records not imported"), back, store)


@staff_member_required
@require_POST
def travellers_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Store a section's travellers typed into a CSV or Excel file, all or none."""
    section = section_with_session(pk)
    back = reverse("director:section", args=[section.pk])
    if section.session.status == Session.Status.CLOSED:
        messages.error(request, _("This session is closed: reopen it first."))
        return redirect(back)
    upload = request.FILES.get("file")
    filename = upload.name if upload is not None else ""

    def store(upload: dict[str, Any]) -> str:
        stored = travellers_upload(section, upload["file"], filename, request.user)
        messages.success(
            request,
            ngettext(
                "%(count)d traveller line stored.",
                "%(count)d traveller lines stored.",
                stored,
            )
            % {"count": stored},
        )
        return back

    return _guarded(request, _("Travellers not imported"), back, store)


@staff_member_required
@require_POST
def results_import(request: HttpRequest) -> HttpResponse:
    """A PBN or USEBIO results file from another program, as a new event;
    a large one is imported by a job, whose page follows it."""
    sent = request.FILES.get("file")
    filename = sent.name if sent is not None else ""

    def store(upload: dict[str, Any]) -> str:
        event, new = results_upload(
            upload["file"],
            file_name=filename,
            name=upload["name"] or None,
            user=request.user,
            confirm_incomplete=upload["confirm_incomplete"],
        )
        if isinstance(event, ImportJob):
            if not new:
                messages.info(request, ALREADY_SENT)
            return reverse("director:import-job", args=[event.pk])
        if new:
            messages.success(
                request, _("Event “%(name)s” imported.") % {"name": event.name}
            )
        else:
            messages.info(request, FILE_ALREADY_SENT % {"name": event.name})
        return reverse("director:event", args=[event.pk])

    back = reverse("director:dashboard")
    return _guarded(request, _("Results file not imported"), back, store)
