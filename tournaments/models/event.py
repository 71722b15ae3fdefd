"""Events, their sessions and sections, with the club's scoring settings."""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.board import BoardSettings
from scoring.session import AverageRule, SessionSettings
from tournaments.models.club import Club
from tournaments.models.fields import (
    cascade_link,
    choice_field,
    unique_in_order,
    unique_when_given,
    user_link,
)
from tournaments.models.scoring_options import ScoringOptions

PERCENT = [MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))]


def award_percent(label: Promise, default: int) -> models.DecimalField:
    """The percentage an artificial adjusted score is worth (Average-plus,
    Average, Average-minus): 0 to 100, to two decimals, ``default`` by law."""
    return models.DecimalField(
        label,
        max_digits=5,
        decimal_places=2,
        default=Decimal(default),
        validators=PERCENT,
    )


class Event(ScoringOptions):
    """A competition: one or more sessions scored with the same settings."""

    class Kind(models.TextChoices):
        PAIRS = "pairs", _("Pairs")
        TEAMS = "teams", _("Teams")
        WHIZ = "whiz", _("Whiz-Bridge individual")
        BARBU = "barbu", _("Barbu individual")
        # Issue 22: the same deals at every table of a round, compared.
        BARBU_DUPLICATE = "barbu-duplicate", _("Duplicate Barbu individual")
        CHINESE = "chinese", _("Chinese bridge")
        # Bridgeote at 3, 5, 6 or 7 a table, individual marks compared.
        BRIDGEOTE = "bridgeote", _("Bridgeote individual (3, 5, 6 or 7 a table)")
        INDIVIDUAL = "individual", _("Individual bridge")

    class Game(models.TextChoices):
        BRIDGE = "bridge", _("Contract bridge")
        BRIDGEOTE = "bridgeote", _("Bridgeote (duplicate pairs)")

    class WhizMark(models.TextChoices):
        STANDARD = "standard", _("Standard (competition) mark")
        SIMPLIFIED = "simplified", _("Simplified mark")

    class Method(models.TextChoices):
        MATCHPOINTS = "mp", _("Matchpoints")
        BUTLER = "butler", _("Butler IMPs (against a datum)")
        CROSS_IMPS = "cross-imps", _("Cross-IMPs (against every other score)")

    class ButlerTrim(models.TextChoices):
        ONE_EACH_END = "one", _("Drop the top and the bottom score (EBU, Compscore)")
        FIVE_PERCENT = "5pct", _("Drop 5 % at each end (ACBLscore)")
        NONE = "none", _("Keep every score")
        EACH_END = "each-end", _("Drop a number of scores at each end")
        PERCENT = "percent", _("Drop a percentage at each end (count rounded down)")
        MIDDLE = "middle", _("Keep only the middle scores (near-median datum)")

    class DatumRoundingChoice(models.TextChoices):
        HALF_AWAY = "half-away", _("Nearest 10, 5 away from zero (EBU, Compscore)")
        HALF_EVEN = "half-even", _("Nearest 10, 5 to the even ten (ACBLscore)")
        TRUNCATE = "truncate", _("Down to the 10, toward zero")
        NONE = "none", _("Not rounded")

    class Scale(models.IntegerChoices):
        TWO_PER_BEAT = 2, _("2 per score beaten, 1 per tie (EBU, FFB)")
        ONE_PER_BEAT = 1, _("1 per score beaten, ½ per tie (ACBL)")

    class AverageRuleChoice(models.TextChoices):
        FLAT = AverageRule.FLAT, _("Flat percentages")
        SESSION = AverageRule.SESSION, _("60 % or the pair's average (WBF, EBU)")

    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="events",
        verbose_name=_("club"),
        null=True,
        blank=True,
    )
    name = models.CharField(_("name"), max_length=160)
    date = models.DateField(_("date"))
    kind = choice_field(_("kind"), Kind.PAIRS, max_length=16)
    game = choice_field(
        _("game"),
        Game.BRIDGE,
        max_length=16,
        help_text=_("The game a pairs event's boards are played at."),
    )
    method = choice_field(_("pairs scored by"), Method.MATCHPOINTS, max_length=16)
    scale = models.PositiveSmallIntegerField(
        _("matchpoint scale"), choices=Scale.choices, default=Scale.TWO_PER_BEAT
    )
    across_field = models.BooleanField(
        _("scored across the field"),
        default=False,
        help_text=_(
            "The sections of a session that play the same boards are "
            "matchpointed (or IMPed) as one field, as a simultaneous is: each "
            "pair is ranked in its section and in the whole field."
        ),
    )
    butler_trim = choice_field(
        _("Butler datum: scores left out"), ButlerTrim.ONE_EACH_END, max_length=8
    )
    butler_rounding = choice_field(
        _("Butler datum: rounding"), DatumRoundingChoice.HALF_AWAY, max_length=16
    )
    cross_imps_total = models.BooleanField(
        _("cross-IMPs as totals"),
        default=False,
        help_text=_(
            "Publish each line's cross-IMPs as a total rather than the average "
            "per comparison (EBU, Compscore)."
        ),
    )
    whiz_mark = choice_field(_("Whiz mark"), WhizMark.STANDARD, max_length=12)
    # Issue 22, Barbu: the book names compulsory doubles but no number; two
    # per manche is French club practice, 0 turns the check off.
    barbu_compulsory_doubles = models.PositiveSmallIntegerField(
        _("Barbu: compulsory doubles of the declarer"),
        default=2,
        validators=[MinValueValidator(0), MaxValueValidator(7)],
        help_text=_(
            "How many times each other player must double the declarer in a "
            "manche (0: no check)."
        ),
    )
    whiz_exact = models.BooleanField(
        _("Whiz: no overtricks (super-Whiz)"),
        default=False,
        help_text=_(
            'An overtrick counts as an undertrick (the rule book\'s "pas de mieux").'
        ),
    )
    neuberg = models.BooleanField(
        _("Neuberg"),
        default=True,
        help_text=_("Factor boards played fewer times up to the full count."),
    )
    average_plus = award_percent(_("Average-plus %"), 60)
    average = award_percent(_("Average %"), 50)
    average_minus = award_percent(_("Average-minus %"), 40)
    average_rule = choice_field(
        _("Average-plus and minus"), AverageRuleChoice.FLAT, max_length=16
    )
    published = models.BooleanField(
        _("published"),
        default=False,
        help_text=_("Final results: no longer marked provisional."),
    )
    published_at = models.DateTimeField(
        _("published at"),
        null=True,
        blank=True,
        help_text=_("When the director last published: later changes are corrections."),
    )
    results_hidden = models.BooleanField(
        _("hide results until published"),
        default=False,
        help_text=_("The public pages show nothing until the director publishes."),
    )
    created_by = user_link()
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # The SHA-256 of the results file the event was imported from (empty for
    # an event made in Donne): the same file sent again by the club answers
    # with this event (``services.file_digests``).
    file_sha256 = models.CharField(
        max_length=64, blank=True, default="", editable=False
    )

    class Meta(ScoringOptions.Meta):
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            *ScoringOptions.Meta.constraints,
            # One event per club and imported file: two uploads of the same
            # bytes at once make one event, the database deciding.
            unique_when_given("club", "file_sha256", name="one_event_per_club_file"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def scoring_settings(self) -> SessionSettings:
        """The event's choices as the pure scorer takes them."""
        return SessionSettings(
            board=BoardSettings(
                top_per_beat=self.scale,
                neuberg=self.neuberg,
                average_plus=float(self.average_plus),
                average=float(self.average),
                average_minus=float(self.average_minus),
                mp_decimals=2
                if self.mp_rounding == self.MpRounding.HUNDREDTHS
                else None,
            ),
            average_rule=AverageRule(self.average_rule),
        )


class Session(models.Model):
    """One sitting of an event: its sections play at the same time."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Being set up")
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    event = cascade_link(Event, "sessions")
    number = models.PositiveSmallIntegerField(_("number"), default=1)
    status = choice_field(_("status"), Status.SETUP, max_length=16)
    reopened_at = models.DateTimeField(
        _("reopened at"),
        null=True,
        blank=True,
        help_text=_("When the director last reopened it for corrections."),
    )

    Meta = unique_in_order("event", "number", name="unique_session_number")

    def __str__(self) -> str:
        return f"{self.event.name}, session {self.number}"


class Section(models.Model):
    """A group of tables playing one movement with one set of boards."""

    class TravellerPrivacy(models.TextChoices):
        UNTIL_PLAYED = (
            "until-played",
            _("Hidden until every table has played the board"),
        )
        ALWAYS = "always", _("Always shown")

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        # A game that seats its players or teams itself (team matches, an
        # individual's rotations, Whiz, Barbu, Chinese bridge, Bridgeote):
        # its movement comes from the game (``Game.pairs_movement``).
        GAME = "game", _("Set by the game")
        NONE = "none", _("No movement (imported results)")

    class EvenTables(models.TextChoices):
        SKIP = "skip", _("Skip after half the rounds")
        RELAY = "relay", _("Relay and bye stand")

    session = cascade_link(Session, "sections")
    letter = models.CharField(_("section"), max_length=4, default="A")
    movement = models.CharField(_("movement"), max_length=16, choices=Movement.choices)
    tables = models.PositiveSmallIntegerField(_("tables"))
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"))
    even_tables = choice_field(
        _("even number of tables"), EvenTables.SKIP, max_length=8
    )
    arrow_switch_rounds = models.JSONField(
        _("arrow-switch rounds"), default=list, blank=True
    )
    absences = models.JSONField(
        _("late and withdrawn pairs"),
        default=list,
        blank=True,
        help_text=_(
            "Pairs absent from some rounds of a running section: "
            '[{"pair": "7EW", "first": 1, "last": 2, "reason": "late"}].'
        ),
    )
    phantom = models.BooleanField(
        _("phantom pair"),
        default=False,
        help_text=_("An odd number of pairs: one pair sits out each round."),
    )
    first_board = models.PositiveIntegerField(
        _("first board"),
        default=1,
        help_text=_("Boards are numbered from here (the board set in use)."),
    )
    scored = models.DateTimeField(_("last scored"), null=True, blank=True)
    show_traveller = models.BooleanField(
        _("show the traveller at the table"),
        default=True,
        help_text=_("After an entry the tablet shows the board's results so far."),
    )
    traveller_privacy = choice_field(
        _("travellers while a board is in play"),
        TravellerPrivacy.UNTIL_PLAYED,
        max_length=16,
        help_text=_(
            "Hidden: a board's results show only to the tables that have played "
            "it until every table has, or until the results are published."
        ),
    )

    Meta = unique_in_order("session", "letter", name="unique_section_letter")

    def __str__(self) -> str:
        return f"{self.session}, section {self.letter}"

    @property
    def stale(self) -> bool:
        """A write came in since the last rescore: its scores are updating."""
        scoring = getattr(self, "scoring", None)
        return scoring is not None and scoring.stale_since is not None

    @property
    def single_winner(self) -> bool:
        """One ranking (Howell, arrow switch) rather than NS and EW apart.

        Imported sections rank NS and EW apart when every pair has a home
        direction, as in the Mitchell files club programs publish.
        """
        if self.movement == self.Movement.NONE:
            return self.pairs.filter(direction="").exists()
        if self.movement == self.Movement.GAME:  # the game ranks its entrants
            return True
        return self.movement == self.Movement.HOWELL or bool(self.arrow_switch_rounds)


class SectionScoring(models.Model):
    """Where a section's rescoring stands (``services.rescoring``).

    Every write bumps ``changes`` and marks the section stale in its own
    transaction; a rescore clears the mark only when no write came in
    meanwhile, and the sweep requeues the sections left stale.  It is a row of
    its own, not fields of ``Section``: a rescore locks the section row for
    its whole run, so a write marking it there would wait for the rescore
    and, on PostgreSQL, could deadlock with it (the write holding the line
    the rescore is about to store).
    """

    section = models.OneToOneField(
        Section, on_delete=models.CASCADE, primary_key=True, related_name="scoring"
    )
    changes = models.PositiveBigIntegerField(_("changes"), default=0)
    stale_since = models.DateTimeField(
        _("stale since"), null=True, blank=True, db_index=True
    )
    queued_at = models.DateTimeField(_("rescore queued at"), null=True, blank=True)
    queued_changes = models.PositiveBigIntegerField(
        _("changes when the rescore was queued"), default=0
    )
    # A rescore is queued and has not started: the writes committing meanwhile
    # queue nothing more, that run will read them (coalescing).
    pending = models.BooleanField(_("rescore pending"), default=False)

    def __str__(self) -> str:
        return f"{self.section}: {self.changes} changes"


class ScoringRequest(models.Model):
    """What a write asks the next rescore of its section to recompute.

    One row per write, inserted in the write's own transaction (an insert:
    writes of one board at many tables never wait on each other): its board
    when a line of that board changed, no board when the whole section must
    be recomputed (settings, penalties, imports, awards).  The rescore reads
    the rows present when it starts, recomputes the boards they name (or the
    section), and deletes exactly those rows, so a write committing during the
    run is left for the next one.
    """

    section = cascade_link(Section, "scoring_requests")
    board = cascade_link("tournaments.Board", "+", null=True, blank=True)

    def __str__(self) -> str:
        what = f"board {self.board_id}" if self.board_id else "whole"
        return f"{self.section}: {what}"
