"""The movement of a stored section: who plays which boards where, each round.

A section stores the director's choice (kind, tables, boards per round,
phantom, arrow switch, absences); the movement is generated from it.  Built
movements are frozen values, shared through a process-wide cache keyed on the
whole choice, and memoised on the section instance, so a tablet's request
builds its section's movement at most once however many steps consult it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from tournaments.models import Section
from tournaments.movements import Movement, howell, mitchell
from tournaments.movements.absences import Absence, with_absences
from tournaments.registry import section_game

MEMO = "_donne_movement"


@dataclass(frozen=True)
class MovementChoice:
    """A director's choice of movement, as stored on the section."""

    kind: str
    tables: int
    boards_per_round: int
    rounds: int | None = None
    even_tables: str = Section.EvenTables.SKIP
    phantom: bool = False
    arrow_switch: tuple[int, ...] = field(default=())
    absences: tuple[Absence, ...] = field(default=())

    @classmethod
    def of(cls, section: Section) -> MovementChoice:
        stored = ("tables", "boards_per_round", "rounds", "even_tables", "phantom")
        return cls(
            kind=section.movement,
            arrow_switch=tuple(section.arrow_switch_rounds),
            absences=section_absences(section),
            **{name: getattr(section, name) for name in stored},
        )

    def build(self) -> Movement:
        """Generate the movement (raises ValueError naming a bad parameter).

        Movements are frozen values, so each choice is built once per process
        and shared: a tablet's submission looks the movement up several times.
        The cache is keyed on the whole choice, absences and arrow switch
        included, so a change to a running section is a new key: a stale
        movement is never served.
        """
        return _built(self)


def section_absences(section: Section) -> tuple[Absence, ...]:
    """The section's late and withdrawn pairs, as stored (``services.running``)."""
    return tuple(
        Absence(
            pair=str(item["pair"]),
            first=int(item["first"]),
            last=int(item["last"]),
            reason=str(item["reason"]),
            averages=bool(item.get("averages", False)),
        )
        for item in section.absences or ()
    )


@lru_cache(maxsize=512)
def _built(choice: MovementChoice) -> Movement:
    """The movement of a choice, generated (ValueError is not cached)."""
    return with_absences(_generated(choice), choice.absences)


def _generated(choice: MovementChoice) -> Movement:
    """The movement as generated, before any pair is absent."""
    pairs = 2 * choice.tables - 1 if choice.phantom else None
    if choice.kind == Section.Movement.MITCHELL:
        return mitchell(
            choice.tables,
            rounds=choice.rounds,
            boards_per_round=choice.boards_per_round,
            even=choice.even_tables,
            pairs=pairs,
            arrow_switch=choice.arrow_switch,
        )
    if choice.kind == Section.Movement.HOWELL:
        return howell(
            choice.tables, boards_per_round=choice.boards_per_round, pairs=pairs
        )
    raise ValueError(f"movement must be mitchell or howell, got {choice.kind!r}")


def section_movement(section: Section) -> Movement | None:
    """The section's movement as its game lays it out (None if it has none).

    A pairs section's comes from its stored choice (None if imported), a
    teams round's from its matches; Whiz, Barbu and Chinese sections have no
    pairs movement (their games build their own, ``registry``).  Memoised on
    the instance under the fields it is built from, so a change made through
    this same instance is a new key.
    """
    key = movement_key(section)
    memo = section.__dict__.get(MEMO)
    if memo is not None and memo[0] == key:
        return memo[1]
    movement = section_game(section).pairs_movement(section)
    section.__dict__[MEMO] = (key, movement)
    return movement


def movement_key(section: Section) -> tuple:
    """The section's fields its movement is built from: equal keys, equal
    movements (``section_movement``'s memo, ``rescore.field_plays``)."""
    return (
        section.movement, section.tables, section.rounds, section.boards_per_round,
        section.even_tables, section.phantom, repr(section.arrow_switch_rounds),
        repr(section.absences),
    )  # fmt: skip


def stored_choice_movement(section: Section) -> Movement | None:
    """A pairs section's movement from its stored choice (None if imported)."""
    if section.movement == Section.Movement.NONE:
        return None
    return MovementChoice.of(section).build()
