"""Change a running section's movement: a late pair, a withdrawal, the arrow switch.

Each change locks the section, checks the round against the results already
stored, rebuilds the movement and runs the validator on it (nothing is saved
if it is not sound), keeps a ``SectionChange`` for the director and queues
a rescore.  The movement cache is keyed on the stored choice, absences and
arrow switch included (``events.MovementChoice``), so the movement sheet,
the table cards, the console and the tablets follow at once.

Scoring.  A seat nobody fills is a sit-out, scored as Donne scores the
phantom's sit-outs already: "not played".  A pair's percentage is its
matchpoints over the tops of the boards it played, and a board played fewer
times than the others is factored up (Neuberg).  So the opponents of an
absent pair lose nothing; the late pair is ranked on the boards it played
from its first round; the withdrawn pair stays ranked on the boards it
played (factored), and the section page lists it as withdrawn.  This is
what EBUScore does with a board marked "not played" (no artificial score,
fewer boards played by the pairs).  The EBU White
Book (2019, 2.4.4-2.4.5) asks more of the director by when the pair left:
before half-way the withdrawing pair is deemed never to have played (its
lines cancelled: delete them on the travellers), after half-way its
missed boards are Average-minus and its opponents' Average-plus: the
director asks for that with ``averages`` (``services.withdrawal_averages``).

The late pair takes the phantom's number and direction ("7EW" in a
7-table Mitchell, pair 2T in a Howell): the phantom's seat is where it
plays, and its number is the one printed on the guide cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import (
    Club,
    Pair,
    Player,
    Result,
    Section,
    SectionChange,
    Session,
)
from tournaments.movements import Movement, validate
from tournaments.movements.absences import LATE, WITHDRAWN
from tournaments.selectors.movement import MovementChoice, section_absences
from tournaments.services.entry import StateConflict, retrying
from tournaments.services.push import MOVEMENT, section_pushed
from tournaments.services.rescoring import section_changed
from tournaments.services.withdrawal_averages import withdrawal_averages

RUNNING_MOVEMENTS = (Section.Movement.MITCHELL, Section.Movement.HOWELL)


def locked_section(section: Section) -> Section:
    """The section, locked (``select_for_update``) for a change of the running
    section, refused if it cannot change now: not a Mitchell or a Howell, or
    its session closed.  Shared by ``running`` and ``absent_awards``."""
    section = (
        Section.objects.select_for_update(of=("self",))
        .select_related("session__event__club")
        .get(pk=section.pk)
    )
    if section.movement not in RUNNING_MOVEMENTS:
        raise ValidationError(
            {"section": _("Only a Mitchell or a Howell section can change this way.")}
        )
    if section.session.status == Session.Status.CLOSED:
        raise ValidationError(
            {"section": _("The session is closed: reopen it to change the section.")}
        )
    return section


def checked_round(section: Section, round: object, field: str = "round") -> int:
    """The round number, refused naming ``field`` ("round", or "first" and
    "last" for an absence) unless it is a round of the section."""
    if (
        isinstance(round, bool)
        or not isinstance(round, int)
        or not 1 <= round <= section.rounds
    ):
        raise ValidationError(
            {
                field: _("Give a round from 1 to %(rounds)d.")
                % {"rounds": section.rounds}
            }
        )
    return round


def section_pair(section: Section, label: object) -> Pair:
    """The section's pair with this label ("3NS"), refused naming the field
    ``pair`` when the section has none: the pair a director's change is about."""
    wanted = str(label or "").strip().upper()
    found = next((p for p in section.pairs.all() if p.label == wanted), None)
    if found is None:
        raise ValidationError(
            {"pair": _("Pair %(pair)s is not in this section.") % {"pair": label}}
        )
    return found


def _movement(section: Section, field: str) -> Movement:
    """The section's movement as it would be now, refused if it is not sound."""
    try:
        movement = MovementChoice.of(section).build()
    except ValueError as error:
        raise ValidationError({field: str(error)}) from None
    problems = validate(movement)
    if problems:
        raise ValidationError(
            {field: _("The movement would not be sound: %(problems)s")
             % {"problems": "; ".join(problems)}}
        )  # fmt: skip
    return movement


def _save(section: Section, fields: list[str], caller: Section) -> None:
    """Save the changed fields, and show them on the caller's instance too."""
    section.save(update_fields=fields)
    section_changed(section.pk)
    for name in fields:
        setattr(caller, name, getattr(section, name))


def section_change(
    section: Section, action: str, user: AbstractBaseUser | None, **change: object
) -> SectionChange:
    """Record a change of a running section: what, to which pair and round,
    before and after, by whom (the director's log and the section page)."""
    section_pushed(section.pk, MOVEMENT)
    return SectionChange.objects.create(
        section=section, action=action, user=user, **change
    )


def pair_players(club: Club | None, names: Sequence[str]) -> list[Player]:
    """The club's members called by these names, new members for the others."""
    if club is None:
        return []
    players = []
    for name in names:
        name = re.sub(r"\s+", " ", name).strip()
        if not name:
            continue
        found = next(
            (p for p in club.players.all() if p.full_name.lower() == name.lower()),
            None,
        )
        if found is None:
            first, _space, last = name.partition(" ")
            found = Player.objects.create(club=club, first_name=first, last_name=last)
        players.append(found)
    return players


@retrying
def late_pair_join(
    section: Section,
    *,
    names: Sequence[str],
    round: int,
    user: AbstractBaseUser | None = None,
) -> Pair:
    """A late pair takes the phantom's seat from ``round``.

    ``names`` are the two players' names (club members are found or
    created).  The rounds before are the late pair's sit-outs; the pairs
    that faced the phantom then keep theirs.  Refused if the section has no
    phantom, or if a result is stored in ``round`` or later (the round has
    started: the late pair joins from the next one).
    """
    caller, section = section, locked_section(section)
    round = checked_round(section, round)
    names = [re.sub(r"\s+", " ", str(name)).strip() for name in names]
    if len(names) != 2 or not all(names) or any(len(n) > 90 for n in names):
        raise ValidationError(
            {"names": _("Give both players' names (90 characters at most each).")}
        )
    movement = MovementChoice.of(section).build()
    phantom = movement.phantom
    if phantom is None:
        raise StateConflict(
            {"section": _("This section has no phantom: there is no seat to take.")}
        )
    started = Result.objects.filter(
        board__section=section, round__number__gte=round
    ).exists()
    if started:
        raise StateConflict(
            {
                "round": _(
                    "Round %(round)d has already started (results are stored in "
                    "it or later): the late pair can only join from a round with "
                    "no result yet."
                )
                % {"round": round}
            }
        )
    direction = phantom.direction or ""
    if section.pairs.filter(number=phantom.number, direction=direction).exists():
        raise StateConflict(
            {"section": _("Pair %(pair)s is already in this section.")
             % {"pair": phantom.label}}
        )  # fmt: skip
    before = {"phantom": True, "absences": list(section.absences)}
    section.phantom = False
    if round > 1:
        section.absences = [
            *section.absences,
            {"pair": phantom.label, "first": 1, "last": round - 1, "reason": LATE},
        ]
    if _movement(section, "round").seatings != movement.seatings:
        # Never so for Donne's Mitchells and Howells: the phantom only marks
        # a seat.  A movement whose seatings moved would re-seat played rounds.
        raise ValidationError(
            {"section": _("The movement would change its seatings: seat the "
                          "late pair by hand.")}
        )  # fmt: skip
    players = pair_players(section.session.event.club, names)
    try:
        with transaction.atomic():
            pair = Pair.objects.create(
                section=section,
                number=phantom.number,
                direction=direction,
                names=" – ".join(p.full_name for p in players) or " – ".join(names),
            )
    except IntegrityError:
        # A twin request seated the pair first (SQLite does not lock rows).
        raise StateConflict(
            {"section": _("Pair %(pair)s is already in this section.")
             % {"pair": phantom.label}}
        ) from None  # fmt: skip
    pair.players.set(players)
    _save(section, ["phantom", "absences"], caller)
    section_change(
        section,
        SectionChange.Action.LATE_PAIR,
        user,
        pair=pair.label,
        round=round,
        before=before,
        after={"phantom": False, "absences": section.absences, "names": pair.names},
    )
    return pair


@retrying
def pair_withdraw(
    section: Section,
    *,
    pair: str,
    round: int,
    averages: bool = False,
    user: AbstractBaseUser | None = None,
) -> Pair:
    """The pair labelled ``pair`` ("3NS") withdraws: nobody sits in its seat
    from ``round`` on, and its opponents there sit out.

    With ``averages`` (the EBU's rule after half-way) the boards it would
    have played are scored instead, through the write path and its audit:
    Average-plus to the opponents, Average-minus to the pair, each worth
    what the event's average rule makes it.

    Refused for a pair not in the section, one already withdrawn or not yet
    come in that round, and when the pair has a result in ``round`` or later
    (withdraw it from the round after, or delete those lines first).
    """
    caller, section = section, locked_section(section)
    round = checked_round(section, round)
    found = section_pair(section, pair)
    for absence in section_absences(section):
        if absence.pair != found.label:
            continue
        if absence.reason == WITHDRAWN:
            raise StateConflict(
                {"pair": _("Pair %(pair)s already withdrew from round %(round)d.")
                 % {"pair": found.label, "round": absence.first}}
            )  # fmt: skip
        if round <= absence.last:
            raise ValidationError(
                {"round": _("Pair %(pair)s only plays from round %(round)d.")
                 % {"pair": found.label, "round": absence.last + 1}}
            )  # fmt: skip
    played = (
        Result.objects.filter(board__section=section, round__number__gte=round)
        .filter(Q(ns_pair=found) | Q(ew_pair=found))
        .order_by("-round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if played is not None:
        raise StateConflict(
            {
                "round": _(
                    "Pair %(pair)s has results in round %(played)d: withdraw it "
                    "from round %(next)d, or delete those results first."
                )
                % {"pair": found.label, "played": played, "next": played + 1}
            }
        )
    before = {"absences": list(section.absences)}
    absence = {
        "pair": found.label,
        "first": round,
        "last": section.rounds,
        "reason": WITHDRAWN,
    }
    section.absences = [
        *section.absences,
        absence | ({"averages": True} if averages else {}),
    ]
    movement = _movement(section, "round")
    _save(section, ["absences"], caller)
    lines = 0
    if averages:
        lines = withdrawal_averages(section, movement, found, round, user)
    section_change(
        section,
        SectionChange.Action.WITHDRAW,
        user,
        pair=found.label,
        round=round,
        before=before,
        after={"absences": section.absences, "averaged_lines": lines},
    )
    return found


@retrying
def arrow_switch_change(
    section: Section,
    *,
    rounds: Sequence[int],
    user: AbstractBaseUser | None = None,
) -> Section:
    """Set the rounds in which a Mitchell's pairs swap directions.

    Refused for a Howell, for a round outside the movement, and for a
    round whose switch would change although it already has results.
    """
    caller, section = section, locked_section(section)
    field = "arrow_switch_rounds"
    if section.movement != Section.Movement.MITCHELL:
        raise ValidationError({field: _("Only a Mitchell has an arrow switch.")})
    chosen = []
    for value in rounds:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 1 <= value <= section.rounds
        ):
            raise ValidationError(
                {field: _("Round %(round)s is not a round from 1 to %(rounds)d.")
                 % {"round": value, "rounds": section.rounds}}
            )  # fmt: skip
        chosen.append(value)
    chosen = sorted(set(chosen))
    before = sorted(section.arrow_switch_rounds)
    changed = set(before) ^ set(chosen)
    if not changed:
        return section
    played = sorted(
        set(
            Result.objects.filter(
                board__section=section, round__number__in=changed
            ).values_list("round__number", flat=True)
        )
    )
    if played:
        raise StateConflict(
            {field: _("Round(s) %(rounds)s already have results: their arrow "
                      "switch cannot change.")
             % {"rounds": ", ".join(str(r) for r in played)}}
        )  # fmt: skip
    section.arrow_switch_rounds = chosen
    _movement(section, field)
    _save(section, ["arrow_switch_rounds"], caller)
    section_change(
        section,
        SectionChange.Action.ARROW_SWITCH,
        user,
        before={field: before},
        after={field: chosen},
    )
    return section
