"""Fields many models declare alike: who did it, and where a line came from.

``cascade_link`` is a link to the row this one is part of (deleted with
it); ``loose_link`` is a link the row outlives (set to null when its target is
deleted), with no reverse accessor; ``user_link`` is such a link to the user
who entered, gave, sent or lifted something.  ``Source`` is where a line
was entered from; ``choice_field`` is a setting among choices with its
default.  ``unique_when_given`` is the constraint of an optional
identifier (a licence, a file's digest, a tablet's submission key).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class Source(models.TextChoices):
    DIRECTOR = "director", _("Director")
    TABLE = "table", _("Table tablet")
    API = "api", _("API")
    IMPORT = "import", _("Import")


def cascade_link(
    to: type[models.Model] | str, related_name: str, **options: Any
) -> models.ForeignKey:
    """A link to the row this one is part of, deleted with it: a section's
    boards, an event's sessions, a board's lines.

    ``related_name`` is the parent's accessor ("+" for none); ``options`` are
    the field's others, such as its verbose name or ``null``.
    """
    return models.ForeignKey(
        to, on_delete=models.CASCADE, related_name=related_name, **options
    )


def loose_link(to: type[models.Model] | str, **options: Any) -> models.ForeignKey:
    """A link that outlives its target (set to null), with no reverse accessor.

    ``options`` are the field's others, such as its verbose name.
    """
    return models.ForeignKey(
        to,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        **options,
    )


def user_link(**options: Any) -> models.ForeignKey:
    """The user who acted, kept as null once the account is deleted."""
    return loose_link(settings.AUTH_USER_MODEL, **options)


def choice_field(
    label: Promise, default: models.Choices, *, max_length: int, **options: Any
) -> models.CharField:
    """A column holding one of the choices ``default`` belongs to, ``default``
    until someone chooses; ``options`` are the field's others (help text)."""
    return models.CharField(
        label,
        max_length=max_length,
        choices=type(default).choices,
        default=default,
        **options,
    )


def source_field() -> models.CharField:
    """Where a line was entered from (the director's page by default)."""
    return choice_field(_("entered from"), Source.DIRECTOR, max_length=12)


def unique_in_order(
    *fields: str,
    name: str,
    constraints: Iterable[models.BaseConstraint] = (),
    **options: object,
) -> type:
    """The ``Meta`` of rows numbered within their parent (a section's tables,
    an event's sessions, a session's matches...): ordered by ``fields``,
    unique on them, the constraint called ``name``; ``constraints`` are the
    rows' other constraints, checked after it, ``options`` other Meta options."""
    meta = {
        "ordering": list(fields),
        "constraints": [
            models.UniqueConstraint(fields=list(fields), name=name),
            *constraints,
        ],
        **options,
    }
    return type("Meta", (), meta)


def unique_when_given(*fields: str, name: str) -> models.UniqueConstraint:
    """Unique on ``fields`` among the rows whose last field is filled in.

    The last field is an optional identifier: left blank, it repeats freely;
    given, it names one row within the others (a club's licence numbers, a
    board's submission keys).  The constraint is called ``name``.
    """
    return models.UniqueConstraint(
        fields=list(fields), condition=~models.Q(**{fields[-1]: ""}), name=name
    )
