#!/usr/bin/env bash
# The test command: installs what the tests need, then builds everything and runs every test
# (unit tests, and the end-to-end SOAP tests in integration-tests). Extra arguments go to Maven.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh"
echo "[test] building and testing all modules"
./mvnw -B install "$@"
