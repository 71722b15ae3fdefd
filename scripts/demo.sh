#!/usr/bin/env bash
# Set up Donne on the embedded default (SQLite, eager Celery), load the demo
# club, and serve the app on http://127.0.0.1:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh requirements.txt
# The embedded demo runs in development mode (runserver, the demo director).
export DJANGO_DEBUG=1
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py load_demo
echo "Serving Donne on http://127.0.0.1:8000 (Ctrl-C to stop)"
exec .venv/bin/python manage.py runserver 127.0.0.1:8000
