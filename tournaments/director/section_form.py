"""The base of the section page's forms on a running section: each is built
for its section, and a form with a ``pair`` field offers the section's pairs
by label ("3NS"), as the services take them."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import Section
from tournaments.services.pairs import section_pairs


class SectionForm(forms.Form):
    """A section-page form bound to its section."""

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.section = section
        if "pair" in self.fields:
            self.fields["pair"].choices = [
                (pair.label, f"{pair.label} {pair.names}".strip())
                for pair in section_pairs(section)
            ]
