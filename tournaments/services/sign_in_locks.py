"""Sign-in lock-outs of the table tablets: wrong codes counted per device.

The whole room reaches the server from one address (the club's network, or
its NAT), so wrong codes are not counted per address but per *device*: the
random id of the tablet's signed device cookie, or, for a device that does
not keep that cookie, the id kept in its session (see
``tournaments.services.tablet_access.caller``).  A wrong code matches no table by
definition, so it counts against the device that typed it and nothing else:
five in five minutes lock that device out, and no other tablet, not even one
of the same table, notices.  One player cannot lock another table out.

Threat model.  Table codes are short: 6 characters of a 31-letter alphabet,
887,503,681 codes, of which a club night plays at most a few dozen.  The
guesser is on the club's network (so shares its one public address with
every tablet of the room) or anywhere on the Internet; it can drop its
cookies at will, so each request may be a new device; it cannot forge a
device id (the cookie is signed, the session is the server's).  What it
must not do is test codes fast, nor shut the room out by typing wrong ones.

* A device keeping its cookie tests 5 codes every five minutes (its lock).
* A device dropping its cookies is a new device each time; against that,
  past a per-address ceiling (200 wrong codes in five minutes, far above a
  room of 40 tablets mistyping) the address is *flooded*: the codes of
  devices that have never signed in are then read one at a time, one every
  ``TURN_SECONDS`` (1.5 s, the ceiling's own pace) for the whole address.
  Such a device takes the next turn (a ``SignInTurn`` row, the database
  deciding who holds which) and is answered 429 with ``Retry-After`` until
  it comes; the sign-in page sends the code again by itself then, and it
  is read: a right code signs in, a wrong one counts.  The answer while
  waiting is the same whatever the code, so no answer tells a right code
  from a wrong one early.  A cookie-dropping guesser thus tests at most 40
  codes a minute, however many devices it poses as: with 50 tables
  playing, one chance in 1,800 in a four-hour session, and no way to go
  faster; it can make the queue longer (the wait shows on the page and the
  director lifts the flood from the console), never shut a device out.
* A device that has signed in with a right code before (a ``TabletGrant``
  names its id: every tablet of the room after its first sign-in) waits for
  no turn: its code is read as usual, and only its own five-wrong-codes
  lock applies.  A guesser cannot become such a device without knowing a
  code, and a player who knows their own table's code still tests only 5
  others every five minutes.  So a device typing the right code is never
  refused because other devices at its address typed wrong codes: the
  room's tablets sign in at once, a new tablet in its turn.

Each wrong code is a ``SignInFailure`` row (why not the cache: see its
module), attributed when possible to a table (the last table the device
signed in to, else the playing table whose code the wrong one misses by one
character), so the director's console shows the locks of its section's
tables, and those of devices nobody can place, and lifts them.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Section,
    Session,
    SignInFailure,
    SignInTurn,
    Table,
    TabletGrant,
)

MAX_FAILURES = 5
FLOOD_FAILURES = 200
WINDOW = dt.timedelta(minutes=5)
KEEP = dt.timedelta(days=1)
# While flooded, one code of a never-signed-in device read this often per
# address: the flood ceiling's own pace, so flooding never reads faster.
TURN_SECONDS = WINDOW.total_seconds() / FLOOD_FAILURES
# A turn not used within this long after it came lapses (the device left).
TURN_LAPSES = dt.timedelta(minutes=1)
DEVICE = "device"
ADDRESS = "address"
TURN = "turn"
logger = logging.getLogger("donne.terminal")


@dataclass(frozen=True)
class Caller:
    """Who types a code: the device's id, its address, its last table (pk)."""

    device: str
    address: str
    table_id: int | None = None


@dataclass(frozen=True)
class Lock:
    """A device (or, past the flood ceiling, an address) locked until ``until``."""

    scope: str
    key: str
    until: dt.datetime

    def seconds_left(self, now: dt.datetime | None = None) -> int:
        """Whole seconds still to wait (at least 1 while locked)."""
        left = (self.until - (now or timezone.now())).total_seconds()
        return max(1, int(left + 0.999))

    def message(self, now: dt.datetime | None = None) -> str:
        """What the locked tablet reads: why, and how long to wait."""
        wait = wait_text(self.seconds_left(now))
        if self.scope == TURN:
            return _(
                "Many wrong codes were typed on this network, so codes are read "
                "one at a time: yours is read in %(wait)s. Keep this page open, "
                "it is sent again by itself."
            ) % {"wait": wait}
        if self.scope == ADDRESS:
            return _(
                "Too many wrong codes from this network: for %(wait)s, the codes "
                "of tablets new to this room are read one at a time (the "
                "director can lift this)."
            ) % {"wait": wait}
        return _(
            "Too many wrong codes from this tablet: try again in %(wait)s, "
            "or ask the director to lift the lock."
        ) % {"wait": wait}


def wait_text(seconds: int) -> str:
    """ "4 min 05 s", or "40 s" under a minute."""
    minutes, seconds = divmod(seconds, 60)
    if not minutes:
        return _("%(seconds)d s") % {"seconds": seconds}
    return _("%(minutes)d min %(seconds)02d s") % {
        "minutes": minutes,
        "seconds": seconds,
    }


def _counted(now: dt.datetime) -> QuerySet[SignInFailure]:
    """The wrong codes that still count: recent, and not lifted."""
    return SignInFailure.objects.filter(at__gt=now - WINDOW, lifted_at__isnull=True)


def _lock(
    rows: QuerySet[SignInFailure], limit: int, scope: str, key: str
) -> Lock | None:
    """Locked while ``limit`` wrong codes are in the window: until the oldest
    of the last ``limit`` leaves it."""
    times = list(rows.order_by("-at").values_list("at", flat=True)[:limit])
    if len(times) < limit:
        return None
    return Lock(scope, key, times[-1] + WINDOW)


def lock_for(caller: Caller, now: dt.datetime | None = None) -> Lock | None:
    """What holds this caller back, for the page to say, or None: its
    device's lock, else the flood of its address, which concerns only a
    device that never signed in (its codes are read in turn: ``admit``)."""
    now = now or timezone.now()
    counted = _counted(now)
    device = _lock(
        counted.filter(device=caller.device), MAX_FAILURES, DEVICE, caller.device
    )
    if device is not None:
        return device
    flood = _lock(
        counted.filter(address=caller.address), FLOOD_FAILURES, ADDRESS, caller.address
    )
    if flood is None or has_signed_in(caller.device):
        return None
    return flood


def admit(caller: Caller, now: dt.datetime | None = None) -> Lock | None:
    """May the caller's code be read now?  None if so, else what it waits
    for: its device's lock, or, while its address is flooded and it never
    signed in, its turn (taken now if it holds none, used up by this call
    when it has come)."""
    now = now or timezone.now()
    held = lock_for(caller, now)
    if held is None or held.scope == DEVICE:
        return held
    return _wait_turn(caller, now)


def _slot(now: dt.datetime) -> int:
    return int(now.timestamp() // TURN_SECONDS)


def _slot_time(slot: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(slot * TURN_SECONDS, tz=dt.UTC)


def _wait_turn(caller: Caller, now: dt.datetime) -> Lock | None:
    """None once the caller's turn has come (the turn used up), else a
    ``TURN`` lock until it comes; the next free turn taken if it held none."""
    address = caller.address[:45]
    current = _slot(now)
    turns = SignInTurn.objects.filter(address=address, used_at__isnull=True)
    lapsed = _slot(now - TURN_LAPSES)
    held = turns.filter(device=caller.device, slot__gte=lapsed).order_by("slot")
    turn = held.first()
    if turn is None:
        turn = _take_turn(address, caller.device, current, now)
    if turn.slot > current:
        return Lock(TURN, caller.device, _slot_time(turn.slot))
    # Used up once, whoever asks twice at the same moment.
    if turns.filter(pk=turn.pk).update(used_at=now) == 1:
        return None
    return _wait_turn(caller, now)


def _take_turn(address: str, device: str, current: int, now: dt.datetime) -> SignInTurn:
    """The first slot of the address after the last one taken, not before
    ``current``: a unique row per address and slot, so two devices racing
    for one get one each."""
    SignInTurn.objects.filter(taken_at__lt=now - KEEP).delete()
    for _attempt in range(50):
        last = (
            SignInTurn.objects.filter(address=address)
            .order_by("-slot")
            .values_list("slot", flat=True)
            .first()
        )
        slot = max(current, (last or 0) + 1)
        try:
            with transaction.atomic():
                return SignInTurn.objects.create(
                    address=address, slot=slot, device=device, taken_at=now
                )
        except IntegrityError:
            continue  # another device took that slot first: the next one
    raise RuntimeError(f"no free sign-in turn for {address}")


def has_signed_in(device: str) -> bool:
    """Whether this device ever signed in with a right code (a grant names
    it): proof enough that it is one of the room's tablets, not a guesser.
    Asked only while the device's address is flooded."""
    return TabletGrant.objects.filter(device=device).exists()


def record_failure(
    caller: Caller, code: str, now: dt.datetime | None = None
) -> Lock | None:
    """Count a wrong code against the caller's device (and address), log it,
    and answer the lock it now triggers, if any."""
    now = now or timezone.now()
    code = code[:32]
    table_id = caller.table_id or near_table_id(code)
    SignInFailure.objects.create(
        at=now,
        device=caller.device,
        address=caller.address[:45],
        code=code,
        table_id=table_id,
    )
    SignInFailure.objects.filter(at__lt=now - KEEP).delete()
    count = _counted(now).filter(device=caller.device).count()
    logger.warning(
        "Wrong table code %r from %s (device %s, %d in five minutes)",
        code[:12],
        caller.address,
        caller.device[-6:],
        count,
    )
    return lock_for(caller, now)


def near_table_id(code: str) -> int | None:
    """The playing table whose code ``code`` misses by one character (typed
    wrong, added or left out), when exactly one does."""
    tables = Table.objects.filter(
        section__session__status=Session.Status.PLAYING
    ).values_list("pk", "code")
    near = [pk for pk, real in tables if _one_edit_apart(code, real)]
    return near[0] if len(near) == 1 else None


def _one_edit_apart(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


@dataclass
class LockedDevice:
    """A lock as the console shows it."""

    scope: str
    key: str
    until: dt.datetime
    seconds_left: int
    failures: int
    table: Table | None = None
    address: str = ""
    codes: list[str] = field(default_factory=list)

    @property
    def wait(self) -> str:
        """How long the lock still holds, as the console reads it."""
        return wait_text(self.seconds_left)

    @property
    def short_key(self) -> str:
        """The end of the device's id: enough to tell two tablets apart."""
        return self.key if self.scope == ADDRESS else f"…{self.key[-6:]}"


def section_locks(
    section: Section, now: dt.datetime | None = None
) -> list[LockedDevice]:
    """The locks the section's director sees: devices locked at one of the
    section's tables, devices no table can be put to, and address floods."""
    now = now or timezone.now()
    rows = list(_counted(now).select_related("table").order_by("-at", "-id"))
    by_device: dict[str, list[SignInFailure]] = {}
    by_address: dict[str, list[SignInFailure]] = {}
    for row in rows:
        by_device.setdefault(row.device, []).append(row)
        by_address.setdefault(row.address, []).append(row)
    locks = []
    for device, failures in by_device.items():
        if len(failures) < MAX_FAILURES:
            continue
        table = next((row.table for row in failures if row.table), None)
        if table is not None and table.section_id != section.pk:
            continue
        codes = list(dict.fromkeys(row.code for row in failures))[:5]
        locks.append(
            _locked(DEVICE, device, failures, MAX_FAILURES, now, table=table,
                    address=failures[0].address, codes=codes)
        )  # fmt: skip
    for address, failures in by_address.items():
        if len(failures) >= FLOOD_FAILURES:
            locks.append(
                _locked(ADDRESS, address, failures, FLOOD_FAILURES, now,
                        address=address)
            )  # fmt: skip
    locks.sort(key=lambda lock: (lock.table.number if lock.table else 0, lock.key))
    return locks


def _locked(
    scope: str,
    key: str,
    failures: list[SignInFailure],
    limit: int,
    now: dt.datetime,
    **seen: object,
) -> LockedDevice:
    """The lock the ``limit``-th newest failure set, as the console lists it."""
    until = failures[limit - 1].at + WINDOW
    return LockedDevice(
        scope=scope,
        key=key,
        until=until,
        seconds_left=Lock(scope, key, until).seconds_left(now),
        failures=len(failures),
        **seen,
    )


def lift(
    section: Section, scope: str, key: str, user: AbstractBaseUser
) -> LockedDevice:
    """Lift a lock the section's console shows (LookupError for any other),
    keeping who lifted it and when on its rows, and in the log.  Lifting an
    address's flood lifts every wrong code counted from that address, the
    device locks there included: the director has looked at the room."""
    now = timezone.now()
    found = next(
        (
            lock
            for lock in section_locks(section, now)
            if lock.scope == scope and lock.key == key
        ),
        None,
    )
    if found is None:
        raise LookupError(key)
    rows = _counted(now).filter(**{scope: key})
    rows.update(lifted_at=now, lifted_by=user)
    logger.warning(
        "Director %s lifted the sign-in lock of %s %s (table %s, section %s)",
        user.get_username(),
        scope,
        found.short_key,
        found.table.number if found.table else "?",
        section.pk,
    )
    return found
