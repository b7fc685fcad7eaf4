#!/usr/bin/env bash
# make images: every image of the compose stack. Uses the official base images when the engine has
# or can pull them; otherwise (a machine without registry access) builds local stand-ins first
# (deploy/docker/stand-ins/build.sh). STAND_INS=1 or 0 forces the choice. The bases chosen are
# written to .local/images/bases.env, which the smoke test reads.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/smoke/ensure-docker.sh
docker=docker
[ -x /usr/bin/docker ] && docker=/usr/bin/docker
mkdir -p .local/images

official=node:24-bookworm-slim
choice="${STAND_INS:-auto}"
if [ "$choice" = auto ]; then
  if "$docker" image inspect "$official" >/dev/null 2>&1 ||
    timeout 60 "$docker" pull -q "$official" >/dev/null 2>&1; then
    choice=0
  else
    echo "images: $official cannot be pulled here; using local stand-in bases"
    choice=1
  fi
fi

if [ "$choice" = 1 ]; then
  bash deploy/docker/stand-ins/build.sh >.local/images/bases.env
  export BUILD_NETWORK="${BUILD_NETWORK:-host}"
else
  : >.local/images/bases.env
fi
set -a
# shellcheck disable=SC1091
. .local/images/bases.env
set +a
started=$(date +%s)
bash deploy/docker/build-images.sh
echo "images: built in $(($(date +%s) - started)) s"
