"""``manage.py score_event EVENT_ID --json``: rescore an event and print it."""

from __future__ import annotations

import dataclasses
import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.session import AverageRule
from tournaments.models import Event
from tournaments.reports import event_sections, fresh_report, report_json


class Command(BaseCommand):
    help = (
        "Score an event with its settings, or with the options given, and print "
        "every board's lines and the rankings (nothing is stored)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's id")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument("--neuberg", choices=["on", "off"])
        parser.add_argument("--scale", type=int, choices=[2, 1])
        parser.add_argument(
            "--average-plus",
            choices=[rule.value for rule in AverageRule],
            help="flat: A+/A/A- are 60/50/40 %%; session: 60 %% or the pair's "
            "session average, whichever is greater (and 40 %% or less for A-)",
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            event = Event.objects.get(pk=options["event"])
        except Event.DoesNotExist:
            raise CommandError(f"There is no event {options['event']}.") from None
        settings = event.scoring_settings()
        board = settings.board
        if options["neuberg"]:
            board = dataclasses.replace(board, neuberg=options["neuberg"] == "on")
        if options["scale"]:
            board = dataclasses.replace(board, top_per_beat=options["scale"])
        rule = settings.average_rule
        if options["average_plus"]:
            rule = AverageRule(options["average_plus"])
        settings = dataclasses.replace(settings, board=board, average_rule=rule)
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
                self.stdout.write(
                    f"{entry['rank']:>4} {entry['pair']:>5} {entry['pct']:6.2f} %"
                    f"  {entry['names']}"
                )
