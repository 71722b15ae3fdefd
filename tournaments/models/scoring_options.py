"""The IMP-pairs options and the printed rounding of matchpoints an event is
scored with (issue 18): a base of ``Event`` kept apart so the event module
stays small.  ``tournaments.rescore.pair_settings.imp_settings`` turns them into
``scoring.imp_session.ImpSettings``; ``Event.scoring_settings`` reads
``mp_rounding``.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import choice_field

# The event's own fields every pairs method reads: the matchpoint top's scale,
# Neuberg, the averages of adjusted scores, and whether the sections are one
# field, in the order the settings form and the API list them.
PAIRS_SETTINGS = (
    "scale",
    "neuberg",
    "average_plus",
    "average",
    "average_minus",
    "average_rule",
    "across_field",
)
# The event's fields only Butler and cross-IMP scoring read, in the order the
# settings form and the API list them (``butler_trim``, ``butler_rounding``
# and ``cross_imps_total`` are ``Event``'s own fields).
IMP_SETTINGS = (
    "butler_trim",
    "butler_trim_count",
    "butler_trim_percent",
    "butler_rounding",
    "cross_imps_total",
    "cross_imps_cap",
    "imp_average_plus",
    "imp_round_cap",
)


class ScoringOptions(models.Model):
    """Butler datum trimming counts, Average-plus in IMPs, the cross-IMP and
    round caps, and whether each board's matchpoints are printed rounded."""

    class MpRounding(models.TextChoices):
        EXACT = "exact", _("Full precision")
        HUNDREDTHS = "hundredths", _("Each board to 2 decimals (KoPS, Magic Contest)")

    butler_trim_count = models.PositiveSmallIntegerField(
        _("Butler datum: number of scores"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_(
            "Scores dropped at each end, or the middle scores kept, as the "
            "trimming chosen says."
        ),
    )
    butler_trim_percent = models.DecimalField(
        _("Butler datum: percentage dropped at each end"),
        max_digits=4,
        decimal_places=2,
        default=Decimal(5),
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal(49))],
    )
    imp_average_plus = models.DecimalField(
        _("Average-plus in IMPs"),
        max_digits=4,
        decimal_places=2,
        default=Decimal(3),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(24))],
        help_text=_(
            "What Average-plus is worth by Butler or cross-IMPs (EBU 3; others 2 "
            "or 1.2); Average-minus is as much below zero."
        ),
    )
    cross_imps_cap = models.PositiveSmallIntegerField(
        _("cross-IMPs: cap per comparison"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(24)],
        help_text=_("At most this many IMPs from one comparison; empty for none."),
    )
    imp_round_cap = models.DecimalField(
        _("IMPs: cap per round"),
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.01"))],
        help_text=_(
            "At most this many IMPs won or lost against one opponent in one "
            "round; empty for none."
        ),
    )
    mp_rounding = choice_field(
        _("matchpoints of each board"), MpRounding.EXACT, max_length=16
    )

    class Meta:
        abstract = True
        # The ranges again in the database: a script or a shell cannot store a
        # value the scorer would refuse (and so leave a section unscored).
        constraints = [
            models.CheckConstraint(
                condition=Q(butler_trim_count__gte=1, butler_trim_count__lte=99),
                name="%(class)s_butler_trim_count_range",
            ),
            models.CheckConstraint(
                condition=Q(butler_trim_percent__gt=0, butler_trim_percent__lte=49),
                name="%(class)s_butler_trim_percent_range",
            ),
            models.CheckConstraint(
                condition=Q(imp_average_plus__gte=0, imp_average_plus__lte=24),
                name="%(class)s_imp_average_plus_range",
            ),
            models.CheckConstraint(
                condition=Q(cross_imps_cap__isnull=True)
                | Q(cross_imps_cap__gte=1, cross_imps_cap__lte=24),
                name="%(class)s_cross_imps_cap_range",
            ),
            models.CheckConstraint(
                condition=Q(imp_round_cap__isnull=True) | Q(imp_round_cap__gt=0),
                name="%(class)s_imp_round_cap_positive",
            ),
            models.CheckConstraint(
                condition=Q(mp_rounding__in=["exact", "hundredths"]),
                name="%(class)s_mp_rounding_choice",
            ),
        ]
