"""``manage.py create_director USERNAME --club "Club name"``: a club's director.

The password comes from ``DONNE_DIRECTOR_PASSWORD``, else from a prompt
(twice) on a terminal; an existing user keeps their password unless one is
given, and becomes a director of one more club.  The club is created when
no club has that name.
"""

from __future__ import annotations

import getpass
import os
import sys

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.directors import director_create

PASSWORD_VARIABLE = "DONNE_DIRECTOR_PASSWORD"


class Command(BaseCommand):
    help = (
        "Make USERNAME a director of a club (the user and the club created when "
        f"missing); the password from {PASSWORD_VARIABLE} or a prompt."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--club", required=True, help="the club's name")
        parser.add_argument("--email", default="", help="the director's e-mail")

    def handle(self, *args: object, **options: str) -> None:
        username = options["username"]
        exists = get_user_model().objects.filter(username=username).exists()
        password = os.environ.get(PASSWORD_VARIABLE) or None
        if password is None and not exists:
            password = self._prompt()
        try:
            made = director_create(
                username, options["club"], password, email=options["email"]
            )
        except ValidationError as error:
            raise CommandError(_messages(error)) from None
        club = f"{made.club.name} (new club)" if made.new_club else made.club.name
        verb = "created" if made.new_user else "updated"
        self.stdout.write(f"director {made.user.username} {verb}, directs {club}")

    def _prompt(self) -> str:
        """The password typed twice on a terminal."""
        if not sys.stdin.isatty():
            raise CommandError(
                f"password: set {PASSWORD_VARIABLE} (no terminal to ask on)"
            )
        first = getpass.getpass("Password: ")
        if first != getpass.getpass("Password (again): "):
            raise CommandError("password: the two passwords differ")
        return first


def _messages(error: ValidationError) -> str:
    """A refusal as "field: message" lines."""
    if hasattr(error, "error_dict"):
        return "\n".join(
            f"{field}: {message}"
            for field, faults in error.message_dict.items()
            for message in faults
        )
    return "\n".join(error.messages)
