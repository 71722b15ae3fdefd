"""The Celery application, wired the standard Django way.

Settings prefixed ``CELERY_`` in ``config.settings`` configure it; tasks are
discovered in each installed app's ``tasks`` module (``tournaments.tasks``,
which imports its large file imports and results mailing tasks).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# DjangoTask gives tasks delay_on_commit: enqueue once the transaction commits.
app = Celery("donne", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
