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
# The Prisma client's runtime ships a query engine and compiler for every database; these services
# use the client engine ("engineType = client") with PostgreSQL through the pg adapter, so only the
# PostgreSQL query compiler is loaded. The rest (about 60 MB) is left out of the image.
runtime="$out/node_modules/@prisma/client/runtime"
if [ -d "$runtime" ]; then
  find "$runtime" -maxdepth 1 -type f \( \
    -name 'query_engine_bg.*' -o \
    -name 'query_compiler_bg.cockroachdb.*' -o -name 'query_compiler_bg.mysql.*' \
    -o -name 'query_compiler_bg.sqlite.*' -o -name 'query_compiler_bg.sqlserver.*' \
    -o -name '*.map' \) -delete
fi
