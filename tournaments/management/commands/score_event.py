"""``manage.py score_event EVENT_ID --json``: rescore an event and print it."""

from __future__ import annotations

import dataclasses
import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.imp_session import ImpSettings
from scoring.imps import DatumRounding
from scoring.session import AverageRule, SessionSettings
from tournaments.models import Event
from tournaments.reports import event_sections, fresh_report, report_json
from tournaments.scoring_io import DATUM_TRIMS, ScorerSettings, event_settings


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
        parser.add_argument(
            "--butler-trim",
            choices=list(DATUM_TRIMS),
            help="Butler datum: drop the top and bottom score (one), 5 %% at each "
            "end (5pct) or none",
        )
        parser.add_argument(
            "--butler-rounding",
            choices=[rounding.value for rounding in DatumRounding],
            help="Butler datum: to the nearest 10 with 5 away from zero "
            "(half-away), to the even ten (half-even), or not rounded",
        )
        parser.add_argument(
            "--cross-imps",
            choices=["average", "total"],
            help="publish cross-IMPs as the average per comparison or the total",
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            event = Event.objects.get(pk=options["event"])
        except Event.DoesNotExist:
            raise CommandError(f"There is no event {options['event']}.") from None
        settings = event_settings(event, options["method"])
        if isinstance(settings, ImpSettings):
            settings = _imp_options(settings, options)
        else:
            settings = _matchpoint_options(settings, options)
        reports = [fresh_report(s, settings) for s in event_sections(event)]
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


def _matchpoint_options(
    settings: SessionSettings, options: dict[str, object]
) -> ScorerSettings:
    """The event's matchpoint settings with the options given on top."""
    board = settings.board
    if options["neuberg"]:
        board = dataclasses.replace(board, neuberg=options["neuberg"] == "on")
    if options["scale"]:
        board = dataclasses.replace(board, top_per_beat=options["scale"])
    rule = settings.average_rule
    if options["average_plus"]:
        rule = AverageRule(options["average_plus"])
    return dataclasses.replace(settings, board=board, average_rule=rule)


def _imp_options(settings: ImpSettings, options: dict[str, object]) -> ScorerSettings:
    """The event's IMP settings with the options given on top."""
    changes: dict[str, object] = {}
    if options["butler_trim"]:
        changes.update(DATUM_TRIMS[options["butler_trim"]])
    if options["butler_rounding"]:
        changes["rounding"] = DatumRounding(options["butler_rounding"])
    if options["cross_imps"]:
        changes["cross_imps_total"] = options["cross_imps"] == "total"
    return dataclasses.replace(settings, **changes)
