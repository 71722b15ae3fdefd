"""``manage.py score_event EVENT_ID --json``: rescore an event and print it."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.imp_session import ImpSettings
from scoring.imps import DatumRounding
from scoring.session import AverageRule, SessionSettings
from tournaments.models import Event, Section
from tournaments.rescore.fresh_reports import fresh_field_reports
from tournaments.rescore.pair_settings import ScorerSettings, datum_trim, event_settings
from tournaments.selectors.pairs import event_sections
from tournaments.selectors.pairs_json import report_json


def bounded(
    kind: type[int] | type[float], low: float, high: float | None = None
) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` in [low, high]; argparse names
    the option in its error."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value < low or (high and value > high):
            limit = f"{low}..{high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{text} is not {limit}")
        return value

    return parse


# The IMP options that replace one setting as they are given: option, setting.
IMP_NUMBERS = {
    "cross_imps_cap": "cross_imps_cap",
    "imp_average_plus": "average_plus",
    "round_cap": "round_cap",
}

# The options chosen from a list: flag, choices, help.
CHOICE_OPTIONS = (
    (
        "--butler-trim",
        [trim.value for trim in Event.ButlerTrim],
        "Butler datum: drop the top and bottom score (one), 5 %% at each "
        "end (5pct), none, --butler-trim-count at each end (each-end), "
        "--butler-trim-percent at each end (percent, count rounded down) or "
        "keep only the middle --butler-trim-count scores (middle)",
    ),
    (
        "--butler-rounding",
        [rounding.value for rounding in DatumRounding],
        "Butler datum: to the nearest 10 with 5 away from zero "
        "(half-away), to the even ten (half-even), down toward zero "
        "(truncate), or not rounded",
    ),
    (
        "--cross-imps",
        ["average", "total"],
        "publish cross-IMPs as the average per comparison or the total",
    ),
    (
        "--mp-rounding",
        [rounding.value for rounding in Event.MpRounding],
        "matchpoints of each board exact or to 2 decimals (hundredths)",
    ),
)
# The options given as a number: flag, its bounds, help.
NUMBER_OPTIONS = (
    (
        "--butler-trim-count",
        bounded(int, 1, 99),
        "scores dropped at each end (each-end) or kept (middle)",
    ),
    (
        "--butler-trim-percent",
        bounded(float, 0.01, 49),
        "percentage dropped at each end (percent)",
    ),
    (
        "--cross-imps-cap",
        bounded(int, 1, 24),
        "at most this many IMPs from one cross-IMP comparison",
    ),
    (
        "--imp-average-plus",
        bounded(float, 0, 24),
        "IMPs of Average-plus by Butler or cross-IMPs (EBU 3)",
    ),
    (
        "--round-cap",
        bounded(float, 0.01),
        "at most this many IMPs won or lost against one opponent in a round",
    ),
)


class Command(BaseCommand):
    help = (
        "Score an event with its settings, or with the options given, and print "
        "every board's lines and the rankings (nothing is stored)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's id")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument(
            "--method",
            choices=[method.value for method in Event.Method],
            help="mp: matchpoints; butler: IMPs against a datum; cross-imps: IMPs "
            "against every other score (default: the event's own method)",
        )
        parser.add_argument("--neuberg", choices=["on", "off"])
        parser.add_argument("--scale", type=int, choices=[2, 1])
        parser.add_argument(
            "--average-plus",
            choices=[rule.value for rule in AverageRule],
            help="flat: A+/A/A- are 60/50/40 %%; session: 60 %% or the pair's "
            "session average, whichever is greater (and 40 %% or less for A-)",
        )
        field = parser.add_mutually_exclusive_group()
        field.add_argument(
            "--across-field",
            action="store_true",
            help="score the sections of each session as one field, as a "
            "simultaneous is (default: the event's own setting)",
        )
        field.add_argument(
            "--by-section",
            action="store_true",
            help="score each section as a field of its own",
        )
        for flag, choices, help in CHOICE_OPTIONS:
            parser.add_argument(flag, choices=choices, help=help)
        for flag, parse, help in NUMBER_OPTIONS:
            parser.add_argument(flag, type=parse, help=help)

    def handle(self, *args: object, **options: object) -> None:
        try:
            event = Event.objects.get(pk=options["event"])
        except Event.DoesNotExist:
            raise CommandError(f"There is no event {options['event']}.") from None
        settings = event_settings(event, options["method"])
        if isinstance(settings, ImpSettings):
            settings = _imp_options(settings, options, event)
        else:
            settings = _matchpoint_options(settings, options)
        across = event.across_field
        if options["across_field"] or options["by_section"]:
            across = bool(options["across_field"])
        reports = [
            report
            for field in _fields(event_sections(event), across)
            for report in fresh_field_reports(field, settings)
        ]
        if not reports:
            raise CommandError(f"Event {event.pk} has no section to score.")
        report = report_json(event, reports)
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        for ranking in report["rankings"]:
            self.stdout.write(f"Ranking {ranking['direction'] or ''}".rstrip())
            for entry in ranking["entries"]:
                figure = (
                    f"{entry['imps']:8.2f} IMPs"
                    if "imps" in entry
                    else f"{entry['pct']:6.2f} %"
                )
                self.stdout.write(
                    f"{entry['rank']:>4} {entry['pair']:>5} {figure}  {entry['names']}"
                )


def _fields(sections: list[Section], across: bool) -> list[list[Section]]:
    """The fields to score: each session's sections together when ``across``,
    else each section alone (in the event's order)."""
    if not across:
        return [[section] for section in sections]
    fields: dict[int, list[Section]] = {}
    for section in sections:
        fields.setdefault(section.session_id, []).append(section)
    return list(fields.values())


def _matchpoint_options(
    settings: SessionSettings, options: dict[str, object]
) -> ScorerSettings:
    """The event's matchpoint settings with the options given on top."""
    board = settings.board
    if options["neuberg"]:
        board = dataclasses.replace(board, neuberg=options["neuberg"] == "on")
    if options["scale"]:
        board = dataclasses.replace(board, top_per_beat=options["scale"])
    if options["mp_rounding"]:
        decimals = 2 if options["mp_rounding"] == Event.MpRounding.HUNDREDTHS else None
        board = dataclasses.replace(board, mp_decimals=decimals)
    rule = settings.average_rule
    if options["average_plus"]:
        rule = AverageRule(options["average_plus"])
    return dataclasses.replace(settings, board=board, average_rule=rule)


def _imp_options(
    settings: ImpSettings, options: dict[str, object], event: Event
) -> ScorerSettings:
    """The event's IMP settings with the options given on top."""
    changes: dict[str, object] = {}
    trim_given = any(
        options[name] is not None
        for name in ("butler_trim", "butler_trim_count", "butler_trim_percent")
    )
    if trim_given:
        _check_trim(options, event)
        changes.update(
            datum_trim(
                options["butler_trim"] or event.butler_trim,
                options["butler_trim_count"] or event.butler_trim_count,
                options["butler_trim_percent"] or float(event.butler_trim_percent),
            )
        )
    for option, setting in IMP_NUMBERS.items():
        if options[option] is not None:
            changes[setting] = options[option]
    if options["butler_rounding"]:
        changes["rounding"] = DatumRounding(options["butler_rounding"])
    if options["cross_imps"]:
        changes["cross_imps_total"] = options["cross_imps"] == "total"
    return dataclasses.replace(settings, **changes)


def _check_trim(options: dict[str, object], event: Event) -> None:
    """A count or a percentage only with the trimming that uses it."""
    trim = options["butler_trim"] or event.butler_trim
    uses = {
        "butler_trim_count": (Event.ButlerTrim.EACH_END, Event.ButlerTrim.MIDDLE),
        "butler_trim_percent": (Event.ButlerTrim.PERCENT,),
    }
    for name, trims in uses.items():
        if options[name] is not None and trim not in trims:
            option = "--" + name.replace("_", "-")
            wanted = " or ".join(str(t) for t in trims)
            raise CommandError(f"{option} needs --butler-trim {wanted}, not {trim}.")
