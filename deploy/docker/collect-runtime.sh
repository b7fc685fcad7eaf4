#!/bin/sh
# Copies what a Node package needs at run time into OUT, keeping the monorepo layout so the
# workspace links in node_modules (@probedge/kit, @probedge/proto) resolve: collect-runtime OUT PACKAGE...
set -eu
out="$1"
shift
copy() {
  [ -e "$1" ] || return 0
  mkdir -p "$out/$(dirname "$1")"
  cp -R "$1" "$out/$1"
}
# A TypeScript module and, transitively, the modules of the package it imports by a relative path
# (`from './x'`, `from '../y'`), each once. Packages (`from 'zod'`) come from node_modules.
copy_module() {
  [ -e "$out/$1" ] && return 0
  copy "$1"
  for spec in $(sed -n "s/.*from ['\"]\(\.[^'\"]*\)['\"].*/\1/p" "$1"); do
    for candidate in "$(dirname "$1")/$spec.ts" "$(dirname "$1")/$spec/index.ts"; do
      if [ -f "$candidate" ]; then
        copy_module "$(realpath -m --relative-to=. "$candidate")"
        break
      fi
    done
  done
}
for shared in proto/package.json proto/dist proto/news services/kit/package.json services/kit/dist; do
  copy "$shared"
done
for package in "$@"; do
  copy "$package/package.json"
  copy "$package/dist"
  # The migration CLI loads prisma.config.ts, which reads the service's config schema
  # (src/config/env.ts) and whatever that imports from the package (markets: its providers' names
  # and addresses). A package without a database has no prisma.config.ts: none of it is copied.
  if [ -e "$package/prisma.config.ts" ]; then
    copy "$package/prisma.config.ts"
    copy "$package/prisma"
    copy_module "$package/src/config/env.ts"
  fi
  # Editorial files read at run time: content's guides/blogs/FAQ, news's feed sources.
  copy "$package/content"
  copy "$package/sources.json"
done
