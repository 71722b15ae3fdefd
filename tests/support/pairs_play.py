"""Play pairs sections in tests: a 3-table Mitchell entered line by line."""

from __future__ import annotations

from tests.support.field_play import played_mitchell
from tournaments.models import Event, PairScore, Section, Session
from tournaments.rescore import rescore_section


def played_section(session: Session, letter: str, names: list[str]) -> Section:
    """A 3-table Mitchell in ``session``, every line entered through the one
    write path, then scored."""
    return played_mitchell(session, letter, 3, names=names, entered=True)


def percentages_by_place(event: Event) -> dict[tuple[int, str, str], float]:
    scores = PairScore.objects.filter(pair__section__session__event=event)
    return {
        (
            score.pair.section.session.number,
            score.pair.section.letter,
            score.pair.label,
        ): score.pct
        for score in scores.select_related("pair__section__session")
    }


def two_section_event() -> Event:
    """Sections A and B in session 1 and A again in session 2, all played out;
    the same six partnerships play A in both sessions."""
    import datetime as dt

    from tournaments.services.events import event_create

    event = event_create(name="Two-section pairs", date=dt.date(2026, 11, 24))
    first = event.sessions.get()
    second = Session.objects.create(event=event, number=2)
    names = [f"Pair {n} – Partner {n}" for n in range(1, 13)]
    played_section(first, "A", names[:6])
    played_section(first, "B", names[6:])
    played_section(second, "A", names[:6])
    return event


def imported_by_command(command: str, text: str, suffix: str) -> Event:
    """Run ``command`` (import_pbn, import_usebio) on the text; the event, scored."""
    import tempfile
    from io import StringIO
    from pathlib import Path

    from django.core.management import call_command

    path = Path(tempfile.mkdtemp()) / f"event.{suffix}"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command(command, str(path), stdout=out)
    event = Event.objects.get(pk=int(out.getvalue()))
    for section in Section.objects.filter(session__event=event):
        rescore_section(section.pk)
    return event
