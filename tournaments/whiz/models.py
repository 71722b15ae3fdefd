"""Whiz-Bridge events: players entered individually, tables of three, per-hand marks.

A Whiz event is an ``Event`` of kind "whiz" with one section whose movement
is "whiz".  Each player is a ``WhizEntrant`` holding one hand position (N, E
or S; the Domy is the West hand of every board) throughout the session; a
``WhizResult`` is one table's board: the three players, the contract, the
declarer, the tricks, each player's points under the event's mark, and the
matchpoints the scorer compares them into, hand by hand.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.entrants import (
    Entrant,
    MatchpointStanding,
    entrant_score,
    section_link,
)
from tournaments.models.fields import cascade_link, unique_when_given
from tournaments.models.play import Board, BoardLine

POSITIONS = ("N", "E", "S")


class WhizEntrant(Entrant):
    """A player of a Whiz section, on one hand position: "3N" is N at table 3 first."""

    class Line(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        SOUTH = "S", _("South")

    section = section_link("whiz_entrants")
    number = models.PositiveSmallIntegerField(
        _("number"), help_text=_("The table the player starts at.")
    )
    line = models.CharField(_("hand"), max_length=1, choices=Line.choices)

    class Meta(Entrant.Meta):
        ordering = ["section", "number", "line"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "line", "number"], name="unique_whiz_position"
            )
        ]
        verbose_name = _("Whiz player")
        verbose_name_plural = _("Whiz players")

    @property
    def label(self) -> str:
        """The position as printed on the cards: number then hand, "3N"."""
        return f"{self.number}{self.line}"


class WhizResult(BoardLine):
    """One table's board: three players, the contract and each player's points."""

    board = cascade_link(Board, "whiz_results")
    north = models.ForeignKey(
        WhizEntrant, on_delete=models.PROTECT, related_name="north_results"
    )
    east = models.ForeignKey(
        WhizEntrant, on_delete=models.PROTECT, related_name="east_results"
    )
    south = models.ForeignKey(
        WhizEntrant, on_delete=models.PROTECT, related_name="south_results"
    )
    points_n = models.IntegerField(null=True, blank=True)
    points_e = models.IntegerField(null=True, blank=True)
    points_s = models.IntegerField(null=True, blank=True)
    adjusted_n = models.CharField(max_length=6, blank=True)
    adjusted_e = models.CharField(max_length=6, blank=True)
    adjusted_s = models.CharField(max_length=6, blank=True)
    mp_n = models.FloatField(null=True, blank=True)
    mp_e = models.FloatField(null=True, blank=True)
    mp_s = models.FloatField(null=True, blank=True)
    pct_n = models.FloatField(null=True, blank=True)
    pct_e = models.FloatField(null=True, blank=True)
    pct_s = models.FloatField(null=True, blank=True)
    idempotency_key = models.CharField(_("submission key"), max_length=64, blank=True)
    confirmed = models.DateTimeField(
        _("confirmed by the other two"), null=True, blank=True
    )
    disputed = models.BooleanField(_("disputed"), default=False)

    class Meta:
        ordering = ["board", "north__number"]
        constraints = [
            # Each player holds his hand on a board once.
            models.UniqueConstraint(
                fields=["board", "north"], name="unique_whiz_north"
            ),
            models.UniqueConstraint(fields=["board", "east"], name="unique_whiz_east"),
            models.UniqueConstraint(
                fields=["board", "south"], name="unique_whiz_south"
            ),
            models.CheckConstraint(
                condition=Q(points_n__isnull=False) | ~Q(adjusted_n=""),
                name="whiz_scored_or_adjusted",
            ),
            unique_when_given(
                "board", "idempotency_key", name="unique_whiz_submission"
            ),
        ]
        verbose_name = _("Whiz result")
        verbose_name_plural = _("Whiz results")

    def __str__(self) -> str:
        return (
            f"{self.board}: {self.north.label}, {self.east.label}, {self.south.label}"
        )

    @property
    def is_adjusted(self) -> bool:
        return bool(self.adjusted_n)

    def players(self) -> dict[str, WhizEntrant]:
        """The three players by hand position."""
        return {"N": self.north, "E": self.east, "S": self.south}

    def points(self) -> dict[str, int | None]:
        return {"N": self.points_n, "E": self.points_e, "S": self.points_s}

    def adjusted(self) -> dict[str, str]:
        return {"N": self.adjusted_n, "E": self.adjusted_e, "S": self.adjusted_s}


class WhizScore(MatchpointStanding):
    """A player's standing in the section, written by the scorer."""

    entrant = entrant_score(WhizEntrant)
    sit_out_boards = models.PositiveSmallIntegerField(_("boards sat out"), default=0)

    class Meta(MatchpointStanding.Meta):
        verbose_name = _("Whiz score")
        verbose_name_plural = _("Whiz scores")
