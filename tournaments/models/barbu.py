"""Barbu events: players entered individually, tables of four, manches of seven deals.

A Barbu event is an ``Event`` of kind "barbu" with one section whose movement
is "barbu" (``tournaments.movements.individual``): each round every table
plays one manche, the seat whose turn it is (N in round 1, E in round 2...)
declaring.  A ``BarbuDeal`` is one contract of a manche at a table: what the
table recorded, the doubles, and each player's points.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entrants import (
    Entrant,
    Standing,
    entrant_meta,
    entrant_score,
    section_link,
)
from tournaments.models.play import EnteredLine, Round, Table


class BarbuEntrant(Entrant):
    """A player of a Barbu section; his number gives his seat and first table."""

    section = section_link("barbu_entrants")

    Meta = entrant_meta("barbu", _("Barbu player"), _("Barbu players"))


class BarbuDeal(EnteredLine):
    """One contract of a manche at a table: the record, doubles and points."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    contract = models.CharField(_("contract"), max_length=12)
    declarer = models.ForeignKey(
        BarbuEntrant, on_delete=models.PROTECT, related_name="+"
    )
    north = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    record = models.JSONField(_("record"), default=dict)
    doubles = models.JSONField(_("doubles"), default=list)
    points_n = models.IntegerField()
    points_e = models.IntegerField()
    points_s = models.IntegerField()
    points_w = models.IntegerField()

    class Meta:
        ordering = ["round__number", "table__number", "id"]
        constraints = [
            # The declarer chooses each contract once per manche.
            models.UniqueConstraint(
                fields=["table", "round", "contract"], name="unique_barbu_contract"
            )
        ]
        verbose_name = _("Barbu deal")
        verbose_name_plural = _("Barbu deals")

    def __str__(self) -> str:
        return f"{self.contract} (table {self.table.number}, round {self.round.number})"

    def players(self) -> dict[str, BarbuEntrant]:
        return {"N": self.north, "E": self.east, "S": self.south, "W": self.west}

    def points(self) -> dict[str, int]:
        return {
            "N": self.points_n,
            "E": self.points_e,
            "S": self.points_s,
            "W": self.points_w,
        }


class BarbuScore(Standing):
    """A player's total in the section, written by the scorer."""

    entrant = entrant_score(BarbuEntrant)
    points = models.IntegerField(_("points"))
    deals = models.PositiveSmallIntegerField(_("deals"))

    class Meta(Standing.Meta):
        verbose_name = _("Barbu score")
        verbose_name_plural = _("Barbu scores")

    def __str__(self) -> str:
        return f"{self.entrant}: {self.points}"
