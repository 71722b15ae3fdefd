# Sourced by test.sh: start a throwaway PostgreSQL cluster for the second pytest
# run, installing Debian's postgresql when it is missing and we may (root with
# apt-get). The cluster lives in a temporary folder (trust authentication,
# loopback only, its unix socket inside the folder) and is stopped and removed
# when test.sh exits. The port is DONNE_PG_PORT, else a free one.
# Exports DONNE_TEST_POSTGRES_URL (superuser "donne", database "donne": the
# tests create test_donne), or leaves it unset when PostgreSQL cannot be had.
# The URL names the unix socket, not the TCP port: each of the suite's
# thousands of queries costs less CPU on both sides (the test run is bound
# by CPU), and the folder's name is lower case and digits, since a URL's host
# is read in lower case.  No JIT: the tests' short queries on tables the
# planner has not measured would be compiled for nothing.

. scripts/apt.sh
. scripts/on_exit.sh
. scripts/free_port.sh

# Debian keeps initdb, pg_ctl and postgres in /usr/lib/postgresql/<version>/bin,
# off PATH: take PATH's first, else the newest version there.
postgres_bin_dir() {
    local initdb
    initdb="$(command -v initdb 2>/dev/null || true)"
    if [ -z "$initdb" ]; then
        initdb="$(ls -1d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1)"
    fi
    [ -n "$initdb" ] && dirname "$(readlink -f "$initdb")"
}

# PostgreSQL refuses to run as root: as root, run its commands as the
# "postgres" user the Debian package creates.
as_postgres_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start_postgres() {
    local bin port
    bin="$(postgres_bin_dir || true)"
    if [ -z "$bin" ]; then
        apt_install postgresql initdb
        bin="$(postgres_bin_dir || true)"
    fi
    if [ -z "$bin" ]; then
        echo "no PostgreSQL server (initdb) found"
        return 1
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "running as root without a 'postgres' user to run PostgreSQL as"
        return 1
    fi
    port="${DONNE_PG_PORT:-$(free_port)}"
    DONNE_PG_DIR="/tmp/donne-pg-$port-$$"
    rm -rf "$DONNE_PG_DIR" && mkdir -m 700 "$DONNE_PG_DIR"
    DONNE_PG_BIN="$bin"
    on_exit stop_postgres
    [ "$(id -u)" = 0 ] && chown postgres "$DONNE_PG_DIR"
    as_postgres_owner "$bin/initdb" -D "$DONNE_PG_DIR/data" -U donne -A trust \
        -E UTF8 --locale=C.UTF-8 --no-sync >"$DONNE_PG_DIR/initdb.log" 2>&1 || {
        cat "$DONNE_PG_DIR/initdb.log"
        return 1
    }
    as_postgres_owner "$bin/pg_ctl" -D "$DONNE_PG_DIR/data" -l "$DONNE_PG_DIR/postgres.log" \
        -w -t 60 -o "-p $port -k $DONNE_PG_DIR -c listen_addresses=127.0.0.1 \
        -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off" \
        start >/dev/null || {
        cat "$DONNE_PG_DIR/postgres.log"
        return 1
    }
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U donne donne || return 1
    export DONNE_TEST_POSTGRES_URL="postgresql://donne@${DONNE_PG_DIR//\//%2F}:$port/donne"
}

stop_postgres() {
    if [ -n "${DONNE_PG_DIR:-}" ]; then
        if [ -f "$DONNE_PG_DIR/data/postmaster.pid" ]; then
            as_postgres_owner "$DONNE_PG_BIN/pg_ctl" -D "$DONNE_PG_DIR/data" \
                -m immediate stop >/dev/null 2>&1 || true
        fi
        rm -rf "$DONNE_PG_DIR"
    fi
}

if start_postgres; then
    echo "== postgresql on $DONNE_TEST_POSTGRES_URL"
elif [ -n "${CI:-}" ]; then
    echo "== CI needs PostgreSQL for the second test run, and it cannot be had" >&2
    exit 1
else
    echo "=================================================================="
    echo "== NO POSTGRESQL: the PostgreSQL test run will be SKIPPED"
    echo "== (run as root with apt-get, or install postgresql, to have it)"
    echo "=================================================================="
fi
