"""Bridgeote individual events: 3, 5, 6 or 7 players a table, duplicate deals.

A Bridgeote individual event is an ``Event`` of kind "bridgeote" with one
section whose movement is "bridgeote" (``tournaments.bridgeote.movement``):
every round all tables play the same deals, each player keeping his seat
number while the seats move on between tables, so a seat's marks are
compared across the tables (``scoring.bridgeote``). A ``BridgeoteDeal`` is
one deal at one table: the contract, the taker and his partner, the
attackers' card points and both sides' announcements, each seat's mark by
the rule book (``games.bridgeote.individual``) and the matchpoints the scorer
gives each seat. The pairs game of four (``Event.Game.BRIDGEOTE``) is
separate: a pairs event whose boards are Bridgeote deals.
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
from tournaments.models.play import TableDeal


class BridgeoteEntrant(Entrant):
    """A player of a Bridgeote individual section; his number gives his seat."""

    section = section_link("bridgeote_entrants")

    Meta = entrant_meta("bridgeote", _("Bridgeote player"), _("Bridgeote players"))


class BridgeoteDeal(TableDeal):
    """One deal at one table: the contract, both sides, each seat's mark.

    ``players`` are the entrant numbers seat by seat (seat 0 first) as the
    movement seats them; ``marks`` each seat's points by the rule book;
    ``mps`` and ``top`` the matchpoints the scorer gives each seat against
    the same seat at the other tables (empty until scored).
    """

    number = models.PositiveSmallIntegerField(_("deal"))
    taker = models.PositiveSmallIntegerField(_("taker's seat"))
    partner = models.PositiveSmallIntegerField(
        _("partner's seat"), null=True, blank=True
    )
    taker_points = models.PositiveSmallIntegerField(_("takers' card points"))
    taker_announced = models.PositiveSmallIntegerField(
        _("takers' announcements"), default=0
    )
    defence_announced = models.PositiveSmallIntegerField(
        _("defence's announcements"), default=0
    )
    capot = models.BooleanField(_("capot"), default=False)
    players = models.JSONField(_("players"), default=list)
    marks = models.JSONField(_("marks"), default=list)
    mps = models.JSONField(_("matchpoints"), default=list)
    top = models.FloatField(_("top"), null=True, blank=True)

    class Meta:
        ordering = ["number", "table__number"]
        constraints = [
            # A table plays each deal once.
            models.UniqueConstraint(
                fields=["table", "number"], name="unique_bridgeote_table_deal"
            ),
            models.CheckConstraint(
                condition=models.Q(taker_points__lte=260),
                name="bridgeote_deal_card_points",
            ),
        ]
        verbose_name = _("Bridgeote deal")
        verbose_name_plural = _("Bridgeote deals")

    @property
    def place(self) -> str:
        """The deal's number: every table plays the same deals."""
        return f"deal {self.number}"


class BridgeoteScore(Standing):
    """A player's standing in the section, written by the scorer."""

    entrant = entrant_score(BridgeoteEntrant)
    pct = models.FloatField(_("percentage"))
    mp = models.FloatField(_("matchpoints"))
    tops = models.FloatField(_("tops"))
    points = models.IntegerField(_("points"))
    deals = models.PositiveSmallIntegerField(_("deals"))

    class Meta(Standing.Meta):
        verbose_name = _("Bridgeote score")
        verbose_name_plural = _("Bridgeote scores")

    def __str__(self) -> str:
        return f"{self.entrant}: {self.pct}"
