#!/usr/bin/env bash
# Runs a Node script under Node 24, the project's runtime, whatever the machine's own Node is
# (deploy/local/node-bin.sh supplies a project-local one where it is older). Child processes the
# script starts (process.execPath, `node` on PATH) use it too.
#   deploy/local/node24.sh node_modules/.bin/jest ...
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="$(bash deploy/local/node-bin.sh)"
if [ -n "$bin" ]; then export PATH="$bin:$PATH"; fi
echo "node24: $(node --version)"
exec node "$@"
