"""Teams events: the competition's format, its teams, and the matches of each round.

A teams event is an ``Event`` of kind "teams" with one ``TeamCompetition``.
Each round of the competition (a knockout segment too) is one ``Session``
with one ``Section`` whose movement is "teams": every team there has two
``Pair`` rows, "5NS" (North-South in the open room when home) and "5EW", so
that the table terminal, the write path and the travellers work for teams
exactly as for pairs.  A ``Match`` says which teams meet at which two tables;
its IMPs and VPs are written by the scorer.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.club import Player
from tournaments.models.event import Event, Session
from tournaments.models.fields import cascade_link, choice_field, unique_in_order


class TeamCompetition(models.Model):
    """How a teams event is run and scored."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")
        # Issue 22: each pair of teams meets twice, the second half with
        # the seats swapped; a patton, each team meeting ``rounds`` others
        # on a schedule laid out at the start.
        DOUBLE_ROUND_ROBIN = "double-round-robin", _("Double round robin")
        PATTON = "patton", _("Patton (each team meets some of the others)")
        THREE_WAY = "three-way", _("Three-way match (half the boards against each)")

    class Scoring(models.TextChoices):
        VP = "vp", _("IMPs converted to Victory Points (WBF 2013, 20 VP)")
        IMPS = "imps", _("IMPs only")
        BAM = "bam", _("Board-a-match (1, ½ or 0 a board)")

    class TieRule(models.TextChoices):
        EXTRA_BOARDS = "extra-boards", _("Play extra boards")
        BETTER_SEED = "better-seed", _("The better seed goes through")
        BOARDS_WON = "boards-won", _("More boards won")

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="competition"
    )
    format = models.CharField(_("format"), max_length=24, choices=Format.choices)
    scoring = choice_field(_("scoring"), Scoring.VP, max_length=8)
    boards_per_match = models.PositiveSmallIntegerField(
        _("boards a match"), validators=[MinValueValidator(1), MaxValueValidator(64)]
    )
    stints = models.PositiveSmallIntegerField(
        _("board exchanges"),
        default=2,
        help_text=_(
            "The match's boards are split in this many sets; the two tables "
            "exchange them after each set (1: every table has its own copy)."
        ),
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        default=0,
        help_text=_(
            "Swiss: the number of rounds. Patton: the number of teams each "
            "team meets. Knockout: the segments of each match. Round robin: "
            "set from the number of teams."
        ),
    )
    bye_vp = models.DecimalField(
        _("VP for a bye"), max_digits=4, decimal_places=2, default=Decimal(12)
    )
    tie_rule = choice_field(_("knockout ties"), TieRule.EXTRA_BOARDS, max_length=16)

    class Meta:
        verbose_name = _("teams competition")
        verbose_name_plural = _("teams competitions")

    def __str__(self) -> str:
        return f"{self.event.name}: {self.get_format_display()}"

    @property
    def laid_out_at_start(self) -> bool:
        """Every round is laid out when the event is created (no pairing later)."""
        return self.format in {
            self.Format.ROUND_ROBIN,
            self.Format.DOUBLE_ROUND_ROBIN,
            self.Format.PATTON,
        }


class Team(models.Model):
    """A team of four to six players; its number is its seed."""

    event = cascade_link(Event, "teams")
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)
    players = models.ManyToManyField(
        Player, blank=True, related_name="teams", verbose_name=_("players")
    )
    members = models.CharField(
        _("members"),
        max_length=300,
        blank=True,
        help_text=_("As printed; taken from the players when they are chosen."),
    )

    Meta = unique_in_order(
        "event",
        "number",
        name="unique_team_number",
        verbose_name=_("team"),
        verbose_name_plural=_("teams"),
    )

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


class Match(models.Model):
    """Two teams meeting in one round (or a team's bye), with its score."""

    session = cascade_link(Session, "matches")
    number = models.PositiveSmallIntegerField(_("match"))
    stage = models.PositiveSmallIntegerField(
        _("stage"),
        default=1,
        help_text=_("The round of a round robin or Swiss; the knockout round."),
    )
    segment = models.PositiveSmallIntegerField(
        _("segment"),
        default=1,
        help_text=_("Knockout: the segment of the match; past the last, extra boards."),
    )
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_matches"
    )
    away = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="away_matches",
        null=True,
        blank=True,
        help_text=_("Empty for a bye."),
    )
    carry_over = models.FloatField(
        _("carry-over"),
        default=0,
        help_text=_("IMPs the home team starts with (negative: the away team)."),
    )
    home_imps = models.FloatField(_("home IMPs"), default=0)
    away_imps = models.FloatField(_("away IMPs"), default=0)
    home_points = models.FloatField(_("home VP or points"), null=True, blank=True)
    away_points = models.FloatField(_("away VP or points"), null=True, blank=True)
    boards_played = models.PositiveSmallIntegerField(_("boards played"), default=0)
    complete = models.BooleanField(_("complete"), default=False)
    three_way = models.BooleanField(
        _("three-way"),
        default=False,
        help_text=_(
            "One of the three matches of a three-way: its tables and its half "
            "of the boards follow the three-way movement."
        ),
    )

    Meta = unique_in_order(
        "session",
        "number",
        name="unique_match_number",
        constraints=[
            models.CheckConstraint(
                condition=~models.Q(home=models.F("away")),
                name="match_two_different_teams",
            )
        ],
        verbose_name=_("match"),
        verbose_name_plural=_("matches"),
    )

    def __str__(self) -> str:
        away = self.away.name if self.away_id else _("bye")
        return f"{self.home.name} v {away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def open_table(self) -> int:
        """The open room: home North-South."""
        if self.three_way:
            return self._three_way_tables()[0]
        return 2 * self.number - 1

    @property
    def closed_table(self) -> int:
        """The closed room: away North-South."""
        if self.three_way:
            return self._three_way_tables()[1]
        return 2 * self.number

    def _three_way_tables(self) -> tuple[int, int]:
        """``movements.three_way.three_way_tables`` (models import no
        movement; a test checks the two agree): A v B at tables 1-2, B v C
        2-3, C v A 3-1 of each group of three tables."""
        base, i = divmod(self.number - 1, 3)
        return 3 * base + i + 1, 3 * base + (i + 1) % 3 + 1


class TeamScore(models.Model):
    """A team's standing in its event, written by the scorer after each match."""

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="score")
    played = models.PositiveSmallIntegerField(_("matches played"), default=0)
    points = models.FloatField(_("VP or points"), default=0)
    imps_for = models.FloatField(_("IMPs won"), default=0)
    imps_against = models.FloatField(_("IMPs lost"), default=0)
    rank = models.CharField(_("rank"), max_length=8, blank=True)
    position = models.PositiveSmallIntegerField(
        _("position"), default=0, help_text=_("Order in the standings, from 1.")
    )

    class Meta:
        ordering = ["position"]
        verbose_name = _("team score")
        verbose_name_plural = _("team scores")

    def __str__(self) -> str:
        return f"{self.team.name}: {self.points:g}"
