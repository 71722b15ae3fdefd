"""What the players of the individual games share: ``Entrant`` and ``Standing``.

A Whiz, Barbu or Chinese bridge player is entered in a section under a
number, as a club member or just a name; ``entrant_meta`` gives a game's
entrant its database constraint (one player a number in a section) and its
names, under the constraint name the game has always had.  A Whiz or Barbu
player's ``Standing`` (rank and position) is written by the scorer, a
``MatchpointStanding`` when the player is ranked on matchpoints board by board.
"""

from __future__ import annotations

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models.club import Player
from tournaments.models.event import Section
from tournaments.models.fields import cascade_link


def section_link(related_name: str) -> models.ForeignKey:
    """The section an entrant plays in (deleted with it)."""
    return cascade_link(Section, related_name)


class Entrant(models.Model):
    """A player of a section, numbered: a club member, or just a name."""

    number = models.PositiveSmallIntegerField(_("number"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    name = models.CharField(_("name"), max_length=120, blank=True)

    class Meta:
        abstract = True
        ordering = ["section", "number"]

    def __str__(self) -> str:
        return f"{self.label} {self.display_name}"

    @property
    def label(self) -> str:
        """The player's number as the cards print it."""
        return str(self.number)

    @property
    def display_name(self) -> str:
        if self.player_id:
            return self.player.full_name
        return self.name or self.label


def entrant_meta(
    game: str, verbose_name: Promise, verbose_name_plural: Promise
) -> type:
    """The ``Meta`` of a game's entrant: one player a number in a section."""

    class Meta(Entrant.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number"], name=f"unique_{game}_number"
            )
        ]

    Meta.verbose_name = verbose_name
    Meta.verbose_name_plural = verbose_name_plural
    return Meta


def entrant_score(entrant: type[Entrant]) -> models.OneToOneField:
    """The scorer's standing of one ``entrant`` (deleted with the player)."""
    return models.OneToOneField(entrant, on_delete=models.CASCADE, related_name="score")


class Standing(models.Model):
    """A player's place in the section's ranking, written by the scorer."""

    rank = models.CharField(_("rank"), max_length=8)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        abstract = True
        ordering = ["position"]


class MatchpointStanding(Standing):
    """A player's matchpoints over the tops of the boards he played, and the
    percentage they make, written by the scorer: the standing of the games
    that compare each hand position board by board."""

    mp = models.FloatField(_("matchpoints"))
    top = models.FloatField(_("top"))
    pct = models.FloatField(_("percentage"))
    boards = models.PositiveSmallIntegerField(_("boards"))

    class Meta(Standing.Meta):
        abstract = True

    def __str__(self) -> str:
        return f"{self.entrant.label}: {self.pct:.2f} %"
