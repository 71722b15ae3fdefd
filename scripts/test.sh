#!/usr/bin/env bash
# Set up the test environment and run every check: ruff lint and format, the
# migration check, and the whole pytest suite (which holds the import checks),
# with a throwaway Redis for the tests that run a real Celery worker and
# Debian's chromium for the browser tests (Playwright never downloads one).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh requirements-test.txt
. scripts/apt.sh
. scripts/redis.sh
apt_install chromium chromium
echo "== ruff check"; .venv/bin/ruff check .
echo "== ruff format --check"; .venv/bin/ruff format --check .
echo "== migrations"; .venv/bin/python manage.py makemigrations --check --dry-run
echo "== pytest"; .venv/bin/pytest "$@"
