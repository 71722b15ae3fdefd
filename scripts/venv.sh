# Sourced by demo.sh and test.sh: make .venv inside the checkout and install the
# pinned requirements into it, again only when a requirements file changed.
# Usage: . scripts/venv.sh requirements.txt [more.txt ...]

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Donne needs Python 3.11 or newer as '$PYTHON' (set PYTHON=...)." >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    echo "Creating the virtualenv in .venv ..."
    "$PYTHON" -m venv .venv
fi
stamp=".venv/.donne-requirements"
wanted="$(cat "$@" requirements.txt | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "Installing requirements ($*) ..."
    # pip compiles every package while it installs (about 10 s, one core busy
    # in a set-up that leaves the other idle): with --no-compile each test
    # worker compiled the same modules again at its first import, in passes
    # that keep both cores busy.
    .venv/bin/python -m pip install --quiet --disable-pip-version-check \
        -r requirements.txt "${@/#/-r}"
    echo "$wanted" > "$stamp"
fi
# Python keeps the project's bytecode (__pycache__, ignored by git) where the
# machine says not to (PYTHONDONTWRITEBYTECODE): every server, worker and
# test process would otherwise compile Donne's modules again at each start
# (a test collection takes 12 s instead of 3).
unset PYTHONDONTWRITEBYTECODE
