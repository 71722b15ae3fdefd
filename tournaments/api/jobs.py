"""A background job over the API, the same way for every kind of job (a
large file's import, a section's mailing): its address, its serializer's
``url``, and the directors' view that follows it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db.models import Model
from django.urls import reverse
from drf_spectacular.plumbing import get_doc
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import DirectorOnly


def job_address(request: Request, url_name: str, job: Model) -> str:
    """The job's absolute address in the API (``url_name``'s route)."""
    return request.build_absolute_uri(reverse(url_name, args=[job.pk]))


# A job with ``url``, its address to follow it (route ``url_name``).  No
# docstring: the schema would describe every job's component with it.
class JobSerializer(serializers.ModelSerializer):
    url_name: ClassVar[str]

    url = serializers.SerializerMethodField()

    def get_url(self, job: Model) -> str:
        return job_address(self.context["request"], self.url_name, job)


class JobView(ApiAccess, APIView):
    """A director reads a job: ``serializer`` of ``job_by_id(id)``.

    A subclass naming its ``serializer`` gets its schema from it, described
    by the subclass's docstring.
    """

    permission_classes = [DirectorOnly]
    serializer: ClassVar[type[JobSerializer]]
    job_by_id: ClassVar[Callable[[int], Model]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "serializer" in cls.__dict__:
            schema = extend_schema(responses=cls.serializer, description=get_doc(cls))
            extend_schema_view(get=schema)(cls)

    def get(self, request: Request, id: int) -> Response:
        """The job: its status and progress."""
        job = self.job_by_id(id)
        return Response(self.serializer(job, context={"request": request}).data)
