"""What is played in a section: pairs, rounds, tables, boards and travellers."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games.bridge import board_dealer, board_vulnerability, result_text
from tournaments.models.club import Player
from tournaments.models.event import Section
from tournaments.models.fields import (
    Source,
    cascade_link,
    loose_link,
    source_field,
    unique_in_order,
    unique_when_given,
    user_link,
)
from tournaments.models.line_marks import LineMarks


class Direction(models.TextChoices):
    NS = "NS", _("North-South")
    EW = "EW", _("East-West")


class Pair(models.Model):
    """Two players entered in a section under a number (and a direction)."""

    section = cascade_link(Section, "pairs")
    number = models.PositiveSmallIntegerField(_("number"))
    direction = models.CharField(
        _("direction"),
        max_length=2,
        choices=Direction.choices,
        blank=True,
        help_text=_("The pair's home direction in a Mitchell; blank in a Howell."),
    )
    players = models.ManyToManyField(Player, related_name="pairs", blank=True)
    names = models.CharField(
        _("names"),
        max_length=200,
        blank=True,
        help_text=_("As printed; taken from the players when they are chosen."),
    )
    phantom = models.BooleanField(_("phantom"), default=False)

    class Meta:
        ordering = ["section", "direction", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number", "direction"], name="unique_pair_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.label} {self.names}".strip()

    @property
    def label(self) -> str:
        """The pair's number as players see it: "3NS" in a Mitchell, "7" else."""
        return f"{self.number}{self.direction}"


class Round(models.Model):
    """A round of a section's movement."""

    section = cascade_link(Section, "round_set")
    number = models.PositiveSmallIntegerField(_("round"))

    Meta = unique_in_order("section", "number", name="unique_round_number")

    def __str__(self) -> str:
        return f"{_('Round')} {self.number}"


# Table codes avoid letters and digits that read alike (0/O, 1/I/L).
TABLE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TABLE_CODE_LENGTH = 6


def new_table_code() -> str:
    """A random sign-in code for a table's tablet, e.g. "K7QMZ3"."""
    return "".join(
        secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH)
    )


class Table(models.Model):
    """A table of a section, with the code its tablet signs in with."""

    section = cascade_link(Section, "table_set")
    number = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(
        _("sign-in code"), max_length=12, default=new_table_code, unique=True
    )
    moved_to_round = models.PositiveSmallIntegerField(
        _("moved on to round"),
        null=True,
        blank=True,
        help_text=_(
            "Set by the director: the tablet writes this round even though an "
            "earlier round is not yet agreed."
        ),
    )

    Meta = unique_in_order("section", "number", name="unique_table_number")

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"


class Board(models.Model):
    """A board of a section: its number sets dealer and vulnerability."""

    section = cascade_link(Section, "boards")
    number = models.PositiveIntegerField(_("board"))
    dealer = models.CharField(_("dealer"), max_length=1, blank=True)
    vulnerability = models.CharField(_("vulnerability"), max_length=4, blank=True)
    deal = models.CharField(
        _("deal"), max_length=80, blank=True, help_text=_('PBN form: "N:AKQ..."')
    )
    datum = models.FloatField(
        _("Butler datum"),
        null=True,
        blank=True,
        help_text=_("Written by the scorer when the pairs are scored by Butler."),
    )
    dd_tricks = models.CharField(
        _("double-dummy tricks"),
        max_length=20,
        blank=True,
        help_text=_("PBN [DoubleDummyTricks]: declarers N S E W by NT S H D C."),
    )
    par_score = models.IntegerField(_("par score (NS)"), null=True, blank=True)
    par_contracts = models.CharField(_("par contracts"), max_length=120, blank=True)

    Meta = unique_in_order("section", "number", name="unique_board_number")

    def __str__(self) -> str:
        return f"{_('Board')} {self.number}"

    def save(self, *args: object, **kwargs: object) -> None:
        self.dealer = self.dealer or board_dealer(self.number)
        self.vulnerability = self.vulnerability or board_vulnerability(self.number)
        super().save(*args, **kwargs)

    @property
    def par(self) -> str:
        """The par, e.g. "4S N +1, 4S S +1: NS 450", or "" before analysis."""
        if self.par_score is None:
            return ""
        side = "NS" if self.par_score >= 0 else "EW"
        score = f"{side} {abs(self.par_score)}"
        return f"{self.par_contracts}: {score}" if self.par_contracts else score


class EnteredLine(models.Model):
    """A line someone entered: where from, by whom, when it last changed."""

    source = source_field()
    entered_by = user_link()
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True


class TableDeal(EnteredLine):
    """A deal of a game whose lines have no board: a contract played at a
    table in a round, which keep no reverse accessor to it (the game reads
    its deals).  It prints as its contract, its table and ``place``, which
    tells it from the table's other deals ("round 2", "deal 5")."""

    table = cascade_link(Table, "+")
    round = cascade_link(Round, "+")
    contract = models.CharField(_("contract"), max_length=12)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.contract} (table {self.table.number}, {self.place})"

    @property
    def place(self) -> str:
        """What tells the deal from the table's others, as its name says it."""
        raise NotImplementedError


class BoardLine(EnteredLine):
    """A board played at a table in a round: its contract, declarer, tricks.

    The table and the round stay null for a line typed from a traveller; the
    scorer writes the ``top`` the line was matchpointed on.
    """

    round = loose_link(Round)
    table = loose_link(Table)
    contract = models.CharField(_("contract"), max_length=8, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    top = models.FloatField(null=True, blank=True)

    class Meta:
        abstract = True


class Result(LineMarks, BoardLine):
    """One traveller line: a board played by two pairs, or an adjusted score.

    ``score_ns`` is computed from contract, declarer and tricks; an artificial
    adjusted score sets ``adjusted_ns`` and ``adjusted_ew`` ("A+", "A", "A-" or
    a percentage) instead.  The MP and % fields are written by the scorer.
    """

    board = cascade_link(Board, "results")
    ns_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="ns_results"
    )
    ew_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="ew_results"
    )
    lead = models.CharField(_("opening lead"), max_length=3, blank=True)
    score_ns = models.IntegerField(_("NS score"), null=True, blank=True)
    card_points = models.PositiveSmallIntegerField(
        _("taker's card points"),
        null=True,
        blank=True,
        help_text=_("Bridgeote: the card points in the taking side's tricks."),
    )
    taker_announced = models.PositiveSmallIntegerField(
        _("taker's announcements"), default=0
    )
    defence_announced = models.PositiveSmallIntegerField(
        _("defence's announcements"), default=0
    )
    capot = models.BooleanField(_("capot"), default=False)
    adjusted_ns = models.CharField(_("NS adjusted score"), max_length=6, blank=True)
    adjusted_ew = models.CharField(_("EW adjusted score"), max_length=6, blank=True)
    absent = models.CharField(
        _("absent side"),
        max_length=2,
        blank=True,
        choices=[("NS", _("NS absent")), ("EW", _("EW absent"))],
        help_text=_(
            "An award against a pair that never came: the line is not a play "
            "of the board, the others are scored as if that table had not played."
        ),
    )
    weighted = models.JSONField(
        _("weighted score"),
        null=True,
        blank=True,
        help_text=_(
            "Law 12C1(c): the parts of an assigned score, each [percent, contract, "
            "declarer, tricks, NS score]; the NS score is then their weighted mean."
        ),
    )
    mp_ns = models.FloatField(null=True, blank=True)
    mp_ew = models.FloatField(null=True, blank=True)
    pct_ns = models.FloatField(null=True, blank=True)
    pct_ew = models.FloatField(null=True, blank=True)
    imp_ns = models.FloatField(null=True, blank=True)
    imp_ew = models.FloatField(null=True, blank=True)
    idempotency_key = models.CharField(
        _("submission key"),
        max_length=64,
        blank=True,
        help_text=_("Sent by a tablet so that a retried submission is stored once."),
    )
    confirmed = models.DateTimeField(
        _("confirmed by the opponents"), null=True, blank=True
    )
    disputed = models.BooleanField(
        _("disputed"),
        default=False,
        help_text=_("A second, different entry was refused: the director should look."),
    )

    class Meta:
        ordering = ["board", "ns_pair__number"]
        constraints = [
            # A pair plays a board once: one line per board for each pair.
            models.UniqueConstraint(
                fields=["board", "ns_pair"], name="unique_board_ns_pair"
            ),
            models.UniqueConstraint(
                fields=["board", "ew_pair"], name="unique_board_ew_pair"
            ),
            models.CheckConstraint(
                condition=~Q(ns_pair=F("ew_pair")), name="result_two_pairs"
            ),
            models.CheckConstraint(
                condition=Q(score_ns__isnull=False)
                | (~Q(adjusted_ns="") & ~Q(adjusted_ew="")),
                name="result_scored_or_adjusted",
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13),
                name="result_tricks_0_13",
            ),
            # Only an artificial award is made against an absent side.
            models.CheckConstraint(
                condition=Q(absent="")
                | (Q(absent__in=("NS", "EW")) & ~Q(adjusted_ns="")),
                name="result_absent_is_an_award",
            ),
            unique_when_given(
                "board", "idempotency_key", name="unique_result_submission"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board}: {self.ns_pair.label} v {self.ew_pair.label}"

    @property
    def made(self) -> str:
        """The result as travellers print it: "=", "+1", "-2" for bridge, the
        takers' card points for Bridgeote, "" for a pass or an adjusted score."""
        if self.is_adjusted or not self.contract:
            return ""
        if self.card_points is not None:
            return str(self.card_points)
        return result_text(self.contract, self.tricks or 0)


class PairScore(models.Model):
    """A pair's standing in its section, written by the scorer."""

    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="score")
    mp = models.FloatField(_("matchpoints"), null=True, blank=True)
    top = models.FloatField(_("top"), null=True, blank=True)
    pct = models.FloatField(_("percentage"), null=True, blank=True)
    imps = models.FloatField(_("IMPs"), null=True, blank=True)
    # Procedural penalties taken off (MP, or IMPs by IMPs): ``mp``, ``pct``
    # and ``imps`` are the totals after them.
    penalty = models.FloatField(_("penalty"), default=0.0)
    boards = models.PositiveSmallIntegerField(_("boards"))
    rank = models.CharField(_("rank"), max_length=8)
    ranking = models.CharField(
        _("ranking"), max_length=2, blank=True, help_text=_("NS, EW or blank")
    )
    field_rank = models.CharField(
        _("place in the field"),
        max_length=8,
        blank=True,
        help_text=_("Scored across the field: the place among every section's pairs."),
    )

    class Meta:
        ordering = ["ranking", "-pct", "-imps"]

    def __str__(self) -> str:
        if self.pct is None:
            return f"{self.pair.label}: {self.imps or 0:.2f} IMPs"
        return f"{self.pair.label}: {self.pct:.2f} %"


class ResultChange(models.Model):
    """The audit trail of a board: who changed which line, when, from what to what."""

    class Action(models.TextChoices):
        CREATE = "create", _("entered")
        CORRECT = "correct", _("corrected")
        ADJUST = "adjust", _("adjusted")
        DELETE = "delete", _("deleted")
        REFUSE = "refuse", _("second entry refused")
        CONFIRM = "confirm", _("agreed by the opponents")
        DISPUTE = "dispute", _("not agreed: director called")
        SAME = "same", _("entered again, same result")
        RESOLVE = "resolve", _("dispute resolved by the director")
        IMPORT = "import", _("imported from a file")

    section = cascade_link(Section, "changes", null=True)
    board = cascade_link(Board, "changes", null=True, blank=True)
    line = models.CharField(
        _("line"),
        max_length=120,
        blank=True,
        help_text=_("Which line changed, for games whose lines have no board."),
    )
    result = loose_link(Result)
    action = models.CharField(_("action"), max_length=8, choices=Action.choices)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    user = user_link()
    table = loose_link(Table)
    source = models.CharField(_("from"), max_length=12, choices=Source.choices)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["board", "at", "id"]

    def __str__(self) -> str:
        return f"{self.board}: {self.get_action_display()} {self.at:%H:%M:%S}"
