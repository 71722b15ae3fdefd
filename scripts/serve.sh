#!/usr/bin/env bash
# Serve Donne to the club's network for a club night: gunicorn + whitenoise,
# DEBUG off, on the machine's address on the local network (or --address).
#
#   ./scripts/serve.sh [--address A] [--port P] [--demo] [--check]
#
# --check only says which address and port it would serve on (and whether
# the port is free), then stops.
#
# Keeps the embedded default (SQLite in the checkout, eager Celery) unless
# DATABASE_URL / REDIS_URL say otherwise. Never wipes the database: it only
# migrates. --demo loads the demo club (safe to rerun); without it an empty
# database stays empty and the script says how to create a director.
# DONNE_PUBLIC_URL (exported here) makes the table cards and QR codes print
# the room's address, and lets Django accept that host and trust that origin.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "Usage: $0 [--address ADDRESS] [--port PORT] [--demo] [--check]" >&2
    exit 2
}

address=""
port="${DONNE_PORT:-8000}"
demo=0
check=0
while [ $# -gt 0 ]; do
    case "$1" in
        --address) [ $# -ge 2 ] || usage; address="$2"; shift 2 ;;
        --address=*) address="${1#*=}"; shift ;;
        --port) [ $# -ge 2 ] || usage; port="$2"; shift 2 ;;
        --port=*) port="${1#*=}"; shift ;;
        --demo) demo=1; shift ;;
        --check) check=1; shift ;;
        -h|--help) usage ;;
        *) echo "Unknown argument: $1" >&2; usage ;;
    esac
done

if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    echo "The port must be a number from 1 to 65535, not '$port'." >&2
    exit 2
fi

# DONNE_NO_INSTALL=1 uses .venv as it is (the live tests, which share it).
if [ -z "${DONNE_NO_INSTALL:-}" ]; then
    . scripts/venv.sh requirements.txt
fi
PY=.venv/bin/python

# The machine's address on the local network: the source address of a UDP
# socket "connected" to a public address (nothing is sent), else the first
# address `hostname -I` lists, else the loopback address.
if [ -z "$address" ]; then
    found_by="the route to the internet"
    address="$("$PY" - <<'EOF' 2>/dev/null || true
import socket
with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
    probe.connect(("192.0.2.1", 80))
    print(probe.getsockname()[0])
EOF
)"
    if [ -z "$address" ] || [[ "$address" == 127.* ]] || [ "$address" = "0.0.0.0" ]; then
        found_by="hostname -I"
        address="$(hostname -I 2>/dev/null | tr ' ' '\n' | grep -m1 -E '^[0-9]+(\.[0-9]+){3}$' || true)"
    fi
    if [ -z "$address" ]; then
        found_by="no network found: this machine only"
        address="127.0.0.1"
    fi
    echo "Address: $address ($found_by; choose another with --address)"
else
    echo "Address: $address (from --address)"
fi
if ! [[ "$address" =~ ^[A-Za-z0-9.-]+$ ]]; then
    echo "'$address' is not an IPv4 address or a host name." >&2
    exit 2
fi

# Is the port free on the room's address (and on 127.0.0.1, which the
# director's own browser may use)?
binds=("$address:$port")
if [ "$address" = "0.0.0.0" ]; then
    echo "Give the address the tablets will open (--address 192.168.1.20), not 0.0.0.0." >&2
    exit 2
fi
if [ "$address" != "127.0.0.1" ] && [ "$address" != "localhost" ]; then
    binds+=("127.0.0.1:$port")
fi
for bind in "${binds[@]}"; do
    if ! "$PY" - "${bind%:*}" "${bind##*:}" <<'EOF'
import socket
import sys

host, port = sys.argv[1], int(sys.argv[2])
with socket.socket() as probe:
    # As gunicorn binds: SO_REUSEADDR lets the port be taken again while the
    # tablets' connections to the server just stopped linger (TIME_WAIT);
    # another program listening there still makes it busy.
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        probe.bind((host, port))
    except OSError as error:
        print(f"Port {port} on {host} is busy or unavailable ({error.strerror}):"
              " stop what uses it, or choose another port with --port.",
              file=sys.stderr)
        sys.exit(1)
EOF
    then
        exit 1
    fi
done

export DONNE_PUBLIC_URL="http://$address:$port"
if [ "$check" = 1 ]; then
    echo "Would serve the room on $DONNE_PUBLIC_URL (the port is free)."
    exit 0
fi
export DJANGO_DEBUG=0
export DJANGO_SETTINGS_MODULE=config.settings
# A room server needs a secret key that survives restarts (sessions and the
# tablets' signed tokens and device cookies depend on it): made once into
# .donne-secret (or DONNE_SECRET_FILE; outside git, readable by this user
# only) unless DJANGO_SECRET_KEY is given.
if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
    secret_file="${DONNE_SECRET_FILE:-.donne-secret}"
    if [ ! -s "$secret_file" ]; then
        (umask 077 && "$PY" -c 'import secrets; print(secrets.token_urlsafe(50))' > "$secret_file")
        echo "Made a secret key in $secret_file (keep it; it is not in git)."
    fi
    DJANGO_SECRET_KEY="$(cat "$secret_file")"
    export DJANGO_SECRET_KEY
fi

# One process migrates and collects the static files, each only when
# needed, and counts the directors: a restart is a few seconds.
prepare_args=()
[ "$demo" = 1 ] && prepare_args+=(--demo)
prepared="$("$PY" manage.py prepare_room "${prepare_args[@]}")"
printf '%s\n' "$prepared" | grep -v '^directors ' || true
directors="$(printf '%s\n' "$prepared" | sed -n 's/^directors //p')"
echo "Ready in $SECONDS s."

cat <<EOF

Donne serves the room on $DONNE_PUBLIC_URL
  Director (this machine or any on the network): $DONNE_PUBLIC_URL/director/
  Tablets: scan the QR code of the table cards, or open $DONNE_PUBLIC_URL/table/
EOF
if [ "${#binds[@]}" -gt 1 ]; then
    echo "  On this machine http://127.0.0.1:$port/ works too; the cards still print $DONNE_PUBLIC_URL."
fi
if [ "$directors" = "0" ]; then
    echo "  No director account yet: in another terminal, in this folder, run"
    echo "    .venv/bin/python manage.py createsuperuser"
    echo "  (with the same DATABASE_URL, if you set one)."
else
    echo "  Directors: $directors; another one: .venv/bin/python manage.py createsuperuser"
fi
echo "  Tablets that cannot connect: allow port $port through this machine's firewall."
echo "Ctrl-C to stop."
echo

bind_args=()
for bind in "${binds[@]}"; do
    bind_args+=(--bind "$bind")
done
# The web server (the script's own process: Ctrl-C stops it): the ASGI entry
# point (push streams beside Django's views in threads, config/asgi.py) under
# gunicorn; one process without Redis, so that the in-process push channel
# reaches every page; --preload imports the site once, then forks: it serves
# in a few seconds.
exec "$PY" -m gunicorn config.asgi:application -k config.push_worker.PushWorker "${bind_args[@]}" \
    --workers "$([ -n "${REDIS_URL:-}" ] && echo "${DONNE_WORKERS:-3}" || echo 1)" \
    --timeout 120 --log-level warning --preload
