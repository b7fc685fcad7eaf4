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
for shared in proto/package.json proto/dist proto/news services/kit/package.json services/kit/dist; do
  copy "$shared"
done
for package in "$@"; do
  copy "$package/package.json"
  copy "$package/dist"
  # The migration CLI loads prisma.config.ts, which reads the service's config schema (src/config/env.ts).
  # A package without a database (markets) has neither: nothing of it is copied.
  if [ -e "$package/prisma.config.ts" ]; then
    copy "$package/prisma.config.ts"
    copy "$package/prisma"
    copy "$package/src/config/env.ts"
  fi
  # Editorial files read at run time: content's guides/blogs/FAQ, news's feed sources.
  copy "$package/content"
  copy "$package/sources.json"
done
