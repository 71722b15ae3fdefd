"""Who plays as a pair: substitutes at any time, and pairs missing a player.

A substitute plays under the pair's number (EBU and ACBL practice): the
director changes the pair's players, even while the session is playing or
after it is closed, and the rankings, scorecards, table cards and the
terminal show the pair's current players at once (they read ``Pair.names``).
The audit trail keeps the history: each change is a ``ResultChange`` of the
section, with no board, whose ``before`` and ``after`` hold the names.

A pair has two players.  A pair entered with one name (or none) is not
refused, since a director may type the names later, but it is listed as a
warning wherever the director looks (the section page, the console, the
API's answer).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from tournaments.models import Club, Pair, Player, ResultChange, Section, Source

PLAYERS_PER_PAIR = 2
NAME_SEPARATOR = " – "
MAX_NAME = 80  # a player's first or last name is 80 characters at most
# A player's name as printed, with an optional "(licence)" that is dropped.
LICENCE_SUFFIX = re.compile(r"\s*\(.*\)$")
# How printed names part two players: "A – B", "A - B", "A & B", "A / B"...
NAMES_SPLIT = re.compile(r"\s*[–—&/+,]\s*|\s+-\s+|\s+(?:and|et)\s+", re.IGNORECASE)


def club_player(club: Club, name: str) -> Player:
    """The club member called ``name``, created when the club has none."""
    name = LICENCE_SUFFIX.sub("", name).strip()
    for player in club.players.all():
        if player.full_name.lower() == name.lower():
            return player
    first, _space, last = name.partition(" ")
    return Player.objects.create(
        club=club, first_name=first[:MAX_NAME], last_name=last[:MAX_NAME]
    )


def clean_names(names: Iterable[object], field: str = "players") -> list[str]:
    """At most two players' names, trimmed, blanks dropped.

    Raises ``ValidationError`` naming ``field`` for more than two players,
    a name that is not text, or one too long to print.
    """
    cleaned = []
    for name in names:
        if not isinstance(name, str):
            raise ValidationError({field: _("Each player is a name.")})
        if any(not char.isprintable() for char in name):
            raise ValidationError(
                {field: _("A player's name has no control characters.")}
            )
        if len(name) > MAX_NAME:
            raise ValidationError(
                {field: _("A player's name is %(max)d characters at most.")
                 % {"max": MAX_NAME}}
            )  # fmt: skip
        if name.strip():
            cleaned.append(" ".join(name.split()))
    if len(cleaned) > PLAYERS_PER_PAIR:
        raise ValidationError({field: _("A pair has two players.")})
    if len({name.casefold() for name in cleaned}) < len(cleaned):
        raise ValidationError({field: _("A pair has two different players.")})
    return cleaned


def pair_players_change(
    pair: Pair,
    names: Sequence[str],
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> bool:
    """Seat ``names`` as the pair's players (a substitute); True if it changed.

    Allowed at any time, the session playing or closed: the results stay
    with the pair's number.  In a club's event the names are the club's
    members (a new name becomes a member, as when the pairs were entered).
    The change is audited with the names before and after; nothing is
    rescored (no score changes), the pages read the new names at once.
    """
    if source == Source.TABLE:
        raise ValidationError({"players": _("Only the director changes a pair.")})
    names = clean_names(names)
    if pair.phantom:
        raise ValidationError(
            {"players": _("Pair %(pair)s is the phantom: it has no players.")
             % {"pair": pair.label}}
        )  # fmt: skip
    with transaction.atomic():
        locked = Pair.objects.select_for_update().get(pk=pair.pk)
        club = locked.section.session.event.club
        before = _state(locked)
        players = [club_player(club, name) for name in names] if club else []
        printed = NAME_SEPARATOR.join(
            [player.full_name for player in players] if players else names
        )
        after = {"names": printed, "players": [player.pk for player in players]}
        if after == before:
            return False
        locked.names = printed
        locked.save(update_fields=["names"])
        locked.players.set(players)
        ResultChange.objects.create(
            section=locked.section,
            line=_("Pair %(pair)s: players") % {"pair": locked.label},
            action=ResultChange.Action.CORRECT,
            before=before,
            after=after,
            user=user if user is not None and user.is_authenticated else None,
            source=source,
        )
    pair.refresh_from_db()
    return True


def _state(pair: Pair) -> dict[str, object]:
    """What the audit trail keeps of a pair: its printed names and players."""
    players = sorted(pair.players.values_list("pk", flat=True))
    return {"names": pair.names, "players": players}


def player_count(pair: Pair) -> int:
    """How many players the pair has: its members, else the names printed."""
    members = getattr(pair, "members", None)
    if members is None:
        members = pair.players.count()
    printed = [name for name in NAMES_SPLIT.split(pair.names) if name.strip()]
    return max(members, len(printed))


def pair_seats(pair: Pair) -> tuple[str, str]:
    """The pair's two players' names as the director edits them ("" if none),
    in the order printed (the players as such have no order)."""
    names = [name.strip() for name in NAMES_SPLIT.split(pair.names) if name.strip()]
    if not names:
        names = [player.full_name for player in pair.players.all()]
    names = [*names[:PLAYERS_PER_PAIR], "", ""]
    return names[0], names[1]


def pairs_missing_a_player(section: Section) -> list[Pair]:
    """The section's real pairs with fewer than two players, in pair order."""
    pairs = section_pairs(section).annotate(members=Count("players"))
    return [
        pair
        for pair in pairs
        if not pair.phantom and player_count(pair) < PLAYERS_PER_PAIR
    ]


def section_pairs(section: Section) -> QuerySet[Pair]:
    """The section's pairs as a director reads them: NS pairs by number, then
    EW pairs by number (a Howell's pairs, with no direction, by number)."""
    return section.pairs.order_by("-direction", "number")


def pair_changes(section: Section) -> QuerySet[ResultChange]:
    """The audit trail of the section's pairs (substitutes), newest first."""
    return (
        section.changes.filter(board__isnull=True, result__isnull=True)
        .filter(before__has_key="names")
        .select_related("user")
        .order_by("-at", "-id")
    )


def missing_players_text(pairs: Sequence[Pair]) -> str:
    """The warning listing pairs with a missing player, or "" for none."""
    if not pairs:
        return ""
    return _(
        "A pair has two players: %(pairs)s still miss a player's name. "
        "Add it when you know it (Change players)."
    ) % {"pairs": ", ".join(pair.label for pair in pairs)}
