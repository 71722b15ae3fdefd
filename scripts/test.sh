#!/usr/bin/env bash
# Set up the test environment and run every check: ruff lint and format, the
# migration check, the whole pytest suite (which holds the import checks) on
# SQLite, then every test that touches the database again on PostgreSQL
# (pytest's "database" marker), with a throwaway Redis for the tests that run a
# real Celery worker, a throwaway PostgreSQL cluster, and Debian's chromium for
# the browser tests (Playwright never downloads one).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh requirements-test.txt
# The suite runs with the development settings (config/testing.py says so too).
export DJANGO_DEBUG=1
. scripts/apt.sh
. scripts/redis.sh
. scripts/postgres.sh
apt_install chromium chromium
echo "== ruff check"; .venv/bin/ruff check .
echo "== ruff format --check"; .venv/bin/ruff format --check .
echo "== migrations"; .venv/bin/python manage.py makemigrations --check --dry-run
echo "== pytest (SQLite)"; env -u DATABASE_URL .venv/bin/pytest "$@"
# The production stack, started, played, backed up, restored and stopped in a
# throwaway folder (about a minute): with the whole suite only.
if [ "$#" -eq 0 ]; then echo "== stack check"; scripts/stack_check.sh; fi
if [ -z "${DONNE_TEST_POSTGRES_URL:-}" ]; then
    echo "== pytest (PostgreSQL) SKIPPED: no PostgreSQL (see above)"
    exit 0
fi
echo "== pytest (PostgreSQL)"
status=0
DATABASE_URL="$DONNE_TEST_POSTGRES_URL" .venv/bin/pytest -m database "$@" || status=$?
# Exit 5 is "no test selected": fine when the arguments picked only pure tests
# (which ran on SQLite above), a failure for the whole suite.
if [ "$status" = 5 ] && [ "$#" -gt 0 ]; then
    echo "== no database test among those selected: nothing more to run on PostgreSQL"
    status=0
fi
exit "$status"
