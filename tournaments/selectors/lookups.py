"""The one object a request names, or a 404: the selectors' shared lookup.

Views take an id from the URL and need its row (an event, a section, a
board); a selector builds the query (what it joins, what it filters) and
answers it through ``found``, so the view holds no query and a missing row
is the page's 404, as Django's ``get_object_or_404`` gives.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.shortcuts import get_object_or_404

Row = TypeVar("Row", bound=Model)


def found(rows: type[Row] | QuerySet[Row], **lookup: Any) -> Row:
    """The one row of ``rows`` matching ``lookup``; ``Http404`` if none."""
    return get_object_or_404(rows, **lookup)
