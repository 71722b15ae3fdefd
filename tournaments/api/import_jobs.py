"""Import jobs through the API: a large results file's progress, for directors."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import DirectorOnly
from tournaments.importers.import_jobs import ALREADY_SENT, STARTED
from tournaments.models import ImportJob
from tournaments.selectors.api_clubs import import_job_by_id


class ImportJobStartedSerializer(serializers.Serializer):
    job = serializers.IntegerField(help_text="the job's id")
    status = serializers.CharField(help_text="queued, running, done or failed")
    url = serializers.CharField(help_text="where to follow it")
    message = serializers.CharField()


class ImportJobSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

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

    def get_url(self, job: ImportJob) -> str:
        return job_url(self.context["request"], job)


def job_url(request: Request, job: ImportJob) -> str:
    """The job's address in the API."""
    return request.build_absolute_uri(reverse("api-import-job", args=[job.pk]))


def job_started(request: Request, job: ImportJob, new: bool) -> Response:
    """The 202 of a file queued as a job, or the 200 of the job that already
    has this file (it is not imported twice)."""
    message = str(STARTED if new else ALREADY_SENT)
    body = {
        "job": job.pk,
        "status": job.status,
        "url": job_url(request, job),
        "message": message,
    }
    return Response(body, status=202 if new else 200)


class ImportJobView(ApiAccess, APIView):
    """GET an import job: its status, progress, event and faults."""

    permission_classes = [DirectorOnly]

    @extend_schema(responses=ImportJobSerializer)
    def get(self, request: Request, id: int) -> Response:
        job = import_job_by_id(id)
        return Response(ImportJobSerializer(job, context={"request": request}).data)
