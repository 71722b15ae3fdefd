"""A pairs event's scoring settings as the pure scorers take them: its
matchpoint choices (``Event.scoring_settings``) or its IMP choices (Butler
datum trimming and rounding, cross-IMP totals and caps, the round cap).
"""

from __future__ import annotations

from scoring.imp_session import ImpMethod, ImpSettings
from scoring.imps import DatumRounding
from scoring.session import SessionSettings
from tournaments.models import Event

ScorerSettings = SessionSettings | ImpSettings

# The Butler datum's trimming choices as ``butler_datum`` takes them.
DATUM_TRIMS: dict[str, dict[str, int | float | None]] = {
    Event.ButlerTrim.ONE_EACH_END: {"drop": 1, "drop_fraction": None},
    Event.ButlerTrim.FIVE_PERCENT: {"drop": 0, "drop_fraction": 0.05},
    Event.ButlerTrim.NONE: {"drop": 0, "drop_fraction": None},
}


def datum_trim(
    trim: str, count: int = 1, percent: float = 5.0
) -> dict[str, int | float | None]:
    """A trimming choice as ``butler_datum`` takes it: a preset of
    ``DATUM_TRIMS``, ``count`` scores at each end, ``percent`` at each end, or
    only the middle ``count`` scores kept."""
    if trim in DATUM_TRIMS:
        return dict(DATUM_TRIMS[trim], keep_middle=None)
    if trim == Event.ButlerTrim.EACH_END:
        return {"drop": count, "drop_fraction": None, "keep_middle": None}
    if trim == Event.ButlerTrim.PERCENT:
        return {"drop": 0, "drop_fraction": percent / 100, "keep_middle": None}
    if trim == Event.ButlerTrim.MIDDLE:
        return {"drop": 0, "drop_fraction": None, "keep_middle": count}
    raise ValueError(f"unknown Butler trimming {trim!r}")


def imp_settings(event: Event, method: str | None = None) -> ImpSettings:
    """The event's IMP choices as the pure scorer takes them.

    ``method`` ("butler" or "cross-imps") overrides the event's own, so an
    event can be scored by IMPs whatever it is set to (``score_event``).
    """
    cap = event.imp_round_cap
    return ImpSettings(
        method=ImpMethod(method or event.method),
        rounding=DatumRounding(event.butler_rounding),
        cross_imps_total=event.cross_imps_total,
        cross_imps_cap=event.cross_imps_cap,
        average_plus=float(event.imp_average_plus),
        round_cap=None if cap is None else float(cap),
        **datum_trim(
            event.butler_trim,
            event.butler_trim_count,
            float(event.butler_trim_percent),
        ),
    )


def event_settings(event: Event, method: str | None = None) -> ScorerSettings:
    """The settings the event is scored with: matchpoints, Butler or cross-IMPs."""
    method = method or event.method
    if method == Event.Method.MATCHPOINTS:
        return event.scoring_settings()
    return imp_settings(event, method)


def settings_method(settings: ScorerSettings) -> str:
    """The method ("mp", "butler", "cross-imps") that ``settings`` score by."""
    if isinstance(settings, ImpSettings):
        return str(settings.method)
    return Event.Method.MATCHPOINTS
