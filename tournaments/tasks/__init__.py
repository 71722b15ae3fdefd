"""Celery tasks: they take ids, load, call the pure scorer, and store.

They keep the ``scoring.`` names they had when they lived in ``scoring`` (now
pure), so tasks already queued under those names still resolve.  A game's
own tasks live in its package (the teams game's ``teams.tasks``), registered
when the game is (``tournaments.installed_games``, at app ready).
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready


@shared_task(name="scoring.score_section", acks_late=True)
def score_section(section_id: int, queued: bool = False) -> dict[str, int]:
    """Rescore what the section's writes asked for (its changed boards, or the
    whole section), from its stored lines (idempotent).

    ``queued``: sent after a write, so nothing is done when an earlier run
    already read every request.  The section's stale mark is cleared only if
    no write came in meanwhile (``services.rescoring.rescore``).
    """
    from tournaments.services.rescoring import rescore

    return rescore(section_id, queued=queued)


@shared_task(name="scoring.sweep_stale", acks_late=True)
def sweep_stale() -> dict[str, list[int]]:
    """Queue the rescore of every section left stale, send again the import
    jobs never received, fail those whose worker died, and the same for the
    results mailings (run by Celery beat)."""
    from tournaments.importers.import_jobs import import_jobs_sweep
    from tournaments.services.mail_jobs import mail_jobs_sweep
    from tournaments.services.rescoring import sweep

    return {"queued": sweep(), **import_jobs_sweep(), **mail_jobs_sweep()}


@worker_ready.connect
def sweep_on_start(**_kwargs: Any) -> None:
    """A worker starting (say after one was killed) catches up at once."""
    sweep_stale()


@shared_task(name="scoring.double_dummy", acks_late=True)
def double_dummy(analysis_id: int) -> dict[str, int | str]:
    """Solve an event's deals double dummy, storing tables, par and progress."""
    from tournaments.services.analysis import analysis_run

    analysis = analysis_run(analysis_id)
    return {"analysis": analysis_id, "status": analysis.status, "done": analysis.done}


# The long tasks have modules of their own; imported so Celery registers them.
from tournaments.tasks import exports, imports, mail, maintenance  # noqa: E402, F401
