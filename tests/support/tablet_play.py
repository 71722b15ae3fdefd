"""Table tablets in tests: a browser client signed in at a section's table."""

from __future__ import annotations

from django.test import Client

from tournaments.models import Section


def tablet_client(section: Section, number: int = 1) -> Client:
    """A new client signed in with the code of ``section``'s table ``number``
    (the sign-in redirects to the play page: 302)."""
    tablet = Client()
    code = section.table_set.get(number=number).code
    assert tablet.post("/table/", {"code": code}).status_code == 302
    return tablet
