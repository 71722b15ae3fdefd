"""Fields many models declare alike: who did it, and where a line came from.

``user_link`` is the user who entered, gave, sent or lifted something: the
row outlives the account (set to null when it is deleted) and a user has no
reverse accessor to it.  ``Source`` is where a line was entered from.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Source(models.TextChoices):
    DIRECTOR = "director", _("Director")
    TABLE = "table", _("Table tablet")
    API = "api", _("API")
    IMPORT = "import", _("Import")


def user_link(**options: Any) -> models.ForeignKey:
    """A nullable link to the user who acted (``options``: its verbose name)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        **options,
    )


def source_field() -> models.CharField:
    """Where a line was entered from (the director's page by default)."""
    return models.CharField(
        _("entered from"),
        max_length=12,
        choices=Source.choices,
        default=Source.DIRECTOR,
    )
