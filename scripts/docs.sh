#!/usr/bin/env bash
# Serve the manual (MkDocs, docs/ and mkdocs.yml) on http://127.0.0.1:8001,
# rebuilt as a page is saved (DONNE_DOCS_PORT for another port;
# DONNE_NO_INSTALL=1 uses .venv as it is).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DONNE_NO_INSTALL:-}" ]; then
    . scripts/venv.sh requirements-test.txt
fi
port="${DONNE_DOCS_PORT:-8001}"
echo "Serving the manual on http://127.0.0.1:$port (Ctrl-C to stop)"
export NO_MKDOCS_2_WARNING=1
exec .venv/bin/mkdocs serve --strict -a "127.0.0.1:$port"
