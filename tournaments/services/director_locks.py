"""Director sign-in lock-outs: wrong passwords counted in the shared cache.

Five wrong passwords for one username from one address within 15 minutes
lock that username out from that address for 15 minutes; fifty wrong
passwords from one address (whatever the usernames) lock every sign-in from
it for 15 minutes.  While locked even the right password is refused, so a
guesser learns nothing; a successful sign-in clears its username's count
(never the address's, which another account's success must not reset).

The counts are in Django's cache, which is shared by every worker process
and survives a restart (Redis, or the database cache: ``CACHES`` in
``config.settings``): ``cache.add`` starts a count with its window's end,
``cache.incr`` adds to it atomically, so four workers cannot allow twenty
guesses.  A lock is a cache key holding its end time.  Both the sign-in page
(``tournaments.accounts``) and the API's Basic authentication use it.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import gettext as _

from tournaments.services.sign_in_locks import wait_text

MAX_FAILURES = 5
ADDRESS_FAILURES = 50
WINDOW = 15 * 60
LOCK = 15 * 60
PREFIX = "director-sign-in"


@dataclass(frozen=True)
class DirectorLock:
    """A username (or a whole address) locked out until ``until`` (epoch s)."""

    until: float

    def seconds_left(self) -> int:
        """Whole seconds still to wait (at least 1)."""
        return max(1, int(self.until - time.time() + 0.999))

    def message(self) -> str:
        """What the sign-in form says: how long to wait."""
        return _(
            "Too many wrong passwords: sign-in is locked for %(wait)s. "
            "Try again then, or ask the site's administrator."
        ) % {"wait": wait_text(self.seconds_left())}


def _keys(username: str, address: str) -> tuple[str, str]:
    """The count keys of a username from an address, and of the address.

    The username is hashed: the cache key stays short and holds no name."""
    name = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
    return f"{PREFIX}:user:{name}:{address}", f"{PREFIX}:address:{address}"


def _count(key: str) -> int:
    """Add one wrong password to ``key``'s count (its window starts with it)."""
    cache.add(key, 0, WINDOW)
    try:
        return cache.incr(key)
    except ValueError:
        # The window ended between add and incr: this failure starts a new one.
        cache.add(key, 1, WINDOW)
        return 1


def lock_for(username: str, address: str) -> DirectorLock | None:
    """The lock holding this username at this address, if any."""
    user_key, address_key = _keys(username, address)
    ends = cache.get_many([f"{user_key}:lock", f"{address_key}:lock"]).values()
    until = max((end for end in ends if isinstance(end, (int, float))), default=0)
    return DirectorLock(until) if until > time.time() else None


def record_failure(username: str, address: str) -> DirectorLock | None:
    """Count a wrong password; the lock it sets off, if it is one too many."""
    user_key, address_key = _keys(username, address)
    until = time.time() + LOCK
    if _count(user_key) >= MAX_FAILURES:
        cache.set(f"{user_key}:lock", until, LOCK)
    if _count(address_key) >= ADDRESS_FAILURES:
        cache.set(f"{address_key}:lock", until, LOCK)
    return lock_for(username, address)


def record_success(username: str, address: str) -> None:
    """A right password (while not locked): the username starts afresh."""
    user_key, _address_key = _keys(username, address)
    cache.delete(user_key)
