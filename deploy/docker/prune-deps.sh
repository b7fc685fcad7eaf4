#!/bin/sh
# Removes from gathered production dependencies (gather-deps' output) what a running service never
# loads, so the runtime images stay small: prune-deps DIR
#   - type declarations, TypeScript sources, source maps, build info and Markdown documents
#     (licence files are kept, whatever their extension);
#   - the test suites, benchmarks and examples packages publish (fastify's tests alone are 2 MB),
#     folders named test, tests, __tests__, benchmark(s) or example(s) inside a package;
#   - of the Prisma client, everything but the four files the generated clients import
#     (src/generated/prisma: the client runtime, the browser namespace and the PostgreSQL query
#     compiler with its WebAssembly). These services use the client engine ("engineType = client")
#     with PostgreSQL through the pg adapter; the engines and compilers for other databases, the
#     edge and React Native builds and the generator are about 70 MB.
# deploy/test/docker.test.ts checks that every file the generated clients import survives.
set -eu
dir="$1"
find "$dir" -type f \( \
  -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
  -o -name '*.map' -o -name '*.tsbuildinfo' \
  -o \( \( -iname '*.md' -o -iname '*.markdown' \) -not -iname 'licen[cs]e*' -not -iname 'copying*' \) \
  \) -delete
find "$dir" -type d -path '*/node_modules/*' \( \
  -name test -o -name tests -o -name __tests__ -o -name benchmark -o -name benchmarks \
  -o -name example -o -name examples \
  \) -prune -exec rm -rf {} +

for client in $(find "$dir" -type d -path '*node_modules/@prisma/client' -prune); do
  keep="package.json LICENSE runtime/client.js runtime/index-browser.js
    runtime/query_compiler_bg.postgresql.js runtime/query_compiler_bg.postgresql.wasm-base64.js"
  kept="$(mktemp -d)"
  for file in $keep; do
    if [ -e "$client/$file" ]; then
      mkdir -p "$kept/$(dirname "$file")"
      cp "$client/$file" "$kept/$file"
    fi
  done
  rm -rf "$client"
  mv "$kept" "$client"
  chmod 755 "$client"
done
