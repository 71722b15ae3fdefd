"""Start a background job at most once: the job already live, or a new one.

An import of a results file and the mailing of a section's results both run
on the workers as a job row.  The same request sent twice (a double click, a
file uploaded again) gets the live job back, not a second one; two sent at
the same moment are told apart by the table's unique constraint, the second
getting the first's job.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Model, QuerySet

Job = TypeVar("Job", bound=Model)


def live_or_new_job(
    live: QuerySet[Job], create: Callable[[], Job], queue: Callable[[int], object]
) -> tuple[Job, bool]:
    """The job of ``live`` (those queued or running for the same request),
    or a new one ``create`` makes and ``queue`` sends to the workers once it
    commits; and whether it is new."""
    existing = live.first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            job = create()
    except IntegrityError:  # the same request, twice at once
        return live.get(), False
    transaction.on_commit(lambda: queue(job.pk))
    return job, True
