"""``manage.py bench_section --club``: the event being played is that club's
(the stack check's director plays it through the API)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.management.commands.bench_section import section_sizes
from tournaments.models import Club, Event, Section, Session, Table

pytestmark = pytest.mark.django_db


def test_the_event_is_the_clubs_and_being_played() -> None:
    club = Club.objects.create(name="Stack check club")
    out = io.StringIO()
    call_command("bench_section", "--tables", "3", "--club", club.name, stdout=out)
    made = json.loads(out.getvalue())
    event = Event.objects.get(pk=made["event"])
    assert event.club == club
    assert event.sessions.get().status == Session.Status.PLAYING
    codes = made["sections"][0]["codes"]
    assert sorted(codes) == ["1", "2", "3"]
    assert set(codes.values()) == set(
        Table.objects.filter(section__session__event=event).values_list(
            "code", flat=True
        )
    )


def test_an_unknown_club_is_refused_and_nothing_made() -> None:
    with pytest.raises(CommandError, match="--club: no club named 'Nowhere'"):
        call_command("bench_section", "--tables", "3", "--club", "Nowhere")
    assert not Event.objects.exists()


def test_without_club_the_event_has_none() -> None:
    out = io.StringIO()
    call_command("bench_section", "--tables", "3", stdout=out)
    assert Event.objects.get(pk=json.loads(out.getvalue())["event"]).club is None


def test_sections_of_fifty_tables_for_a_big_field() -> None:
    out = io.StringIO()
    call_command(
        "bench_section", "--tables", "100", "--section-tables", "50", stdout=out
    )
    made = json.loads(out.getvalue())
    assert [len(section["codes"]) for section in made["sections"]] == [50, 50]
    sizes = Section.objects.order_by("letter").values_list("letter", "tables")
    assert list(sizes) == [("A", 50), ("B", 50)]
    assert Table.objects.count() == 100


def test_sections_past_a_mitchells_cap_are_refused() -> None:
    with pytest.raises(CommandError, match="a Mitchell has at most 50 tables"):
        call_command("bench_section", "--tables", "51", "--section-tables", "51")
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("tables", "most", "sizes"),
    [(100, 25, [25, 25, 25, 25]), (51, 50, [26, 25]), (4, 3, [4]), (7, 3, [4, 3])],
)
def test_the_sections_sizes(tables, most, sizes) -> None:
    assert section_sizes(tables, most) == sizes
