#!/usr/bin/env bash
# CI check of the production stack (scripts/stack.sh), from the checkout, in a
# throwaway home folder on free ports:
#   start; a director of a new club; an event of that club being played;
#   round 1 played through the API as the tablets do (sign-in with each
#   table's code, POST each line), scored by the Celery worker; status all
#   up; faults while tablets post (scripts/stack_check_faults.py: Redis
#   stopped DONNE_FAULT_REDIS_SECONDS, default 60, the worker killed,
#   PostgreSQL restarted, a gunicorn worker killed: nothing lost, no 500,
#   everything scored, every program back by itself); the logs; backup; the director closes and deletes the event through the API;
#   restore; the event, its lines and rankings are back (through the API);
#   stop; status all down.
# Everything is stopped and the home removed on the way out, failed or not.
# Prints the time of each step. Uses .venv as it is (DONNE_PYTHON overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${DONNE_PYTHON:-$PWD/.venv/bin/python}"
export PYTHON="$PY"
. scripts/free_port.sh

started=$SECONDS
step_started=$SECONDS
step() {
    printf '== [%3ds] %s\n' "$((SECONDS - started))" "$*"
    step_started=$SECONDS
    current_step="$*"
}
# fail MESSAGE: the check fails; the message is printed again at the very end.
fail() {
    echo "$*" | tee -a "$WORK/failure.txt" >&2
    exit 1
}
took() { printf '   (%ds)\n' "$((SECONDS - step_started))"; }

DONNE_HOME="$(mktemp -d "${TMPDIR:-/tmp}/donne-stack-check.XXXXXX")"
export DONNE_HOME
WORK="$(mktemp -d "${TMPDIR:-/tmp}/donne-stack-check-work.XXXXXX")"
current_step=""
cleanup() {
    local status=$?
    if [ "$status" != 0 ]; then
        echo "== stack check FAILED (exit $status): the logs' last lines" >&2
        for log in "$DONNE_HOME"/log/*.log "$DONNE_HOME"/pg/postgresql.log; do
            [ -f "$log" ] || continue
            echo "--- $log" >&2
            tail -n 15 "$log" >&2
        done
        if [ -n "${DONNE_STACK_CHECK_KEEP:-}" ]; then
            mkdir -p "$DONNE_STACK_CHECK_KEEP"
            cp -r "$DONNE_HOME/log" "$WORK" "$DONNE_STACK_CHECK_KEEP/" 2>/dev/null || true
        fi
        # Last, so that a CI log cut to its end still says what failed.
        echo "== stack check FAILED (exit $status) at: $current_step" >&2
        [ -s "$WORK/failure.txt" ] && sed 's/^/   /' "$WORK/failure.txt" >&2
    fi
    scripts/stack.sh stop >/dev/null 2>&1 || true
    rm -rf "$DONNE_HOME" "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PostgreSQL and Redis from Debian packages: installed by stack.sh as root
# with apt-get; otherwise they must be there. Outside CI the check is
# skipped without them, as the PostgreSQL test run is.
if ! { command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } \
    || ! command -v redis-server >/dev/null; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        if [ -n "${CI:-}" ]; then
            echo "== the stack check needs PostgreSQL and Redis (postgresql, redis-server)" >&2
            exit 1
        fi
        echo "=================================================================="
        echo "== NO POSTGRESQL OR REDIS: the stack check is SKIPPED"
        echo "== (run as root with apt-get, or install postgresql and redis-server)"
        echo "=================================================================="
        exit 0
    fi
fi

export DONNE_HTTP_PORT DONNE_PG_PORT DONNE_REDIS_PORT
DONNE_HTTP_PORT="$(free_port)"
DONNE_PG_PORT="$(free_port)"
DONNE_REDIS_PORT="$(free_port)"
DONNE_WORKERS=2
export DONNE_WORKERS

step "stack.sh start (home $DONNE_HOME)"
scripts/stack.sh start
took
# From here, manage.py runs with the stack's environment, as an operator's would.
eval "$(scripts/stack.sh env)"
unset CELERY_TASK_ALWAYS_EAGER
BASE="http://127.0.0.1:$DONNE_HTTP_PORT"
CLUB="Stack check club"
export DONNE_CHECK_USER="stack-checker"
DONNE_DIRECTOR_PASSWORD="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(18))')"
export DONNE_DIRECTOR_PASSWORD

step "create_director $DONNE_CHECK_USER --club \"$CLUB\""
"$PY" manage.py create_director "$DONNE_CHECK_USER" --club "$CLUB"
took

step "an event of the club being played (3 tables, Mitchell)"
"$PY" manage.py bench_section --tables 3 --boards 2 --rounds 3 --published \
    --club "$CLUB" --name "Stack check" >"$WORK/made.json"
took

step "round 1 through the API, scored by the worker"
"$PY" scripts/stack_check.py play "$BASE" "$WORK/made.json" "$WORK/snapshot.json"
grep -q "scoring.score_section.*succeeded" "$DONNE_HOME/log/worker.log" \
    || fail "the worker log shows no rescore: scored eagerly?"
took

step "stack.sh status (all up)"
scripts/stack.sh status
took

step "faults while tablets post: Redis stopped ${DONNE_FAULT_REDIS_SECONDS:-60} s, the worker and a web worker killed, PostgreSQL restarted"
"$PY" manage.py bench_section --tables 24 --section-tables 12 --boards 10 --rounds 1 \
    --published --club "$CLUB" --name "Fault check" >"$WORK/faults.json"
"$PY" scripts/stack_check_faults.py "$BASE" "$WORK/faults.json" 2> >(tee -a "$WORK/failure.txt" >&2)
scripts/stack.sh status
took

step "stack.sh logs (every program's log is written)"
scripts/stack.sh logs -n 2 >"$WORK/logs.txt"
for name in web worker beat access redis postgresql supervisord; do
    grep -q "^==> .*/$name.log <==" "$WORK/logs.txt" || fail "no $name log"
done
grep -q "queued the rescore of stale sections" "$DONNE_HOME/log/worker.log" \
    || fail "the worker log shows no catch-up after reconnecting"
# A worker that exits on a fault is restarted by supervisord, and the step
# above proved every line stored and scored: the room went on.  Its exit is
# still shown (a broker error reply is retried since
# CELERY_BROKER_CHANNEL_ERROR_RETRY, tests/test_celery_faults.py; a
# connection dropped while redis-py reconnects can still end a worker).
if grep -qE "Unrecoverable error|Error on restarting" "$DONNE_HOME/log/worker.log"; then
    echo "   NOTE: a worker exited on a fault and supervisord restarted it:"
    grep -m1 -A14 -E "Unrecoverable error|Error on restarting" "$DONNE_HOME/log/worker.log" \
        | sed 's/^/   | /'
fi
took

step "stack.sh backup"
backup="$(scripts/stack.sh backup | tail -n1)"
[ -s "$backup" ] || fail "no backup file: '$backup'"
echo "   $backup ($(stat -c %s "$backup") bytes)"
took

step "the director deletes the event through the API"
"$PY" scripts/stack_check.py delete "$BASE" "$WORK/snapshot.json"
took

step "stack.sh restore $(basename "$backup") --yes"
scripts/stack.sh restore "$backup" --yes
"$PY" scripts/stack_check.py verify "$BASE" "$WORK/snapshot.json"
took

step "stack.sh stop"
scripts/stack.sh stop
took

step "stack.sh status (all down)"
if scripts/stack.sh status >"$WORK/status.txt"; then
    cat "$WORK/status.txt"
    fail "status exited 0 with the stack stopped"
fi
cat "$WORK/status.txt"
if grep -v -q '^[a-z]* *down ' "$WORK/status.txt"; then
    fail "a service still shows up after stop"
fi
[ "$(grep -c ' down ' "$WORK/status.txt")" -ge 5 ] || fail "not every service down"
ps -eo args | grep -F "$DONNE_HOME" | grep -v grep && fail "a process of the stack outlived stop"
took

step "stack check passed in $((SECONDS - started)) s"
