"""``{{ note|translated }}``: a movement's note in the reader's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from tournaments.movements.model import Note, Numbers, join_numbers

register = template.Library()


@register.filter
def translated(note: object) -> str:
    """A ``Note`` translated now; any other text as it is."""
    if not isinstance(note, Note):
        return str(note)
    values = {
        name: join_numbers(value, gettext("and"))
        if isinstance(value, Numbers)
        else value
        for name, value in note.values.items()
    }
    text = gettext(note.message)
    return text % values if values else text
