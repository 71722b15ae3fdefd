"""Files through the API: a results file, hand records, typed travellers.

Each upload is multipart with the file in the field ``file``; it is stored
whole or refused with a 400 whose ``file`` entry lists every fault by line.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import GameError
from tournaments.api.events import ApiAccess
from tournaments.api.import_jobs import ImportJobStartedSerializer, job_started
from tournaments.api.permissions import DirectorOnly
from tournaments.importers.hand_records import import_hand_records
from tournaments.importers.limits import MAX_SESSION
from tournaments.importers.results_files import fault_messages, upload_too_big
from tournaments.importers.travellers import TravellerFileError
from tournaments.importers.uploads import results_upload, travellers_upload
from tournaments.models import ImportJob, Session
from tournaments.selectors.api_events import event_by_id
from tournaments.selectors.api_sections import section_with_session


class FileUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="the file, at most 10 MB")
    name = serializers.CharField(
        required=False, max_length=160, help_text="results files: the event's name"
    )
    session = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_SESSION,
        help_text="hand records: only this session",
    )
    confirm_incomplete = serializers.BooleanField(
        required=False,
        default=False,
        help_text="results files: import a file that seems to end mid-table "
        "(refused otherwise, naming where)",
    )

    def validate_file(self, upload):
        too_big = upload_too_big(upload.size)
        if too_big:
            raise serializers.ValidationError(too_big)
        return upload


class ImportedEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()


class HandRecordReportSerializer(serializers.Serializer):
    attached = serializers.IntegerField(help_text="boards given their deal")
    warnings = serializers.ListField(child=serializers.CharField())


class TravellerReportSerializer(serializers.Serializer):
    stored = serializers.IntegerField(help_text="traveller lines stored")


def _upload(request: Request) -> tuple[bytes, str, dict[str, Any]]:
    """The posted file's bytes and name, and the other fields given."""
    data = FileUploadSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    upload = data.validated_data["file"]
    return upload.read(), upload.name, data.validated_data


def _refused(error: Exception) -> ValidationError:
    return ValidationError({"file": fault_messages(error)})


class FileView(ApiAccess, APIView):
    permission_classes = [DirectorOnly]
    parser_classes = [MultiPartParser]


class ResultsFileView(FileView):
    """POST a PBN or USEBIO results file: a new event, scored by Donne (201).

    The same file sent again by the same club answers 200 with the event it
    made the first time.  A file that seems to end mid-table is a 400 naming
    where, unless ``confirm_incomplete`` is true.  A file over 256 KB is
    imported by a job: a 202 with the job to follow (a 200 with the existing
    job when the same file was already sent).
    """

    @extend_schema(
        request={"multipart/form-data": FileUploadSerializer},
        responses={
            201: ImportedEventSerializer,
            202: ImportJobStartedSerializer,
            200: ImportedEventSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        data, filename, fields = _upload(request)
        name = fields.get("name") or None
        try:
            event, new = results_upload(
                data,
                file_name=filename,
                name=name,
                user=request.user,
                confirm_incomplete=fields["confirm_incomplete"],
            )
        except (GameError, DjangoValidationError) as error:
            raise _refused(error) from None
        if isinstance(event, ImportJob):
            return job_started(request, event, new)
        body = {"id": event.pk, "name": event.name, "kind": event.kind}
        return Response(
            body, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK
        )


class HandRecordsView(FileView):
    """POST a PBN file of deals: each board of that number gets its deal."""

    @extend_schema(
        request={"multipart/form-data": FileUploadSerializer},
        responses=HandRecordReportSerializer,
    )
    def post(self, request: Request, id: int) -> Response:
        event = event_by_id(id)
        data, _filename, fields = _upload(request)
        try:
            report = import_hand_records(event, data, session=fields.get("session"))
        except GameError as error:
            raise _refused(error) from None
        return Response({"attached": report.attached, "warnings": report.warnings})


class TravellerFileView(FileView):
    """POST a section's travellers as CSV or .xlsx: all lines stored, or none."""

    @extend_schema(
        request={"multipart/form-data": FileUploadSerializer},
        responses={201: TravellerReportSerializer},
    )
    def post(self, request: Request, id: int) -> Response:
        section = section_with_session(id)
        if section.session.status == Session.Status.CLOSED:
            raise ValidationError(
                {"file": [_("This session is closed: reopen it first.")]}
            )
        data, filename, _fields = _upload(request)
        try:
            stored = travellers_upload(section, data, filename, request.user)
        except TravellerFileError as error:
            raise _refused(error) from None
        return Response({"stored": stored}, status=status.HTTP_201_CREATED)
