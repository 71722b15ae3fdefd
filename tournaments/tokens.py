"""Table tokens: what a tablet holds after signing in with its table's code.

A token is signed with the project's secret and expires; it names one table
of one section and nothing else, so a tablet can read and write only there.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing

from tournaments.models import Table

TOKEN_SALT = "donne.table-token"
# A club session lasts about four hours; a token outlives it comfortably.
TOKEN_MAX_AGE = 8 * 60 * 60


@dataclass(frozen=True)
class TableToken:
    """The table a verified token is bound to."""

    table_id: int
    section_id: int


def issue_table_token(table: Table) -> str:
    """A signed token for ``table`` (bound to its section)."""
    return signing.dumps(
        {"table": table.pk, "section": table.section_id}, salt=TOKEN_SALT
    )


def read_table_token(token: str, *, max_age: int = TOKEN_MAX_AGE) -> TableToken | None:
    """The table a token names, or None when it is forged, mangled or expired."""
    try:
        data = signing.loads(token, salt=TOKEN_SALT, max_age=max_age)
    except signing.BadSignature:
        return None
    try:
        return TableToken(int(data["table"]), int(data["section"]))
    except (KeyError, TypeError, ValueError):
        return None
