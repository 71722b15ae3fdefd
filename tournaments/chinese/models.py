"""Chinese bridge events: two-player matches in a round robin or a Swiss.

An event of kind "chinese" has one section (movement "chinese"); each round
pairs the players (``ChineseMatch``: table = match number) and each match is
a fixed, even number of hands, or played to a number of points (the rule
book's « 100 points »: ``ChineseSettings.target``); ``ChineseHand`` holds
the tricks of each player, and the opponent's agreement.
With the duplicate option every table plays the same deals in a round and
the players who held the same hand are compared by matchpoints.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entrants import Entrant, entrant_meta, section_link
from tournaments.models.event import Section
from tournaments.models.fields import cascade_link, source_field, unique_in_order


class ChineseSettings(models.Model):
    """How a Chinese bridge event is run."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("Round robin")
        SWISS = "swiss", _("Swiss")

    section = models.OneToOneField(
        Section, on_delete=models.CASCADE, related_name="chinese"
    )
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    hands = models.PositiveSmallIntegerField(_("hands a match"), default=4)
    target = models.PositiveSmallIntegerField(
        _("points to win a match"),
        default=0,
        help_text=_(
            "0: a match is a set number of hands; else it ends after the hand "
            "in which a player reaches these points, ahead."
        ),
    )
    duplicate = models.BooleanField(
        _("duplicate"),
        default=False,
        help_text=_("Every table plays the same deals; same hands are compared."),
    )

    class Meta:
        verbose_name = _("Chinese bridge settings")
        verbose_name_plural = _("Chinese bridge settings")

    def __str__(self) -> str:
        return f"{self.section}: {self.get_format_display()}"


class ChinesePlayer(Entrant):
    """A player of a Chinese bridge event; the number is the seed."""

    section = section_link("chinese_players")
    points = models.FloatField(_("points"), default=0)
    score = models.FloatField(_("ranking score"), default=0)
    rank = models.CharField(_("rank"), max_length=8, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    Meta = entrant_meta(
        "chinese", _("Chinese bridge player"), _("Chinese bridge players")
    )


class ChineseMatch(models.Model):
    """Two players meeting in a round at a table (``b`` empty: a bye)."""

    section = cascade_link(Section, "chinese_matches")
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    a = models.ForeignKey(ChinesePlayer, on_delete=models.PROTECT, related_name="+")
    b = models.ForeignKey(
        ChinesePlayer, on_delete=models.PROTECT, related_name="+", null=True
    )
    points_a = models.PositiveSmallIntegerField(default=0)
    points_b = models.PositiveSmallIntegerField(default=0)
    hands_played = models.PositiveSmallIntegerField(default=0)

    Meta = unique_in_order(
        "section",
        "round",
        "table",
        name="unique_chinese_table",
        verbose_name=_("Chinese bridge match"),
        verbose_name_plural=_("Chinese bridge matches"),
    )

    def __str__(self) -> str:
        other = self.b.display_name if self.b_id else _("bye")
        return f"{self.a.display_name} v {other}"


class ChineseHand(models.Model):
    """One hand of a match: the tricks each player took (26 in all)."""

    match = cascade_link(ChineseMatch, "hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    tricks_a = models.PositiveSmallIntegerField()
    tricks_b = models.PositiveSmallIntegerField()
    mp_a = models.FloatField(null=True, blank=True)
    mp_b = models.FloatField(null=True, blank=True)
    top = models.FloatField(null=True, blank=True)
    source = source_field()
    confirmed = models.DateTimeField(
        _("confirmed by the opponent"), null=True, blank=True
    )
    disputed = models.BooleanField(_("disputed"), default=False)

    Meta = unique_in_order(
        "match",
        "number",
        name="unique_chinese_hand",
        verbose_name=_("Chinese bridge hand"),
        verbose_name_plural=_("Chinese bridge hands"),
    )

    def __str__(self) -> str:
        return f"{self.match} hand {self.number}: {self.tricks_a}-{self.tricks_b}"
