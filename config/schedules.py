"""Celery beat schedules read in UTC whatever the site's time zone.

Celery reads a crontab in its own time zone, which Django's ``TIME_ZONE``
sets (Europe/Paris by default): the nightly backup's hour is given in UTC
(``DONNE_BACKUP_HOUR``) so that it does not move with the site's summer time.
"""

from __future__ import annotations

import datetime as dt

from celery.schedules import crontab


class utc_crontab(crontab):
    """A crontab whose hours and minutes are UTC."""

    @property
    def tz(self) -> dt.tzinfo:
        return dt.UTC
