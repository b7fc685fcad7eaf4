#!/bin/sh
# Gathers the installed production dependencies into OUT with their place in the tree: the root
# node_modules, and those npm nested under a workspace (a version the root does not hold), for the
# given packages and the shared ones they link (proto, kit): gather-deps OUT PACKAGE...
set -eu
out="$1"
shift
mkdir -p "$out"
cp package.json "$out/package.json"
cp -R node_modules "$out/node_modules"
for package in proto services/kit "$@"; do
  if [ -d "$package/node_modules" ]; then
    mkdir -p "$out/$package"
    cp -R "$package/node_modules" "$out/$package/node_modules"
  fi
done
