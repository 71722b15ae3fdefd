"""``{{ note|translated }}``: a movement's note in the reader's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from tournaments.movements.model import Listing, Note, join_numbers

register = template.Library()


@register.filter
def translated(note: object) -> str:
    """A ``Note`` translated now, its pieces too; any other value as text."""
    if isinstance(note, Listing):
        return join_numbers([translated(item) for item in note], gettext("and"))
    if not isinstance(note, Note):
        return str(note)
    text = gettext(note.message)
    if not note.values:
        return text
    return text % {name: translated(value) for name, value in note.values.items()}
