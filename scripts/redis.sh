# Sourced by test.sh: start a throwaway Redis on a loopback port for the tests
# that go through a real broker and worker, installing Debian's redis-server
# when it is missing and we may (root with apt-get). Stopped when test.sh exits.
# The port is DONNE_REDIS_PORT, else a free one.
# Exports DONNE_TEST_REDIS_URL, or leaves it unset when Redis cannot be had.

. scripts/apt.sh
. scripts/on_exit.sh
. scripts/free_port.sh
apt_install redis-server redis-server
if command -v redis-server >/dev/null 2>&1; then
    DONNE_REDIS_PORT="${DONNE_REDIS_PORT:-$(free_port)}"
    DONNE_REDIS_DIR="$(mktemp -d)"
    redis-server --port "$DONNE_REDIS_PORT" --bind 127.0.0.1 --save "" \
        --appendonly no --dir "$DONNE_REDIS_DIR" --daemonize yes \
        --pidfile "$DONNE_REDIS_DIR/redis.pid" --logfile "$DONNE_REDIS_DIR/redis.log"
    stop_redis() {
        redis-cli -p "$DONNE_REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
        rm -rf "$DONNE_REDIS_DIR"
    }
    on_exit stop_redis
    for _ in $(seq 50); do
        redis-cli -p "$DONNE_REDIS_PORT" ping >/dev/null 2>&1 && break
        sleep 0.1
    done
    export DONNE_TEST_REDIS_URL="redis://127.0.0.1:$DONNE_REDIS_PORT/0"
    echo "== redis on $DONNE_TEST_REDIS_URL"
else
    echo "== no redis-server: the real-worker tests will be skipped"
fi
