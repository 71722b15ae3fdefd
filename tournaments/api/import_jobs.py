"""Import jobs through the API: a large results file's progress, for directors."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.jobs import JobSerializer, JobView, job_address
from tournaments.importers.import_jobs import ALREADY_SENT, STARTED
from tournaments.models import ImportJob
from tournaments.selectors.api_clubs import import_job_by_id


class ImportJobStartedSerializer(serializers.Serializer):
    job = serializers.IntegerField(help_text="the job's id")
    status = serializers.CharField(help_text="queued, running, done or failed")
    url = serializers.CharField(help_text="where to follow it")
    message = serializers.CharField()


class ImportJobSerializer(JobSerializer):
    url_name = "api-import-job"

    class Meta:
        model = ImportJob
        fields = [
            "id",
            "file_name",
            "kind",
            "status",
            "done",
            "total",
            "event",
            "faults",
            "fault_count",
            "created",
            "url",
        ]


def job_started(request: Request, job: ImportJob, new: bool) -> Response:
    """The 202 of a file queued as a job, or the 200 of the job that already
    has this file (it is not imported twice)."""
    message = str(STARTED if new else ALREADY_SENT)
    body = {
        "job": job.pk,
        "status": job.status,
        "url": job_address(request, ImportJobSerializer.url_name, job),
        "message": message,
    }
    return Response(body, status=202 if new else 200)


class ImportJobView(JobView):
    """GET an import job: its status, progress, event and faults."""

    serializer = ImportJobSerializer
    job_by_id = staticmethod(import_job_by_id)
