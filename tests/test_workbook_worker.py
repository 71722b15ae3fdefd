"""A big event's workbook built by a real Celery worker through Redis (issue 21).

Reuses ``test_celery_worker``'s throwaway database and worker: another
process imports a 3-table field (78 lines) with a threshold of 10 lines, asks
for its workbook (building: the worker has it), and waits for the worker to
store the file, then asks again and gets the bytes.  Without Redis it is
skipped, except in CI where it fails (as ``test_celery_worker``).
"""

from __future__ import annotations

import sys

from tests.test_celery_worker import (  # noqa: F401
    database,
    pytestmark,
    run,
    worker,
    worker_env,
)

ASK_UNTIL_BUILT = """
import sys, time
sys.path.insert(0, "bench")
from django.db import transaction
from imports import pbn_field
from tournaments.importers.pbn import parse_sessions
from tournaments.importers.event_store import event_import
from tournaments.exporters.workbook_builds import workbook_wanted

event = event_import(parse_sessions(pbn_field(3, 3), name="Worker book"))
first = workbook_wanted(event, "en")
print("first", first.building, first.fault or "-")
deadline = time.monotonic() + 90
state = first
while time.monotonic() < deadline:
    state = workbook_wanted(event, "en")
    if not state.building:
        break
    time.sleep(0.3)
print("last", state.building, state.fault or "-", (state.data or b"")[:2])
"""


def test_the_worker_builds_a_big_workbook_and_the_url_serves_it(request):
    env, log, _database = request.getfixturevalue("worker_env")
    env = {**env, "DONNE_EXCEL_TASK_LINES": "10"}
    out = run([sys.executable, "manage.py", "shell", "-c", ASK_UNTIL_BUILT], env)
    text = log.read("exports.build_workbook", "succeeded")
    lines = out.strip().splitlines()
    assert lines[-2] == "first True -", (out, text)
    assert lines[-1] == "last False - b'PK'", (out, text)
    assert "exports.build_workbook" in text and "succeeded" in text
