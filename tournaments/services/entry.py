"""The one write path: every game's lines are stored through :func:`write_line`.

A game (pairs, teams, Bridgeote, Whiz, Barbu, Chinese bridge) describes the
line it wants stored as an :class:`Entry` (where the line sits, the values
to set); who writes it comes as a :class:`Writer`.  The skeleton below then
applies the same rules to every game, so they hold by construction:

1. a closed session refuses every write (the director reopens it first);
2. a tablet writes only at its own table, in its current round
   (``table_rounds.current_round``), and never changes a line its opponents
   agreed, the director settled, or a disputed one: that is the director's;
3. a repeated submission (the same idempotency key) is stored once and
   answered with the stored line, even when both copies arrive at once or
   the second after the table moved on (a tablet sending its kept entries
   again when the link returns);
4. a second tablet entry for a line already stored confirms it when it
   says the same; a different one is refused and the stored line flagged
   for the director (the refusal and what the tablet tried to enter are
   kept in the audit trail: ``services.disputes``); a director's correction
   of a disputed line settles the dispute;
5. the line is saved, the change audited, and the section marked for
   rescoring, all in one short transaction; a write that changes nothing
   is not a change (no audit row, no rescore).

Races are decided by the database: the unique constraints of each game's
line (one line per board and pair, per board and key...) make the second of
two concurrent inserts fail, and the skeleton then reads what won.  A
director's change of the running section (a withdrawal, a late pair, a pair
marked absent: ``services.running``, ``services.absent_awards``) and a write
take the same lock, the section's row (:func:`section_now`), so one of the
two waits for the other and then sees what it stored: the game's ``seated``
check and the tablet's round (rule 2), run under that lock, refuse a line
whose pair has just left (``StateConflict``, a 409, saying why).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, OperationalError, connection, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Board, ResultChange, Section, Session, Source, Table
from tournaments.services.audit import audit, change_action, snapshot
from tournaments.services.disputes import (
    SecondEntryRefused,
    audit_resolution,
    second_entry,
    settle_dispute,
)
from tournaments.services.rescoring import section_changed
from tournaments.services.table_rounds import current_round

T = TypeVar("T")


@dataclass(frozen=True)
class Writer:
    """Who writes a line and from where: the context of every write.

    ``source`` is a :class:`Source`; a ``Source.TABLE`` write comes from the
    tablet of ``table`` and is bound to that table's current round.
    """

    source: str = Source.DIRECTOR
    user: AbstractBaseUser | None = None
    table: Table | None = None
    key: str = ""
    rescore: bool = True

    @classmethod
    def at(
        cls,
        table: Table | None,
        source: str,
        user: AbstractBaseUser | None = None,
        key: str = "",
        rescore: bool = True,
    ) -> Writer:
        """Who writes a line played at ``table``: its tablet when the source
        is the table, else the director (or an importer) at no table."""
        tablet = table if source == Source.TABLE else None
        return cls(source=source, user=user, table=tablet, key=key, rescore=rescore)

    @property
    def is_tablet(self) -> bool:
        return self.source == Source.TABLE

    @property
    def account(self) -> AbstractBaseUser | None:
        """The signed-in user to record, never an anonymous one."""
        user = self.user
        return user if user is not None and user.is_authenticated else None


@dataclass
class Entry:
    """One line a game wants stored: where it sits and what it says.

    ``slot`` filters the game's model down to the line at this place (at
    most one, by the model's unique constraints); ``line`` is the stored
    line to correct, when the writer names one.  ``values`` are the fields
    to set.  ``audited`` are the fields the audit trail keeps.
    """

    section: Section
    model: type[models.Model]
    slot: dict[str, Any]
    values: dict[str, Any]
    audited: Sequence[str]
    table: Table | None
    round: int | None
    where: str
    board: Board | None = None
    line: models.Model | None = None
    key_scope: dict[str, Any] = field(default_factory=dict)
    adjusted: bool = False
    # A tablet may correct its own line in place (Barbu and Chinese bridge:
    # one tablet keeps the table's whole score sheet; no opponents confirm).
    tablet_corrects: bool = False
    # Raised as the refusal when two lines would clash (a unique constraint).
    clash: str = ""
    # A game's own check of the line about to be saved (ValidationError).
    check: Callable[[models.Model], None] | None = None
    # The same, given the ``nearby`` lines as read with the lock.
    nearby_check: Callable[[models.Model, Sequence[models.Model]], None] | None = None
    # Audited fields a second entry may leave blank and still say the same.
    optional: Sequence[str] = ()
    # A game's check, under the lock on the section (as stored now), that
    # the line's seat is still played: raises ``StateConflict`` when a
    # director's change (a withdrawal, an absence) has just emptied it.
    # It is given the ``nearby`` lines as read with the lock.
    seated: Callable[[Section, Writer, Sequence[models.Model]], None] | None = None
    # The other stored lines ``seated`` and ``nearby_check`` look at (a
    # pair's lines of the board, in either direction): read in the same
    # locked query as the slot's line and the key's, not one query each.
    nearby: Q | None = None


class StateConflict(ValidationError):
    """A sound request refused by what is stored now, not by what it says:
    the loser of a race (a line of a pair that has just withdrawn, a
    withdrawal of a pair whose line has just been stored).  HTTP 409, its
    message saying why; the fields it names are the request's."""


def check_open(section: Section) -> None:
    """A closed session's lines do not change: the director reopens it first."""
    status = (
        Session.objects.filter(pk=section.session_id)
        .values_list("status", flat=True)
        .first()
    )
    refuse_closed(status)


def refuse_closed(status: str | None) -> None:
    """Refuse a change to a session whose ``status`` is closed
    (:func:`check_open`; :func:`write_line` reads the status with its lock)."""
    if status == Session.Status.CLOSED:
        raise ValidationError(
            _("This session is closed: the director reopens it to change a result.")
        )


def check_tablet(writer: Writer, entry: Entry) -> None:
    """A tablet writes at its own table, in its current round only."""
    tablet = writer.table
    if tablet is None or entry.table is None or entry.table.pk != tablet.pk:
        raise PermissionDenied(_("A tablet enters results at its own table only."))
    refusal = round_refusal(tablet, entry.round)
    if refusal is not None:
        raise PermissionDenied(refusal)


def round_refusal(tablet: Table, round: int | None) -> str | None:
    """Why ``tablet`` may not write round ``round`` now (None: it may).

    The tablet's pages say it before the players fill in a board, the
    write path when one is sent anyway: one text for both."""
    now = current_round(tablet)
    if round is not None and now == round:
        return None
    if now is None:
        return _("Table %(table)d has played every round: call the director.") % {
            "table": tablet.number
        }
    if round is not None and round > now:
        return _(
            "Table %(table)d is playing round %(now)d: round %(round)d comes "
            "once round %(now)d is entered and agreed (or the director moves "
            "the table on)."
        ) % {"table": tablet.number, "now": now, "round": round}
    return _(
        "Table %(table)d is playing round %(now)d: round %(round)s is "
        "the director's to change."
    ) % {"table": tablet.number, "now": now, "round": round or "?"}


def is_settled(line: models.Model) -> bool:
    """Agreed by the opponents or written by the director: locked for tablets."""
    return bool(getattr(line, "confirmed", None)) or line.source != Source.TABLE


def mark_changed(section: Section, writer: Writer, line: models.Model) -> None:
    """Queue the rescore of the line's board (its section's, for a line of
    no board) once the transaction commits."""
    if writer.rescore:
        section_changed(section.pk, getattr(line, "board_id", None))


def write_line(writer: Writer, entry: Entry) -> tuple[models.Model, bool]:
    """Store ``entry`` as ``writer`` may; return (the line, whether it is new).

    Raises ``ValidationError`` naming the field at fault (a closed session:
    :func:`refuse_closed`, read with the lock on the section), or
    ``PermissionDenied`` when the writer may not write there.  A refused
    second entry is flagged and audited in a transaction that commits, and
    only then refused (``SecondEntryRefused``, a conflict).
    """
    outcome = retried(lambda: _store(writer, entry))
    if isinstance(outcome, str):
        raise SecondEntryRefused(outcome)
    return outcome


def retried(work: Callable[[], T], attempts: int = 3) -> T:
    """Run ``work`` in a transaction, again if the database chose it as the
    victim of a deadlock or a serialization failure (PostgreSQL), or SQLite
    found the database locked past its busy timeout; still so after
    ``attempts``, the request is refused with a 409 asking to send it again
    (``StateConflict``), never a server error.

    Inside a caller's transaction there is nothing to retry: the caller's
    whole transaction is lost, and the error goes up to it.
    """
    nested = in_transaction()
    for attempt in range(1, attempts + 1):
        try:
            with transaction.atomic():
                return work()
        except OperationalError as error:
            if nested or not _conflict(error):
                raise
            if attempt == attempts:
                raise StateConflict(
                    _("The database was busy with another change: send it again.")
                ) from error
    raise AssertionError("unreachable")


def retrying(function: Callable[..., T]) -> Callable[..., T]:
    """``function`` run by :func:`retried`: in a transaction of its own, again
    when the database chose it as a deadlock's victim (a director's change
    of a running section, as ``transaction.atomic`` would run it)."""

    @wraps(function)
    def run(*args: Any, **kwargs: Any) -> T:
        return retried(lambda: function(*args, **kwargs))

    return run


def in_transaction() -> bool:
    """Whether the caller already holds a transaction."""
    return transaction.get_connection().in_atomic_block


def _conflict(error: OperationalError) -> bool:
    """A deadlock, a serialization failure or a lock not obtained in time
    (PostgreSQL's codes; SQLite's "database is locked"): the transaction may
    be retried."""
    code = getattr(error.__cause__, "sqlstate", None)
    return code in ("40P01", "40001", "55P03") or "database is locked" in str(error)


def section_now(section: Section) -> Section:
    """The section as stored now, locked against a change of the running
    section until the caller's transaction ends (inside a transaction).

    Its ``session_status`` is the session's status read in the same query
    (a closed session refuses the write: :func:`refuse_closed`).

    A running change locks the row ``FOR UPDATE`` (``running.locked_section``);
    a write takes ``FOR KEY SHARE``, which waits for that lock only: writes
    of one section never wait for each other, nor for a rescore (``FOR NO
    KEY UPDATE``).  PostgreSQL only: SQLite's writers hold the database's
    write lock from ``BEGIN IMMEDIATE`` on (``config/settings.py``), so the
    read alone is enough there.  One raw statement on both: the ORM's
    compiler cost more than the query on a tablet's write.
    """
    table = connection.ops.quote_name(Section._meta.db_table)
    sessions = connection.ops.quote_name(Session._meta.db_table)
    lock = f" FOR KEY SHARE OF {table}" if connection.vendor == "postgresql" else ""
    locked = Section.objects.raw(
        f"SELECT {table}.*, {sessions}.status AS session_status FROM {table} "
        f"JOIN {sessions} ON {sessions}.id = {table}.session_id "
        f"WHERE {table}.id = %s{lock}",
        [section.pk],
    )
    found = next(iter(locked), None)
    if found is None:
        raise Section.DoesNotExist(f"No section {section.pk}.")
    return found


def _store(writer: Writer, entry: Entry) -> tuple[models.Model, bool] | str:
    """Save the line inside the caller's transaction; a str is a refusal."""
    model = entry.model
    section = section_now(entry.section)
    refuse_closed(section.session_status)
    seen = lines_now(writer, entry)
    if seen.replay is not None:
        return seen.replay, False
    if entry.seated is not None:
        entry.seated(section, writer, seen.nearby)
    if writer.is_tablet:
        check_tablet(writer, entry)
    stored = seen.stored
    if entry.line is not None:
        if stored is None:
            raise ValidationError(_("This result was deleted meanwhile."))
    else:
        if _is_replay(writer, stored):
            return stored, False
        if stored is not None and not (writer.is_tablet and entry.tablet_corrects):
            return second_entry(writer, entry, stored)
    line = stored or model(**entry.slot)
    if writer.is_tablet and line.pk and getattr(line, "disputed", False):
        raise PermissionDenied(
            _("%(where)s is disputed: only the director can change it now.")
            % {"where": entry.where}
        )
    if writer.is_tablet and line.pk and is_settled(line):
        raise _agreed(entry)
    before = snapshot(line, entry.audited)
    for name, value in entry.values.items():
        setattr(line, name, value)
    if before is not None and snapshot(line, entry.audited) == before:
        return line, False
    settled = settle_dispute(writer, entry, line)
    line.source = writer.source
    if hasattr(line, "entered_by"):
        line.entered_by = writer.account
    if writer.key and hasattr(line, "idempotency_key"):
        line.idempotency_key = writer.key
    created = line.pk is None
    try:
        if entry.check is not None:
            entry.check(line)
        if entry.nearby_check is not None:
            entry.nearby_check(line, seen.nearby)
        _insert_or_update(line)
    except (IntegrityError, ValidationError) as clash:
        # A concurrent write won the race: a replay of this very submission,
        # or another entry for the same line (refused like any second entry).
        replay = _replay(writer, entry)
        if replay is not None:
            return replay, False
        stored = model.objects.filter(**entry.slot).first()
        if created and stored is not None:
            return second_entry(writer, entry, stored)
        if isinstance(clash, ValidationError):
            raise
        raise ValidationError(
            entry.clash or _("This result clashes with another.")
        ) from None
    audit(
        entry=entry,
        action=change_action(before, entry.adjusted),
        writer=writer,
        line=line,
        before=before,
        after=snapshot(line, entry.audited),
    )
    if settled:
        audit_resolution(writer, entry, line, before)
    mark_changed(entry.section, writer, line)
    return line, created


def _agreed(entry: Entry) -> PermissionDenied:
    """The refusal of a tablet's change to a line its opponents agreed."""
    return PermissionDenied(
        _("%(where)s is agreed: only the director can change it now.")
        % {"where": entry.where}
    )


def _is_replay(writer: Writer, stored: models.Model | None) -> bool:
    """The stored line is this very submission, committed by its twin between
    the key lookup and the lock (PostgreSQL reads each statement afresh)."""
    key = getattr(stored, "idempotency_key", "")
    return bool(writer.key) and key == writer.key


@dataclass(frozen=True)
class Seen:
    """The stored lines a write looks at, as read with the lock: the line
    it writes (``stored``: the slot's, or the one it corrects), the line
    already stored under the writer's key (``replay``), and every line the
    query read (``nearby``: the game's checks look at those of
    ``Entry.nearby``)."""

    stored: models.Model | None
    replay: models.Model | None
    nearby: list[models.Model]


def lines_now(writer: Writer, entry: Entry) -> Seen:
    """The lines ``entry`` is written against, in one locked query.

    The line written is locked (``FOR NO KEY UPDATE``, PostgreSQL) against
    a concurrent answer or correction of it, as are the few others read
    with it (every row read is ``nearby``); which row is which is told from
    their columns, not compiled into the query.
    """
    target = {"pk": entry.line.pk} if entry.line is not None else entry.slot
    wanted = Q(**target)
    keyed = {}
    if writer.key and entry.key_scope:
        keyed = {**entry.key_scope, "idempotency_key": writer.key}
        wanted |= Q(**keyed)
    if entry.nearby is not None:
        wanted |= entry.nearby
    locked = entry.model.objects.select_for_update(no_key=True)
    rows = list(locked.filter(wanted).order_by("pk"))
    stored = next((row for row in rows if _holds(row, target)), None)
    replay = next((row for row in rows if keyed and _holds(row, keyed)), None)
    return Seen(stored=stored, replay=replay, nearby=rows)


def _holds(row: models.Model, filters: dict[str, Any]) -> bool:
    """Whether ``row`` has the values of ``filters`` (field names, as in
    ``Entry.slot`` and ``Entry.key_scope``: a related row or its id)."""
    meta = row._meta
    for name, wanted in filters.items():
        column = "pk" if name == "pk" else meta.get_field(name).attname
        value = wanted.pk if isinstance(wanted, models.Model) else wanted
        if getattr(row, column) != value:
            return False
    return True


def _insert_or_update(line: models.Model) -> None:
    """Save ``line``; a unique clash (IntegrityError) leaves the transaction
    usable, so that the write reads what won.

    PostgreSQL aborts the whole transaction on an error, so the save runs
    in a savepoint there.  SQLite undoes only the failed statement, and its
    writers are serialised from ``BEGIN IMMEDIATE`` on: the savepoint (two
    statements more a write) is not needed; Django marks the transaction
    for rollback on any error in ``save``, which is cleared for the clash.
    """
    if connection.vendor == "sqlite":
        try:
            line.save()
        except IntegrityError:
            transaction.set_rollback(False)
            raise
        return
    with transaction.atomic():
        line.save()


def _replay(writer: Writer, entry: Entry) -> models.Model | None:
    """The line already stored under the writer's key, if any."""
    if not writer.key or not entry.key_scope:
        return None
    return entry.model.objects.filter(
        **entry.key_scope, idempotency_key=writer.key
    ).first()


def answer_line(
    writer: Writer,
    entry: Entry,
    *,
    agree: bool,
) -> models.Model:
    """The opponents agree with a stored line (locking it), or call the director.

    A tablet answers only for its own table's current round.  Agreeing twice
    is harmless; agreeing with a line the director settled changes nothing;
    "not agreed" on a line already disputed changes nothing either.
    """
    check_open(entry.section)
    if writer.is_tablet:
        check_tablet(writer, entry)
    with transaction.atomic():
        lines = entry.model.objects.select_for_update(no_key=True)
        line = lines.get(pk=entry.line.pk)
        if agree and getattr(line, "confirmed", None):
            return line
        if agree:
            line.confirmed = timezone.now()
            fields = ["confirmed"]
            action = ResultChange.Action.CONFIRM
        else:
            if getattr(line, "confirmed", None) and writer.is_tablet:
                raise _agreed(entry)
            if line.disputed:
                return line  # the director is already called: once is enough
            line.disputed = True
            fields = ["disputed"]
            action = ResultChange.Action.DISPUTE
        line.save(update_fields=fields)
        state = snapshot(line, entry.audited)
        audit(
            entry=entry, action=action, writer=writer, line=line,
            before=state, after=state,
        )  # fmt: skip
    return line


def delete_line(writer: Writer, entry: Entry) -> None:
    """Remove a line entered by mistake (the director only), audited."""
    if writer.is_tablet:
        raise PermissionDenied(_("Only the director deletes a result."))
    check_open(entry.section)
    with transaction.atomic():
        line = entry.model.objects.select_for_update().filter(pk=entry.line.pk).first()
        if line is None:
            return
        before = snapshot(line, entry.audited)
        line.delete()
        audit(
            entry=entry, action=ResultChange.Action.DELETE, writer=writer,
            line=None, before=before, after=None,
        )  # fmt: skip
        mark_changed(entry.section, writer, line)


def refusal_status(error: Exception) -> int:
    """The HTTP status of a refused write: 403 when the writer may not write
    there, 409 for a second entry disagreeing with the stored line or a race
    lost (``StateConflict``), else 400."""
    if isinstance(error, PermissionDenied):
        return 403
    return 409 if isinstance(error, (SecondEntryRefused, StateConflict)) else 400


def refusal_messages(error: Exception) -> list[str]:
    """What a refused write says, for the pages."""
    return list(getattr(error, "messages", None) or [str(error)])
