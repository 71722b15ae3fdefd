"""Directors of clubs: a user made the director of a club, the club made if new.

Used by ``manage.py create_director`` and the site administrator's tools.  A
director is an active staff user (the director's pages need it) who is not a
superuser (that is the site administrator, who directs every club); the
password is checked by the project's password validators.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club


@dataclass(frozen=True)
class DirectorMade:
    """What ``director_create`` did."""

    user: AbstractUser
    club: Club
    new_user: bool
    new_club: bool


@transaction.atomic
def director_create(
    username: str, club_name: str, password: str | None = None, *, email: str = ""
) -> DirectorMade:
    """Make ``username`` a director of the club ``club_name`` (both created
    when missing).  A new user needs ``password``; an existing one keeps
    theirs unless a password is given.  Refusals name the field."""
    username, club_name = username.strip(), " ".join(club_name.split())
    if not username:
        raise ValidationError({"username": _("Give the director's user name.")})
    if not club_name:
        raise ValidationError({"club": _("Give the club's name.")})
    if len(club_name) > Club._meta.get_field("name").max_length:
        raise ValidationError({"club": _("The club's name is too long.")})
    users = get_user_model()
    user = users.objects.select_for_update().filter(username=username).first()
    new_user = user is None
    if new_user:
        if not password:
            raise ValidationError({"password": _("A new director needs a password.")})
        user = users(username=username, email=email)
        user.full_clean(exclude=["password"])
    if password:
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise ValidationError({"password": error.messages}) from None
        user.set_password(password)
    user.is_staff = True
    user.is_active = True
    user.save()
    club, new_club = Club.objects.get_or_create(name=club_name)
    club.directors.add(user)
    return DirectorMade(user, club, new_user, new_club)
