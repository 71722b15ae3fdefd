"""What every game's line-entry view does the same way over the API.

Check the request's data, find the section of the view's game, the table a
line is entered for (a table token's own, or the one a director names) and
who enters it, and answer a service's refusal as a 400 naming the field.
The Whiz, Barbu, Chinese bridge, Bridgeote views and the event creations
use these instead of each writing them out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
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
