#!/usr/bin/env bash
# Donne's production stack on one machine, from Debian packages, no containers:
# PostgreSQL, Redis, and under supervisord: gunicorn, a Celery worker and
# Celery beat.
#
#   scripts/stack.sh start | stop | status | logs [NAME] [-f] [-n LINES]
#                    | backup | restore FILE [--yes] | env
#
# Everything lives in one home folder, DONNE_HOME (default var/stack in the
# checkout): the environment file donne.env (made on the first start with a
# generated secret key and passwords, mode 600, never overwritten: edit it to
# change a port or a host), the PostgreSQL cluster (pg/, its socket inside),
# Redis (redis/, append-only so queued tasks survive a restart), the pid files
# (run/), the logs (log/; PostgreSQL's in pg/), the collected static files (static/), the
# backups (backups/) and supervisord.conf (made anew at each start from
# programs() below: adding a program is one line there).
#
# start    installs postgresql and redis-server when missing (root with apt),
#          starts what is not running yet, migrates, collects the static
#          files, and waits for each service; running it twice starts nothing twice.
#          supervisord starts again any program (web, worker, beat) that
#          exits, as systemd's Restart=always does with deploy/systemd.
# status   one line a service, checked for real; exit 1 if any is down.
# logs     the last lines of every log (or of NAME: web, worker, beat,
#          access, redis, postgresql, supervisord); -f follows them.
# stop     stops them all cleanly (idempotent).
# backup   manage.py backup_database with the environment file (prints the file).
# restore  stops the web server and the workers, restores the backup FILE
#          (asks first; --yes does not), starts them again.
# env      prints the environment as export lines:
#            eval "$(scripts/stack.sh env)" && .venv/bin/python manage.py shell
#
# As root, PostgreSQL runs as the "postgres" user (it refuses root), the
# rest as root: use the systemd units of deploy/ on a real server.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CALLER_DIR="$PWD"  # relative paths given (DONNE_HOME, a backup file) are from here
cd "$ROOT"
umask 077

DONNE_HOME="${DONNE_HOME:-$ROOT/var/stack}"
if ! [[ "$DONNE_HOME" =~ ^[A-Za-z0-9_./-]+$ ]]; then
    echo "stack: DONNE_HOME must be a path of letters, digits and ._-/ only (no spaces): '$DONNE_HOME'" >&2
    exit 2
fi
case "$DONNE_HOME" in /*) ;; *) DONNE_HOME="$CALLER_DIR/$DONNE_HOME" ;; esac
DONNE_HOME="$(mkdir -p "$DONNE_HOME" && cd "$DONNE_HOME" && pwd)"
ENV_FILE="$DONNE_HOME/donne.env"
RUN="$DONNE_HOME/run"
LOG="$DONNE_HOME/log"
PG_DIR="$DONNE_HOME/pg"
PG_DATA="$PG_DIR/data"
REDIS_DIR="$DONNE_HOME/redis"
PY="${DONNE_PYTHON:-$ROOT/.venv/bin/python}"
export PYTHON="$PY"

. scripts/apt.sh
. scripts/free_port.sh

say() { printf '%s\n' "$*"; }
fail() { printf 'stack: %s\n' "$*" >&2; exit 1; }

usage() {
    echo "Usage: $0 start | stop | status | logs [NAME] [-f] [-n LINES] | backup | restore FILE [--yes] | env" >&2
    exit 2
}

# --- the environment file ----------------------------------------------------

random_token() { "$PY" -c 'import secrets, sys; print(secrets.token_urlsafe(int(sys.argv[1])))' "$1"; }

port_or_free() {
    # $1: a port asked for (may be empty); else a free one.
    if [ -n "$1" ]; then echo "$1"; else free_port; fi
}

make_env_file() {
    [ -e "$ENV_FILE" ] && return 0
    [ -x "$PY" ] || fail "no Python at $PY: run scripts/venv.sh or set DONNE_PYTHON"
    local pg_port redis_port http_port pg_password redis_password hosts host
    pg_port="$(port_or_free "${DONNE_PG_PORT:-}")"
    redis_port="$(port_or_free "${DONNE_REDIS_PORT:-}")"
    http_port="${DONNE_HTTP_PORT:-8000}"
    pg_password="$(random_token 24)"
    # The host names asked for, and always this machine's own (the status
    # checks and the reverse proxy ask gunicorn on 127.0.0.1).
    hosts="${DJANGO_ALLOWED_HOSTS:-}"
    for host in 127.0.0.1 localhost; do
        [[ ",$hosts," == *",$host,"* ]] || hosts="${hosts:+$hosts,}$host"
    done
    redis_password="$(random_token 24)"
    cat >"$ENV_FILE.new" <<EOF
# Donne's environment (scripts/stack.sh, deploy/systemd): KEY=VALUE lines,
# no quotes. Made once by "stack.sh start" and never overwritten; keep it
# private (it holds the secret key and the passwords).
DJANGO_SETTINGS_MODULE=config.settings
DJANGO_DEBUG=0
DJANGO_SECRET_KEY=$(random_token 50)
DJANGO_ALLOWED_HOSTS=$hosts
DONNE_PUBLIC_URL=${DONNE_PUBLIC_URL:-}
# 1: behind an HTTPS reverse proxy (HSTS, secure cookies, redirect to HTTPS,
# X-Forwarded-Proto trusted); 0: served over plain HTTP.
DJANGO_HTTPS=${DJANGO_HTTPS:-1}
# Reverse proxies in front of gunicorn appending to X-Forwarded-For (the
# client's address for lock-outs and throttles): 1 behind the HTTPS proxy.
DONNE_PROXY_COUNT=${DONNE_PROXY_COUNT:-$([ "${DJANGO_HTTPS:-1}" = 1 ] && echo 1 || echo 0)}
DONNE_DATA_DIR=$DONNE_HOME/data
DJANGO_STATIC_ROOT=$DONNE_HOME/static
DATABASE_URL=postgresql://donne:$pg_password@127.0.0.1:$pg_port/donne
REDIS_URL=redis://:$redis_password@127.0.0.1:$redis_port/0
DONNE_PG_PORT=$pg_port
DONNE_REDIS_PORT=$redis_port
DONNE_HTTP_ADDRESS=${DONNE_HTTP_ADDRESS:-127.0.0.1}
DONNE_HTTP_PORT=$http_port
DONNE_WORKERS=${DONNE_WORKERS:-3}
DONNE_CELERY_CONCURRENCY=${DONNE_CELERY_CONCURRENCY:-2}
DONNE_BACKUP_DIR=$DONNE_HOME/backups
DONNE_BACKUP_KEEP_DAYS=${DONNE_BACKUP_KEEP_DAYS:-14}
DONNE_BACKUP_HOUR=${DONNE_BACKUP_HOUR:-3}
LOG_LEVEL=INFO
EOF
    chmod 600 "$ENV_FILE.new"
    mv "$ENV_FILE.new" "$ENV_FILE"
    say "Made $ENV_FILE (secret key and passwords generated; keep it private)."
}

# Read the environment file: KEY=VALUE lines, as systemd's EnvironmentFile.
# Read as data, never run as shell code.
load_env() {
    [ -f "$ENV_FILE" ] || fail "no $ENV_FILE: run '$0 start' first"
    # The stack always has its broker: a caller's eager switch must not leak in.
    unset CELERY_TASK_ALWAYS_EAGER
    local line key value
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in ''|'#'*) continue ;; esac
        key="${line%%=*}"
        value="${line#*=}"
        [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || fail "$ENV_FILE: bad line '$key'"
        export "$key=$value"
    done <"$ENV_FILE"
    PG_PASSWORD="${DATABASE_URL#postgresql://donne:}"
    PG_PASSWORD="${PG_PASSWORD%%@*}"
    REDIS_PASSWORD="${REDIS_URL#redis://:}"
    REDIS_PASSWORD="${REDIS_PASSWORD%%@*}"
}

manage() { "$PY" manage.py "$@"; }

# --- processes -------------------------------------------------------------

pid_of() {
    # The live pid in pid file $1, else nothing. A pid file left by a crash or
    # a reboot may name another program now: the process must be ours (its
    # command line names what the pid file is for).
    local pid expected
    [ -s "$1" ] || return 1
    pid="$(head -n1 "$1" | tr -dc 0-9)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
    case "$(basename "$1")" in
        supervisord.pid) expected=supervisor ;;
        gunicorn.pid) expected=gunicorn ;;
        worker.pid) expected=worker ;;
        beat.pid) expected=beat ;;
        redis.pid) expected=redis-server ;;
        *) expected="" ;;
    esac
    if [ -n "$expected" ] && [ -r "/proc/$pid/cmdline" ]; then
        tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$expected" || return 1
    fi
    echo "$pid"
}

wait_for() {
    # wait_for SECONDS DESCRIPTION COMMAND...: until COMMAND succeeds.
    local seconds="$1" what="$2" end
    shift 2
    end=$((SECONDS + seconds))
    until "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$end" ] || return 1
        sleep 0.3
    done
}

stop_pid() {
    # stop_pid PIDFILE NAME SECONDS: TERM, wait, KILL past SECONDS.
    local pid end
    pid="$(pid_of "$1")" || { rm -f "$1"; say "$2: not running"; return 0; }
    kill -TERM "$pid" 2>/dev/null || true
    end=$((SECONDS + $3))
    while kill -0 "$pid" 2>/dev/null; do
        if [ "$SECONDS" -ge "$end" ]; then
            say "$2: did not stop within $3 s, killed"
            kill -KILL "$pid" 2>/dev/null || true
            break
        fi
        sleep 0.2
    done
    rm -f "$1"
    say "$2: stopped (pid $pid)"
}

port_busy() {
    "$PY" -c 'import socket, sys
s = socket.socket()
sys.exit(0 if s.connect_ex(("127.0.0.1", int(sys.argv[1]))) == 0 else 1)' "$1"
}

# --- PostgreSQL ---------------------------------------------------------------

postgres_bin_dir() {
    local initdb
    initdb="$(command -v initdb 2>/dev/null || true)"
    [ -n "$initdb" ] || initdb="$(ls -1d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1)"
    [ -n "$initdb" ] && dirname "$(readlink -f "$initdb")"
}

as_postgres_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$DONNE_PG_PORT" -d donne -U donne; }

start_postgres() {
    PG_BIN="$(postgres_bin_dir || true)"
    if [ -z "$PG_BIN" ]; then
        apt_install postgresql initdb
        PG_BIN="$(postgres_bin_dir || true)"
    fi
    [ -n "$PG_BIN" ] || fail "no PostgreSQL (initdb): install the postgresql package"
    export DONNE_PG_BIN="$PG_BIN"  # the backups' pg_dump, of the same version
    if [ -f "$PG_DATA/postmaster.pid" ] && pg_ready; then
        say "postgresql: already running"
        return 0
    fi
    if [ ! -f "$PG_DATA/PG_VERSION" ]; then
        mkdir -p "$PG_DIR"
        if [ "$(id -u)" = 0 ]; then
            id postgres >/dev/null 2>&1 || fail "running as root without a 'postgres' user"
            chown postgres "$PG_DIR"
            chmod o+x "$DONNE_HOME"
            runuser -u postgres -- test -x "$PG_DIR" \
                || fail "the postgres user cannot reach $PG_DIR: every folder above it needs o+x"
        fi
        (umask 077 && printf '%s\n' "$PG_PASSWORD" >"$PG_DIR/pwfile")
        [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR/pwfile"
        as_postgres_owner "$PG_BIN/initdb" -D "$PG_DATA" -U donne --pwfile="$PG_DIR/pwfile" \
            --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
            >"$LOG/initdb.log" 2>&1 || { rm -f "$PG_DIR/pwfile"; cat "$LOG/initdb.log" >&2; fail "initdb failed"; }
        rm -f "$PG_DIR/pwfile"
        say "postgresql: cluster made in $PG_DATA"
    fi
    port_busy "$DONNE_PG_PORT" && fail "port $DONNE_PG_PORT (DONNE_PG_PORT) is in use by another program"
    as_postgres_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/postgresql.log" -w -t 60 \
        -o "-p $DONNE_PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1" start >/dev/null 9>&- \
        || { tail -n 20 "$PG_DIR/postgresql.log" >&2; fail "PostgreSQL did not start"; }
    if ! PGPASSWORD="$PG_PASSWORD" "$PG_BIN/psql" -h 127.0.0.1 -p "$DONNE_PG_PORT" -U donne \
        -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'donne'" | grep -q 1; then
        PGPASSWORD="$PG_PASSWORD" "$PG_BIN/createdb" -h 127.0.0.1 -p "$DONNE_PG_PORT" -U donne donne
    fi
    say "postgresql: started on 127.0.0.1:$DONNE_PG_PORT"
}

stop_postgres() {
    PG_BIN="$(postgres_bin_dir || true)"
    if [ -z "$PG_BIN" ] || [ ! -f "$PG_DATA/postmaster.pid" ]; then
        say "postgresql: not running"
        return 0
    fi
    as_postgres_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null 2>&1 \
        && say "postgresql: stopped" || say "postgresql: not running"
}

# --- Redis ----------------------------------------------------------------------

redis_cli() { REDISCLI_AUTH="$REDIS_PASSWORD" redis-cli -h 127.0.0.1 -p "$DONNE_REDIS_PORT" "$@"; }
redis_ready() { [ "$(redis_cli ping 2>/dev/null)" = PONG ]; }

start_redis() {
    apt_install redis-server redis-server
    command -v redis-server >/dev/null || fail "no redis-server: install the redis-server package"
    if pid_of "$RUN/redis.pid" >/dev/null && redis_ready; then
        say "redis: already running"
        return 0
    fi
    rm -f "$RUN/redis.pid"
    port_busy "$DONNE_REDIS_PORT" && fail "port $DONNE_REDIS_PORT (DONNE_REDIS_PORT) is in use by another program"
    mkdir -p "$REDIS_DIR"
    # The password in a config file of our own, not on a command line (ps).
    cat >"$REDIS_DIR/redis.conf" <<EOF
port $DONNE_REDIS_PORT
bind 127.0.0.1
protected-mode yes
requirepass $REDIS_PASSWORD
dir $REDIS_DIR
appendonly yes
appendfsync everysec
daemonize yes
pidfile $RUN/redis.pid
logfile $LOG/redis.log
EOF
    redis-server "$REDIS_DIR/redis.conf" 9>&-
    wait_for 30 redis redis_ready || { tail -n 20 "$LOG/redis.log" >&2; fail "Redis did not start"; }
    say "redis: started on 127.0.0.1:$DONNE_REDIS_PORT"
}

stop_redis() {
    local pid end
    if pid="$(pid_of "$RUN/redis.pid")"; then
        # SHUTDOWN writes the append-only file out, then exits.
        redis_cli shutdown >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
        end=$((SECONDS + 30))
        while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$end" ]; do sleep 0.2; done
        kill -0 "$pid" 2>/dev/null && fail "redis (pid $pid) did not stop"
        rm -f "$RUN/redis.pid"
        say "redis: stopped (pid $pid)"
    else
        rm -f "$RUN/redis.pid"
        say "redis: not running"
    fi
}

# --- the supervised programs: gunicorn, the Celery worker and beat ----------------
#
# supervisord (the supervisor package of requirements.txt) runs each program
# in the foreground, starts it again whenever it exits, and writes what it
# prints (tracebacks included) to log/NAME.log.  Its configuration,
# DONNE_HOME/supervisord.conf, is made anew at each start from programs():
# one line a program, "program NAME STOP_SECONDS COMMAND ARGUMENT...".

web_command() {
    # The web server, alone here so that changing it changes nothing else:
    # the ASGI entry point (push streams beside Django's views in threads,
    # config/asgi.py) under gunicorn.
    echo "$PY" -m gunicorn config.asgi:application -k config.push_worker.PushWorker \
        --bind "$DONNE_HTTP_ADDRESS:$DONNE_HTTP_PORT" --workers "$DONNE_WORKERS" \
        --timeout 120 --no-control-socket --access-logfile "$LOG/access.log" --error-logfile -
}

programs() {
    # shellcheck disable=SC2046  # web_command's words (no spaces in them)
    program web 60 $(web_command)
    # No heartbeat, gossip nor mingle: one worker needs none, and the Gossip
    # step's restart after a Redis outage ended the worker (config/settings.py).
    program worker 120 "$PY" -m celery -A config worker --loglevel INFO \
        --concurrency "$DONNE_CELERY_CONCURRENCY" --hostname "donne-worker@%h" \
        --without-heartbeat --without-gossip --without-mingle
    program beat 30 "$PY" -m celery -A config beat --loglevel INFO \
        --schedule "$DONNE_HOME/celerybeat-schedule"
}

SUPERVISOR_CONF="$DONNE_HOME/supervisord.conf"
PROGRAM_NAMES=()

program() {
    # program NAME STOP_SECONDS COMMAND...: its section of supervisord.conf.
    local name="$1" stop_seconds="$2" word command=""
    shift 2
    for word in "$@"; do
        [[ "$word" =~ ^[A-Za-z0-9_./:@%=,+-]+$ ]] || fail "program $name: no spaces or quotes in '$word'"
        command+="${command:+ }${word//%/%%}"
    done
    cat <<EOF

[program:$name]
command=$command
directory=$ROOT
autostart=true
autorestart=true
startsecs=1
startretries=1000000
stopsignal=TERM
stopwaitsecs=$stop_seconds
stopasgroup=true
killasgroup=true
redirect_stderr=true
stdout_logfile=$LOG/$name.log
stdout_logfile_maxbytes=20MB
stdout_logfile_backups=5
environment=PYTHONUNBUFFERED="1"
EOF
}

write_supervisor_conf() {
    {
        cat <<EOF
; Made by scripts/stack.sh at each start: edit programs() there, not this file.
[supervisord]
logfile=$LOG/supervisord.log
pidfile=$RUN/supervisord.pid
childlogdir=$LOG
umask=077
directory=$ROOT

[unix_http_server]
file=$RUN/supervisor.sock
chmod=0700

[supervisorctl]
serverurl=unix://$RUN/supervisor.sock

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
EOF
        programs
    } >"$SUPERVISOR_CONF.new"
    mv "$SUPERVISOR_CONF.new" "$SUPERVISOR_CONF"
    program_names
}

program_names() {
    # PROGRAM_NAMES: the programs of the configuration last made.
    PROGRAM_NAMES=()
    [ -f "$SUPERVISOR_CONF" ] || return 0
    local line
    while IFS= read -r line; do
        if [[ "$line" =~ ^\[program:(.*)\]$ ]]; then PROGRAM_NAMES+=("${BASH_REMATCH[1]}"); fi
    done <"$SUPERVISOR_CONF"
}

ctl() { "$PY" -m supervisor.supervisorctl -c "$SUPERVISOR_CONF" "$@"; }
supervisor_running() {
    [ -f "$SUPERVISOR_CONF" ] && pid_of "$RUN/supervisord.pid" >/dev/null && ctl pid >/dev/null 2>&1
}
ctl_answer() {
    # ctl_answer ARGS...: supervisorctl's answer, asked up to three times (a
    # loaded machine once made it answer nothing).
    local answer try
    for try in 1 2 3; do
        answer="$(ctl "$@" 2>/dev/null || true)"
        [ -n "$answer" ] && break
        sleep 0.3
    done
    printf '%s\n' "$answer"
}
program_state() { ctl_answer status "$1" | awk '{print $2}'; }
program_running() { [ "$(program_state "$1")" = RUNNING ]; }
program_pid() {
    local pid
    pid="$(ctl_answer pid "$1" | tr -dc 0-9)"
    [ -n "$pid" ] && [ "$pid" != 0 ] && echo "$pid"
}

web_url() { echo "http://127.0.0.1:$DONNE_HTTP_PORT/health/"; }

web_ready() {
    # The health URL answers 200 with the database "ok" (the proxy header
    # says HTTPS, as the reverse proxy in front would).
    "$PY" - "$(web_url)" <<'EOF'
import json, sys, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"X-Forwarded-Proto": "https"})
with urllib.request.urlopen(request, timeout=5) as answer:
    sys.exit(0 if json.load(answer).get("database") == "ok" else 1)
EOF
}

# A program's check is ready_NAME when there is one, else supervisord's word.
ready_web() { program_running web && web_ready; }
ready_worker() { program_running worker && "$PY" -m celery -A config inspect ping --timeout 3; }
program_ready() {
    if declare -F "ready_$1" >/dev/null; then "ready_$1"; else program_running "$1"; fi
}
program_check() {
    case "$1" in
        web) web_url ;;
        worker) echo "celery inspect ping" ;;
        *) echo "supervisord: RUNNING" ;;
    esac
}

stop_legacy() {
    # Daemons left by a stack.sh of before supervisord (their pid files).
    local name
    for name in beat worker gunicorn; do
        [ -e "$RUN/$name.pid" ] || continue
        stop_pid "$RUN/$name.pid" "$name (daemon)" 120
    done
}

start_apps() {
    local name started=0
    write_supervisor_conf
    if supervisor_running; then
        ctl update >/dev/null  # programs added or changed since
    else
        started=1
        stop_legacy
        rm -f "$RUN/supervisord.pid" "$RUN/supervisor.sock"
        port_busy "$DONNE_HTTP_PORT" && fail "port $DONNE_HTTP_PORT (DONNE_HTTP_PORT) is in use by another program"
        "$PY" -m supervisor.supervisord -c "$SUPERVISOR_CONF" 9>&- \
            || { tail -n 20 "$LOG/supervisord.log" >&2; fail "supervisord did not start"; }
        wait_for 30 supervisord ctl pid || fail "supervisord does not answer (log/supervisord.log)"
        say "supervisord: started (it starts again any program that exits)"
    fi
    for name in "${PROGRAM_NAMES[@]}"; do
        if [ "$started" = 0 ] && program_running "$name"; then
            say "$name: already running"
        else
            ctl start "$name" >/dev/null 2>&1 || true
        fi
    done
    for name in "${PROGRAM_NAMES[@]}"; do
        wait_for 90 "$name" program_ready "$name" \
            || { tail -n 30 "$LOG/$name.log" >&2; fail "$name is not ready (log/$name.log)"; }
        say "$name: up, pid $(program_pid "$name"), log $LOG/$name.log"
    done
    say "web: gunicorn ($DONNE_WORKERS workers) on http://$DONNE_HTTP_ADDRESS:$DONNE_HTTP_PORT/;" \
        "worker: $DONNE_CELERY_CONCURRENCY processes; beat: stale sections every" \
        "${DONNE_SWEEP_SECONDS:-30} s, backup at $DONNE_BACKUP_HOUR:00 UTC"
}

stop_apps() {
    # Every program stopped (each its signal and time); supervisord stays.
    if supervisor_running; then
        ctl stop all | sed 's/^/  /' || true
    fi
    stop_legacy
}

stop_supervisor() {
    local pid end
    if pid="$(pid_of "$RUN/supervisord.pid")"; then
        stop_apps
        ctl shutdown >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
        end=$((SECONDS + 60))
        while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$end" ]; do sleep 0.2; done
        kill -0 "$pid" 2>/dev/null && fail "supervisord (pid $pid) did not stop"
        say "supervisord: stopped (pid $pid)"
    else
        stop_legacy
        say "supervisord: not running"
    fi
    rm -f "$RUN/supervisord.pid" "$RUN/supervisor.sock"
}

# --- the commands ---------------------------------------------------------------

cmd_start() {
    mkdir -p "$RUN" "$LOG" "$DONNE_HOME/static" "$DONNE_HOME/backups"
    make_env_file
    load_env
    start_postgres
    start_redis
    manage migrate --noinput -v0
    manage collectstatic --noinput -v0
    say "database: migrated, static files collected in $DJANGO_STATIC_ROOT"
    start_apps
    say "Donne runs on http://$DONNE_HTTP_ADDRESS:$DONNE_HTTP_PORT/ (home $DONNE_HOME; '$0 status' checks it)"
}

cmd_stop() {
    if [ ! -f "$ENV_FILE" ]; then
        say "nothing to stop: no $ENV_FILE"
        return 0
    fi
    load_env
    stop_supervisor
    stop_redis
    stop_postgres
}

status_line() {
    # status_line NAME PID WHERE CHECK...: one line, and the result.
    local name="$1" pid="$2" where="$3" state=up
    shift 3
    "$@" >/dev/null 2>&1 || state=down
    printf '%-11s %-5s pid %-8s %s\n' "$name" "$state" "${pid:--}" "$where"
    [ "$state" = up ]
}

cmd_status() {
    load_env
    PG_BIN="$(postgres_bin_dir || true)"
    local down=0 pg_pid=""
    [ -f "$PG_DATA/postmaster.pid" ] && pg_pid="$(head -n1 "$PG_DATA/postmaster.pid")"
    status_line postgresql "$pg_pid" "127.0.0.1:$DONNE_PG_PORT" \
        bash -c '[ -n "$0" ] && "$0/pg_isready" -q -h 127.0.0.1 -p "$1"' "$PG_BIN" "$DONNE_PG_PORT" || down=1
    status_line redis "$(pid_of "$RUN/redis.pid" || true)" "127.0.0.1:$DONNE_REDIS_PORT" redis_ready || down=1
    program_names
    [ "${#PROGRAM_NAMES[@]}" -gt 0 ] || PROGRAM_NAMES=(web worker beat)  # never started
    local name running=0
    supervisor_running && running=1
    for name in "${PROGRAM_NAMES[@]}"; do
        if [ "$running" = 1 ]; then
            status_line "$name" "$(program_pid "$name" || true)" "$(program_check "$name")" \
                program_ready "$name" || down=1
        else
            status_line "$name" "" "$(program_check "$name") (supervisord not running)" false || down=1
        fi
    done
    return "$down"
}

cmd_backup() {
    load_env
    export DONNE_PG_BIN="$(postgres_bin_dir || true)"
    [ -n "$DONNE_PG_BIN" ] || unset DONNE_PG_BIN
    manage backup_database
}

cmd_restore() {
    local file="" yes=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --yes) yes=1 ;;
            -*) usage ;;
            *) [ -z "$file" ] || usage; file="$1" ;;
        esac
        shift
    done
    [ -n "$file" ] || usage
    case "$file" in /*) ;; *) file="$CALLER_DIR/$file" ;; esac
    [ -f "$file" ] || fail "no backup file $file"
    load_env
    if [ "$yes" != 1 ]; then
        [ -t 0 ] || fail "restoring replaces the whole database: add --yes"
        read -r -p "Replace the whole database with $file? Type yes: " answer
        [ "$answer" = yes ] || fail "not restored"
    fi
    PG_BIN="$(postgres_bin_dir || true)"
    [ -n "$PG_BIN" ] || fail "no PostgreSQL: '$0 start' first"
    export DONNE_PG_BIN="$PG_BIN"
    pg_ready || fail "PostgreSQL is not running: '$0 start' first"
    [ "$(head -c 5 "$file")" = PGDMP ] || fail "$file is not a PostgreSQL backup (pg_dump -Fc)"
    local running=0
    supervisor_running && running=1
    stop_apps
    if ! manage restore_database --yes "$file"; then
        # pg_restore ran in one transaction: the database is as it was.
        [ "$running" = 0 ] || start_apps
        fail "not restored: the database is unchanged"
    fi
    # Migrations newer than the backup run again on the restored database.
    manage migrate --noinput -v0
    [ "$running" = 0 ] || start_apps
    say "restored $file"
}

cmd_env() {
    load_env
    local line key
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in ''|'#'*) continue ;; esac
        key="${line%%=*}"
        printf 'export %s=%q\n' "$key" "${line#*=}"
    done <"$ENV_FILE"
}

LOG_FILES=(supervisord access redis postgresql)

log_file() {
    # The file a name's log is in: a program's, or one of LOG_FILES.
    case "$1" in
        postgresql) echo "$PG_DIR/postgresql.log" ;;
        *) echo "$LOG/$1.log" ;;
    esac
}

cmd_logs() {
    local follow=0 lines=40 name="" names=() files=() file
    while [ $# -gt 0 ]; do
        case "$1" in
            -f|--follow) follow=1 ;;
            -n) [ $# -ge 2 ] && [[ "$2" =~ ^[0-9]+$ ]] || usage; lines="$2"; shift ;;
            -*) usage ;;
            *) [ -z "$name" ] || usage; name="$1" ;;
        esac
        shift
    done
    program_names
    [ "${#PROGRAM_NAMES[@]}" -gt 0 ] || PROGRAM_NAMES=(web worker beat)
    if [ -n "$name" ]; then
        [[ " ${PROGRAM_NAMES[*]} ${LOG_FILES[*]} " == *" $name "* ]] \
            || fail "no log named '$name': one of ${PROGRAM_NAMES[*]} ${LOG_FILES[*]}"
        names=("$name")
    else
        names=("${PROGRAM_NAMES[@]}" "${LOG_FILES[@]}")
    fi
    for name in "${names[@]}"; do
        file="$(log_file "$name")"
        if [ -f "$file" ]; then files+=("$file"); else say "$name: no log yet ($file)"; fi
    done
    [ "${#files[@]}" -gt 0 ] || return 0
    if [ "$follow" = 1 ]; then
        exec tail -n "$lines" -F "${files[@]}"
    fi
    tail -v -n "$lines" "${files[@]}"
}

# One start, stop, backup or restore at a time in a home folder: a second
# waits for the first (two starts at once would start doubles). The services
# started never inherit the lock's descriptor (9>&-), or they would hold it.
lock() {
    command -v flock >/dev/null || return 0
    exec 9>"$DONNE_HOME/.stack.lock"
    flock -w 600 9 || fail "another stack.sh holds $DONNE_HOME/.stack.lock"
}

[ $# -ge 1 ] || usage
command="$1"
shift
case "$command" in start|stop|backup|restore) lock ;; esac
case "$command" in
    start) [ $# = 0 ] || usage; cmd_start ;;
    stop) [ $# = 0 ] || usage; cmd_stop ;;
    status) [ $# = 0 ] || usage; cmd_status ;;
    backup) [ $# = 0 ] || usage; cmd_backup ;;
    restore) cmd_restore "$@" ;;
    env) [ $# = 0 ] || usage; cmd_env ;;
    logs) cmd_logs "$@" ;;
    -h|--help) usage ;;
    *) usage ;;
esac
