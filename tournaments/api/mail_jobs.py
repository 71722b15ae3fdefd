"""Results by e-mail through the API: start a section's sending, follow it.

``POST /api/sections/{id}/mail/`` (``{"force": true}`` to send results not
published yet) answers 202 with the new job, or 200 with the sending
already under way; ``GET /api/mail-jobs/{id}/`` tells how far it is.
Directors only, as on the director's pages (``services.mail_jobs``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.jobs import JobSerializer, JobView
from tournaments.api.permissions import DirectorOnly
from tournaments.models import MailJob
from tournaments.selectors.api_clubs import mail_job_by_id
from tournaments.selectors.api_sections import pairs_ranked_section
from tournaments.services.mail_jobs import (
    ResultsNotShown,
    mail_job_start,
    public_base_url,
)


class MailStartSerializer(serializers.Serializer):
    force = serializers.BooleanField(
        required=False,
        default=False,
        help_text="send the results even though they are not published",
    )


class MailJobSerializer(JobSerializer):
    url_name = "api-mail-job"

    class Meta:
        model = MailJob
        fields = [
            "id",
            "section",
            "status",
            "total",
            "sent",
            "failed",
            "error",
            "created",
            "updated",
            "url",
        ]


class SectionMailView(ApiAccess, APIView):
    """POST: mail the section's results to each player with an address."""

    permission_classes = [DirectorOnly]

    @extend_schema(
        request=MailStartSerializer,
        responses={
            202: MailJobSerializer,
            200: MailJobSerializer,
            400: OpenApiResponse(description="no player has an address; bad force"),
            404: OpenApiResponse(description="no such pairs section"),
            409: OpenApiResponse(description="results not published and no force"),
        },
    )
    def post(self, request: Request, id: int) -> Response:
        section = pairs_ranked_section(id)
        data = MailStartSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            job, new = mail_job_start(
                section,
                base_url=public_base_url(request),
                user=request.user,
                force=data.validated_data["force"],
            )
        except ResultsNotShown as refusal:
            return Response({"force": [str(refusal)]}, status=status.HTTP_409_CONFLICT)
        except ValidationError as error:
            return Response(error.message_dict, status=status.HTTP_400_BAD_REQUEST)
        job.refresh_from_db()
        body = MailJobSerializer(job, context={"request": request}).data
        return Response(body, status=202 if new else 200)


class MailJobView(JobView):
    """GET a results mailing: its status and how many mails went."""

    serializer = MailJobSerializer
    job_by_id = staticmethod(mail_job_by_id)
