"""The director's reads of a section and of what is in it: its boards,
tables, pairs and players, and its mail jobs.

A view takes the section's id from its URL; these answer it with what the
page reads joined in (a 404 when there is none), and the section's rows in
the order the pages list them.
"""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet, Value
from django.db.models.functions import Concat

from tournaments.models import Board, Club, MailJob, Pair, Player, Section, Table
from tournaments.registry import kinds_with
from tournaments.selectors.lookups import found


def section_for_director(pk: int) -> Section:
    """The section ``pk`` alone, or a 404: the actions that read nothing
    above it."""
    return found(Section, pk=pk)


def section_with_session(pk: int) -> Section:
    """The section ``pk`` with its session joined, or a 404: an action
    checks whether the session is closed."""
    return found(Section.objects.select_related("session"), pk=pk)


def pairs_ranked_section(pk: int) -> Section:
    """The section ``pk`` with its session and event joined, if its game
    ranks pairs (print set, mailing the results), else a 404."""
    return found(
        Section.objects.select_related("session__event"),
        pk=pk,
        session__event__kind__in=kinds_with("ranks_pairs"),
    )


def pairs_ranked_section_with_club(pk: int) -> Section:
    """The section ``pk`` with its session, event and club joined, if its
    game ranks pairs (a night's last step), else a 404."""
    return found(
        Section.objects.select_related("session__event__club"),
        pk=pk,
        session__event__kind__in=kinds_with("ranks_pairs"),
    )


def board_after(section: Section, number: int) -> int | None:
    """The number of the section's next board after ``number``, None after
    the last: whether there is one, then which (two queries, as the
    traveller's "next" asks)."""
    following = section.boards.filter(number__gt=number).order_by("number")
    if not following.exists():
        return None
    return following[0].number


def board_numbers(section: Section) -> list[int]:
    """The section's board numbers, for the traveller's board list."""
    return list(section.boards.values_list("number", flat=True))


def boards_in_order(section: Section) -> QuerySet[Board]:
    """The section's boards by number (every one, played or not)."""
    return section.boards.order_by("number")


def boards_with_entries(section: Section) -> QuerySet[Board]:
    """The section's boards by number, each with its count of lines
    (``entered``) in the same query."""
    return section.boards.annotate(entered=Count("results")).order_by("number")


def table_at(section_id: int, number: int) -> Table:
    """The table numbered ``number`` of the section ``section_id``, or a 404."""
    return found(Table, section_id=section_id, number=number)


def section_pairs_all(section: Section) -> QuerySet[Pair]:
    """Every pair of the section, in no particular order: callers key them
    by id or label."""
    return section.pairs.all()


def section_pair(section: Section, pk: int) -> Pair:
    """The pair ``pk`` of ``section`` (``Pair.DoesNotExist`` if it is not
    the section's: the form offered only its pairs)."""
    return section.pairs.get(pk=pk)


def real_pairs_in_order(section: Section) -> QuerySet[Pair]:
    """The section's pairs but the phantom, NS before EW, by number: who a
    penalty can be given to."""
    return section.pairs.filter(phantom=False).order_by("-direction", "number")


def with_players(pairs: QuerySet[Pair]) -> QuerySet[Pair]:
    """``pairs`` with their players prefetched: one more query for all."""
    return pairs.prefetch_related("players")


def pair_with_event(section_id: int, pk: int) -> Pair:
    """The pair ``pk`` of the section ``section_id`` with its section,
    session and event joined, or a 404."""
    return found(
        Pair.objects.select_related("section__session__event"),
        pk=pk,
        section_id=section_id,
    )


def section_player_count(section: Section) -> int:
    """How many players the section's pairs have, each counted once."""
    return Player.objects.filter(pairs__section=section).distinct().count()


def recent_mail_jobs(section: Section, limit: int = 10) -> QuerySet[MailJob]:
    """The section's last ``limit`` mail jobs (lazy: read as the page lists
    them)."""
    return section.mail_jobs.all()[:limit]


def active_players(club: Club) -> QuerySet[Player]:
    """The club's active players, as a new section's names are chosen from."""
    return club.players.filter(active=True)


def active_players_starting(club: Club, typed: str) -> QuerySet[Player]:
    """The club's active players whose name, first name first or last name
    first, begins with ``typed`` (lazy: the caller slices it)."""
    players = active_players(club).annotate(
        first_last=Concat("first_name", Value(" "), "last_name"),
        last_first=Concat("last_name", Value(" "), "first_name"),
    )
    return players.filter(
        Q(first_last__istartswith=typed) | Q(last_first__istartswith=typed)
    )
