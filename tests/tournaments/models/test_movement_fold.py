"""The data migration that folds the games' names out of ``Section.movement``:
every game's section moves to "game", a pairs section keeps its movement,
and going back gives each section its game's old value from its event."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps

from tournaments.models import Event, Section
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

fold_migration = importlib.import_module(
    "tournaments.migrations.0039_section_movement_by_the_game"
)

OLD_VALUES = {
    Event.Kind.TEAMS: "teams",
    Event.Kind.WHIZ: "whiz",
    Event.Kind.BARBU: "barbu",
    Event.Kind.BARBU_DUPLICATE: "barbu",
    Event.Kind.CHINESE: "chinese",
    Event.Kind.BRIDGEOTE: "bridgeote",
    Event.Kind.INDIVIDUAL: "individual",
}


def _section(kind: str, movement: str) -> Section:
    """A one-section event of ``kind`` whose section holds ``movement``
    as an older Donne stored it."""
    event = event_create(name=f"{kind} night", date=dt.date(2026, 12, 1))
    Event.objects.filter(pk=event.pk).update(kind=kind)
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Section.objects.filter(pk=section.pk).update(movement=movement)
    return section


def test_the_games_sections_fold_into_game_and_back():
    games = {kind: _section(kind, old) for kind, old in OLD_VALUES.items()}
    pairs = _section(Event.Kind.PAIRS, "mitchell")

    fold_migration.fold(apps, None)
    stored = dict(Section.objects.values_list("pk", "movement"))
    assert {stored[section.pk] for section in games.values()} == {"game"}
    assert stored[pairs.pk] == "mitchell"

    fold_migration.unfold(apps, None)
    stored = dict(Section.objects.values_list("pk", "movement"))
    assert {kind: stored[section.pk] for kind, section in games.items()} == (OLD_VALUES)
    assert stored[pairs.pk] == "mitchell"
    assert Section.objects.count() == len(OLD_VALUES) + 1


def test_a_games_section_ranks_its_entrants_as_one():
    section = _section(Event.Kind.WHIZ, "game")
    assert Section.objects.get(pk=section.pk).single_winner
