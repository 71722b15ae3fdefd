"""Clubs and their players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import cascade_link, unique_when_given


class Club(models.Model):
    """A card club that runs events."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    city = models.CharField(_("city"), max_length=120, blank=True)
    federation_code = models.CharField(
        _("federation code"),
        max_length=32,
        blank=True,
        help_text=_("The club's number with its national federation."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # Who directs the club's events: a staff user sees and changes only the
    # events of the clubs named here (tournaments.access decides); a site
    # administrator (a superuser) directs every club.
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="directed_clubs",
        blank=True,
        verbose_name=_("directors"),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A member of a club, who plays in its events."""

    club = cascade_link(Club, "players", verbose_name=_("club"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    licence = models.CharField(
        _("licence number"),
        max_length=32,
        blank=True,
        help_text=_("The player's membership number with the national federation."),
    )
    email = models.EmailField(_("email"), blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            unique_when_given("club", "licence", name="unique_licence_per_club")
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        """First name then last name, as printed on rankings."""
        return f"{self.first_name} {self.last_name}".strip()
