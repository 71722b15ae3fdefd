"""Barbu events: players entered individually, tables of four, manches of seven deals.

A Barbu event is an ``Event`` of kind "barbu" with one section whose movement
is "barbu" (``tournaments.barbu.movement``): each round every table
plays one manche, the seat whose turn it is (N in round 1, E in round 2...)
declaring.  A ``BarbuDeal`` is one contract of a manche at a table: what the
table recorded, the doubles, and each player's points.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.cards import Suit
from tournaments.models.entrants import (
    Entrant,
    Standing,
    entrant_meta,
    entrant_score,
    section_link,
)
from tournaments.models.play import TableDeal


class BarbuEntrant(Entrant):
    """A player of a Barbu section; his number gives his seat and first table."""

    section = section_link("barbu_entrants")

    Meta = entrant_meta("barbu", _("Barbu player"), _("Barbu players"))


class BarbuDeal(TableDeal):
    """One contract of a manche at a table: the record, doubles and points."""

    declarer = models.ForeignKey(
        BarbuEntrant, on_delete=models.PROTECT, related_name="+"
    )
    north = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(BarbuEntrant, on_delete=models.PROTECT, related_name="+")
    # The declarer's choices (issue 22): the deal's number in the manche, in
    # the order he chose the contracts, the trump suit of the Trump deal and
    # the starting rank of the Réussite ("" on other deals); checked by
    # ``games.barbu.manche``. Deals stored before issue 22 have no number.
    order = models.PositiveSmallIntegerField(_("deal of the manche"), null=True)
    trump = models.CharField(_("trump"), max_length=1, blank=True, default="")
    height = models.CharField(
        _("réussite height"), max_length=1, blank=True, default=""
    )
    record = models.JSONField(_("record"), default=dict)
    doubles = models.JSONField(_("doubles"), default=list)
    points_n = models.IntegerField()
    points_e = models.IntegerField()
    points_s = models.IntegerField()
    points_w = models.IntegerField()

    class Meta:
        # A manche's deals in the order played; deals entered before issue 22
        # have no number and come last, as entered.
        ordering = [
            "round__number",
            "table__number",
            models.F("order").asc(nulls_last=True),
            "id",
        ]
        constraints = [
            # The declarer chooses each contract once per manche.
            models.UniqueConstraint(
                fields=["table", "round", "contract"], name="unique_barbu_contract"
            ),
            # One contract per deal of the manche, numbered 1 to 7.
            models.UniqueConstraint(
                fields=["table", "round", "order"], name="unique_barbu_order"
            ),
            models.CheckConstraint(
                condition=models.Q(order__isnull=True)
                | models.Q(order__gte=1, order__lte=7),
                name="barbu_order_1_to_7",
            ),
        ]
        verbose_name = _("Barbu deal")
        verbose_name_plural = _("Barbu deals")

    @property
    def place(self) -> str:
        """The manche the deal is part of: the table plays one a round."""
        return f"round {self.round.number}"

    @property
    def choice(self) -> str:
        """The declarer's choice printed beside the contract: "♠", "at 9", or ""."""
        if self.trump:
            return Suit.parse(self.trump).symbol
        if self.height:
            return _("at %(rank)s") % {
                "rank": "10" if self.height == "T" else self.height
            }
        return ""

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
    # Duplicate Barbu only (``scoring.barbu_duplicate``): the matchpoints
    # earned seat against seat, their top, and the percentage ranked on.
    matchpoints = models.FloatField(_("matchpoints"), null=True)
    top = models.FloatField(_("top"), null=True)
    percentage = models.FloatField(_("percentage"), null=True)

    class Meta(Standing.Meta):
        verbose_name = _("Barbu score")
        verbose_name_plural = _("Barbu scores")

    def __str__(self) -> str:
        return f"{self.entrant}: {self.points}"
