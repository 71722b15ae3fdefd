"""What every game's line-entry view does the same way over the API.

Check the request's data, find the section of the view's game, the table a
line is entered for (a table token's own, or the one a director names) and
who enters it, and answer a service's refusal as a 400 naming the field.
The Whiz, Barbu, Chinese bridge, Bridgeote views and the event creations
use these instead of each writing them out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.plumbing import get_doc
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import token_table, visible_sections
from tournaments.api.writes import api_error, numbered
from tournaments.models import Section, Source, Table
from tournaments.selectors.api_sections import section_among, sections_with_event


def validated(serializer: type[serializers.Serializer], request: Request) -> Any:
    """The request's data checked by ``serializer`` (a 400 naming the field)."""
    data = serializer(data=request.data, context={"request": request})
    data.is_valid(raise_exception=True)
    return data.validated_data


@contextmanager
def service_refusals() -> Iterator[None]:
    """A service's ``ValidationError`` answered as a 400 naming its field."""
    try:
        yield
    except DjangoValidationError as error:
        raise api_error(error) from None


class GameLineView(ApiAccess, APIView):
    """A view of a game's lines in a section: a director or its tables write.

    A read sees the sections the request may see; a write finds any section
    of the view's game (``kinds``, or ``section_filter``), the view's
    permissions deciding (a table token writes its own section).
    """

    kinds: tuple[str, ...] = ()

    def section_filter(self) -> dict[str, Any]:
        return {"session__event__kind__in": self.kinds}

    def get_section(self, request: Request, id: int) -> Section:
        if request.method in SAFE_METHODS:
            sections = visible_sections(request)
        else:
            sections = sections_with_event()
        section = section_among(sections, id, **self.section_filter())
        self.check_object_permissions(request, section)
        return section

    def entry_table(self, section: Section, number: int | None) -> Table:
        """The table a line is entered for: a table token's own, else the named one.

        A token naming another table is refused (403); a director must name
        an existing table of the section (400 on "table").
        """
        table = token_table(self.request)
        if table is not None:
            if number is not None and number != table.number:
                raise exceptions.PermissionDenied(
                    _("A table token enters results at its own table only.")
                )
            return table
        if number is None:
            raise exceptions.ValidationError({"table": [_("Name the table.")]})
        return numbered(section.table_set, number, "table")

    def entry_author(self) -> dict[str, Any]:
        """Who writes a line: a table's tablet (no user), else the API user."""
        if token_table(self.request) is not None:
            return {"user": None, "source": Source.TABLE}
        return {"user": self.request.user, "source": Source.API}


class LineEntryView(GameLineView):
    """A game's view entering a line in a section, the same steps for every
    game: POST checks the request by ``input_serializer``, ``enter`` stores
    it through the game's service (its refusals a 400), and the answer shows
    what ``enter`` returns by ``line_serializer`` with ``entered_status``.

    A subclass naming its ``line_serializer`` gets its schema from these
    (``entry_description``, else the view's docstring, describes the POST).
    """

    input_serializer: ClassVar[type[serializers.Serializer]]
    line_serializer: ClassVar[type[serializers.Serializer]]
    submit: ClassVar[Callable[..., Any]]
    entered_status: ClassVar[int] = status.HTTP_201_CREATED
    entry_description: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "line_serializer" in cls.__dict__:
            extend_schema_view(**cls.method_schemas())(cls)

    @classmethod
    def method_schemas(cls) -> dict[str, Any]:
        """The schema of each method, by name, from the view's serializers."""
        return {
            "post": extend_schema(
                request=cls.input_serializer,
                responses={cls.entered_status: cls.line_serializer},
                description=cls.entry_description or get_doc(cls),
            )
        }

    def enter(self, section: Section, values: dict[str, Any]) -> Any:
        """Store the line ``values`` give in ``section``; what the answer shows.

        By default the game's ``submit`` service stores it, given the values
        by name (:meth:`entry_values`) and returning the line stored."""
        return self.submit(**self.entry_values(section, values))

    def entry_values(self, section: Section, values: dict[str, Any]) -> dict[str, Any]:
        """The request's checked ``values`` as a game's submit service takes
        them: the table entering (:meth:`entry_table`) for the number given,
        and who enters the line (:meth:`entry_author`)."""
        fields = {name: value for name, value in values.items() if name != "table"}
        table = self.entry_table(section, values.get("table"))
        return {**fields, "table": table, **self.entry_author()}

    def post(self, request: Request, id: int) -> Response:
        """Enter a line at a table of the section (:meth:`enter`)."""
        section = self.get_section(request, id)
        values = validated(self.input_serializer, request)
        with service_refusals():
            line = self.enter(section, values)
        body = self.line_serializer(line).data
        return Response(body, status=self.entered_status)


class SectionLinesView(LineEntryView):
    """A game's lines of a section: GET reads them all (``section_lines``,
    described by ``lines_description``, else the view's docstring), POST
    enters one (:class:`LineEntryView`)."""

    section_lines: ClassVar[Callable[[Section], Iterable[Any]]]
    lines_description: ClassVar[str | None] = None

    @classmethod
    def method_schemas(cls) -> dict[str, Any]:
        """The POST's schema and the GET's: a list of ``line_serializer``."""
        return super().method_schemas() | {
            "get": extend_schema(
                responses=cls.line_serializer(many=True),
                description=cls.lines_description or get_doc(cls),
            )
        }

    def get(self, request: Request, id: int) -> Response:
        """Every line of the section, in the game's order."""
        section = self.get_section(request, id)
        lines = self.section_lines(section)
        return Response(self.line_serializer(lines, many=True).data)
