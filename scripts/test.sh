#!/usr/bin/env bash
# Set up the test environment and run every check: ruff lint and format, the
# layers (import-linter's contracts in pyproject.toml), the migration check,
# the docs build, the whole pytest suite on
# SQLite, then every test that touches the database again on PostgreSQL
# (pytest's "database" marker) with the production stack check beside it,
# with a throwaway Redis for the tests that run a real Celery worker, a
# throwaway PostgreSQL cluster, and Debian's chromium for the browser tests
# (Playwright never downloads one).  Both pytest passes run on every core (pytest-xdist, a
# module's tests on one worker); each phase's time is printed, and again in
# a summary at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
phase_name=""
phase_started=$SECONDS
phase_times=()

# The machine's CPU time so far, busy and in all ("busy total", in clock
# ticks, from /proc/stat): a phase's share of busy time says whether a
# longer phase waited or worked (the suite is bound by CPU on 2 cores).
cpu_ticks() {
    local _cpu user nice system idle iowait irq softirq steal _rest
    read -r _cpu user nice system idle iowait irq softirq steal _rest </proc/stat || {
        echo "0 0"
        return
    }
    local busy=$((user + nice + system + irq + softirq + steal))
    echo "$busy $((busy + idle + iowait))"
}
phase_cpu=""

# phase NAME: the previous phase ends (its time noted), NAME begins.
phase() {
    end_phase
    phase_name="$1"
    phase_started=$SECONDS
    phase_cpu="$(cpu_ticks)"
    echo "== $phase_name"
}
end_phase() {
    if [ -n "$phase_name" ]; then
        local took=$((SECONDS - phase_started)) busy=0
        local before_busy before_all now_busy now_all
        read -r before_busy before_all <<<"$phase_cpu"
        read -r now_busy now_all <<<"$(cpu_ticks)"
        if [ "$((now_all - before_all))" -gt 0 ]; then
            busy=$((100 * (now_busy - before_busy) / (now_all - before_all)))
        fi
        phase_times+=("$(printf '%-24s %5d s  (CPU %3d%% busy)' "$phase_name" "$took" "$busy")")
        echo "== $phase_name: ${took} s, CPU ${busy}% busy"
        phase_name=""
    fi
}
summary() {
    end_phase
    echo "== time by phase"
    local line
    for line in "${phase_times[@]+"${phase_times[@]}"}"; do
        echo "   $line"
    done
    printf '   %-24s %5d s\n' "total" "$((SECONDS - started))"
}

phase "set-up (virtualenv, Debian packages, Redis, PostgreSQL)"
. scripts/venv.sh requirements-test.txt
# The suite runs with the development settings (config/testing.py says so too).
export DJANGO_DEBUG=1
. scripts/apt.sh
. scripts/redis.sh
. scripts/postgres.sh
apt_install chromium chromium
# After redis.sh and postgres.sh: their EXIT hooks stop the servers, and this
# trap (the last one set) runs them after printing the times.
# The run's own exit code is kept: under set -e a failing command in the
# trap would end it before the hooks, leaving Redis and PostgreSQL running.
trap 'code=$?; summary; run_exit_hooks; exit "$code"' EXIT

# pytest-xdist: one worker a core (DONNE_TEST_WORKERS to choose), a module's
# tests and each named group on one worker (tests/conftest.py). A third
# worker on 2 cores was slower from a fresh clone (596 s against 508 s for
# the SQLite pass: each worker builds its own session fixtures).
workers=(-n "${DONNE_TEST_WORKERS:-auto}" --dist loadfile)
# A folder the run's test processes share, removed with the run: the demo's
# rows are copied once a pass there, not once a worker
# (tests/support/demo_world.py).
DONNE_TEST_SHARED_DIR="$(mktemp -d)"
export DONNE_TEST_SHARED_DIR
remove_shared_dir() { rm -rf "$DONNE_TEST_SHARED_DIR"; }
DONNE_EXIT_HOOKS+=(remove_shared_dir)

phase "lint (ruff, layers, migrations, docs)"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The layers and no import cycle: import-linter's contracts (pyproject.toml).
.venv/bin/lint-imports --no-cache
.venv/bin/python manage.py makemigrations --check --dry-run
# The manual (docs/, MkDocs): built strictly into a folder thrown away.
docs_site="$(mktemp -d)"
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$docs_site"
rm -rf "$docs_site"

phase "pytest (SQLite)"
# DONNE_TEST_JUNIT_DIR: each pass's per-test times as JUnit XML there.
# junit NAME: the pass's JUnit option in the array junit (empty without the folder).
junit() {
    junit=()
    [ -z "${DONNE_TEST_JUNIT_DIR:-}" ] || junit=("--junitxml=$DONNE_TEST_JUNIT_DIR/$1.xml")
}
junit sqlite
env -u DATABASE_URL .venv/bin/pytest "${workers[@]}" "${junit[@]+"${junit[@]}"}" "$@"

# The production stack, started, played, faulted (Redis stopped
# DONNE_FAULT_REDIS_SECONDS, default 60, the worker and a gunicorn worker
# killed, PostgreSQL restarted: it must heal itself), backed up, restored and
# stopped in a throwaway folder (about two minutes, most of it waiting for
# the stack to heal): with the whole suite only, beside the PostgreSQL pass
# (its log printed after it), so that its waits cost no time.
stack_check_log=""
if [ "$#" -eq 0 ]; then
    stack_check_log="$(mktemp)"
    scripts/stack_check.sh >"$stack_check_log" 2>&1 &
    stack_check_pid=$!
    stop_stack_check() {
        kill -INT "$stack_check_pid" 2>/dev/null && wait "$stack_check_pid" 2>/dev/null
        rm -f "$stack_check_log"
    }
    # Not on_exit: it would set the EXIT trap again, without the summary.
    DONNE_EXIT_HOOKS+=(stop_stack_check)
fi

status=0
if [ -z "${DONNE_TEST_POSTGRES_URL:-}" ]; then
    echo "== pytest (PostgreSQL) SKIPPED: no PostgreSQL (see above)"
else
    if [ -n "$stack_check_log" ]; then
        phase "pytest (PostgreSQL), the stack check beside it"
    else
        phase "pytest (PostgreSQL)"
    fi
    junit postgresql
    DATABASE_URL="$DONNE_TEST_POSTGRES_URL" .venv/bin/pytest "${workers[@]}" -m database \
        "${junit[@]+"${junit[@]}"}" "$@" || status=$?
    # Exit 5 is "no test selected": fine when the arguments picked only pure
    # tests (which ran on SQLite above), a failure for the whole suite.
    if [ "$status" = 5 ] && [ "$#" -gt 0 ]; then
        echo "== no database test among those selected: nothing more to run on PostgreSQL"
        status=0
    fi
fi

if [ -n "$stack_check_log" ]; then
    phase "stack check (the rest of it)"
    stack_status=0
    wait "$stack_check_pid" || stack_status=$?
    cat "$stack_check_log"
    if [ "$stack_status" != 0 ]; then
        echo "== the stack check FAILED (exit $stack_status)"
        [ "$status" = 0 ] && status="$stack_status"
    fi
fi
exit "$status"
