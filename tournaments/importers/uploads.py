"""A file a director sends, brought in the same way from the API and from
the director's pages: a results file as a new event (by a job when it is
large), a section's typed travellers."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.importers.import_jobs import import_job_start, needs_job
from tournaments.importers.results_files import results_file_once
from tournaments.importers.travellers import import_travellers, read_rows
from tournaments.models import Event, ImportJob, Section


def results_upload(
    data: bytes,
    *,
    file_name: str,
    name: str | None,
    user: AbstractBaseUser | None,
    confirm_incomplete: bool,
) -> tuple[ImportJob | Event, bool]:
    """The event a results file makes, or the job importing it when it is
    too large to read during the request (``needs_job``), and whether it is
    new: false when the same file was already sent (``results_file_once``,
    ``import_job_start``).  Raises what the importer refuses the file with."""
    if needs_job(data):
        return import_job_start(
            data,
            file_name=file_name,
            name=name,
            user=user,
            confirm_incomplete=confirm_incomplete,
        )
    return results_file_once(
        data,
        name=name,
        user=user,
        file_name=file_name,
        confirm_incomplete=confirm_incomplete,
    )


def travellers_upload(
    section: Section, data: bytes, file_name: str, user: AbstractBaseUser | None
) -> int:
    """Store a section's travellers from a CSV or .xlsx file, all or none
    (``import_travellers``); the count of lines stored.  Raises
    ``TravellerFileError`` listing every fault by line."""
    return import_travellers(
        section, read_rows(data, file_name), user=user, file_name=file_name
    )
