#!/usr/bin/env bash
# Set up Donne on the embedded default (SQLite, eager Celery), load the demo
# club, and serve the app on http://127.0.0.1:8000 (DONNE_PORT for another
# port; DONNE_NO_INSTALL=1 uses .venv as it is).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DONNE_NO_INSTALL:-}" ]; then
    . scripts/venv.sh requirements.txt
fi
port="${DONNE_PORT:-8000}"
# The demo runs as a club's room does, DEBUG off: a wrong address shows the
# site's own "Page not found", never Django's debug page listing every URL,
# and an error never shows the settings. Served over plain HTTP on this
# machine (DONNE_PUBLIC_URL=http://…: no redirect to HTTPS, no secure-only
# cookies); the static files are collected once and served by whitenoise.
export DJANGO_DEBUG=0
export DONNE_PUBLIC_URL="http://127.0.0.1:$port"
prepared="$(.venv/bin/python manage.py prepare_room)"
printf '%s\n' "$prepared" | grep -v '^directors ' || true
# With DEBUG off the demo director (its password is public) is asked for.
.venv/bin/python manage.py load_demo --director
echo "Serving Donne on http://127.0.0.1:$port (Ctrl-C to stop)"
exec .venv/bin/python manage.py runserver "127.0.0.1:$port"
