#!/usr/bin/env bash
# make fresh: the README's first command where nothing was prepared. In a container from a bare
# Debian bookworm (the official debian:bookworm-slim, or the stand-in base `make images` builds on
# machines that cannot pull) with only git, make and the distribution's Node added, clone this
# repository's committed HEAD, run `make up`, wait for /readyz and fetch /, /api/guides and
# /api/market through the gateway, then stop it. The container shares the host's network (the only
# way out to the package registries on these machines), so the project's own PostgreSQL and Redis
# run on their own ports (PROBEDGE_OWN_POSTGRES, PROBEDGE_OWN_REDIS) and the stack on
# FRESH_PORT_OFFSET (22000, every port below 32768, where the system hands out ports to outgoing
# connections): nothing of the host's answers in their place, and no client's connection holds them.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/smoke/ensure-docker.sh
docker=docker
[ -x /usr/bin/docker ] && docker=/usr/bin/docker

base=debian:bookworm-slim
if ! "$docker" image inspect "$base" >/dev/null 2>&1 && ! timeout 60 "$docker" pull -q "$base" >/dev/null 2>&1; then
  base=$(bash deploy/docker/stand-ins/build.sh | sed -n 's/^DEBIAN_IMAGE=//p')
fi
offset="${FRESH_PORT_OFFSET:-22000}"
started=$(date +%s)
echo "fresh: make up in a bare container from $base (ports +$offset)"
# A machine behind a TLS-inspecting proxy trusts its CA: the host's bundle and its settings go in.
extra=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  extra+=(-e "NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS" -e "npm_config_cafile=$NODE_EXTRA_CA_CERTS")
  extra+=(-v "$NODE_EXTRA_CA_CERTS:$NODE_EXTRA_CA_CERTS:ro")
fi
"$docker" run --rm --network host --name "probedge-fresh-$$" -v "$PWD:/src:ro" \
  -e "FRESH_PORT_OFFSET=$offset" "${extra[@]}" "$base" bash /src/deploy/fresh/inside.sh
echo "fresh: passed in $(($(date +%s) - started)) s"
