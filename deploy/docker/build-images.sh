#!/usr/bin/env bash
# make images: builds every image of docker-compose.yml (tag probedge/<name>:${PROBEDGE_TAG:-local})
# and prints each one's size and build time. NODE_IMAGE picks the Node base of the build stages (the
# official node:24-bookworm-slim by default), DEBIAN_IMAGE that of the runtime layers
# (debian:bookworm-slim); BUILD_NETWORK=host lets builds reach the registries through the
# host's network (the stand-in setup needs it). Web build settings (PUBLIC_URL, BRAND_NAME, ...) are
# passed to the gateway image as in the compose file.
set -euo pipefail
cd "$(dirname "$0")/../.."
docker="${DOCKER:-docker}"
[ -x /usr/bin/docker ] && [ -z "${DOCKER:-}" ] && docker=/usr/bin/docker
tag="${PROBEDGE_TAG:-local}"
node_image="${NODE_IMAGE:-node:24-bookworm-slim}"
debian_image="${DEBIAN_IMAGE:-debian:bookworm-slim}"
network=()
[ -n "${BUILD_NETWORK:-}" ] && network=(--network "$BUILD_NETWORK")
# The legacy builder reads `# syntax=` as a comment instead of fetching a frontend image.
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}"

web_args=()
for name in PUBLIC_URL BRAND_NAME BRAND_SUBTITLE SUPPORT_EMAIL SCANNER_URL PRO_APP_URL PRICE_VALID_UNTIL; do
  [ -n "${!name:-}" ] && web_args+=(--build-arg "$name=${!name}")
done

# name | Dockerfile | build arguments: the same as docker-compose.yml's build sections.
images=(
  "migrate|deploy/docker/migrate.Dockerfile|"
  "content|deploy/docker/service.Dockerfile|PACKAGE=services/content HEALTHCHECK_PORTS=4001,4101"
  "news|deploy/docker/service.Dockerfile|PACKAGE=services/news HEALTHCHECK_PORTS=4002,4102"
  "insights|deploy/docker/service.Dockerfile|PACKAGE=services/insights HEALTHCHECK_PORTS=4003,4103"
  "billing|deploy/docker/service.Dockerfile|PACKAGE=services/billing HEALTHCHECK_PORTS=4004"
  "markets|deploy/docker/service.Dockerfile|PACKAGE=services/markets HEALTHCHECK_PORTS=4005"
  "gateway|deploy/docker/gateway.Dockerfile|"
)
only="${IMAGES:-}"
printf '%-9s %9s %8s\n' image size build
for entry in "${images[@]}"; do
  IFS='|' read -r name file args <<<"$entry"
  if [ -n "$only" ] && [[ " $only " != *" $name "* ]]; then continue; fi
  build_args=(--build-arg "NODE_IMAGE=$node_image" --build-arg "DEBIAN_IMAGE=$debian_image")
  for arg in $args; do build_args+=(--build-arg "$arg"); done
  [ "$name" = gateway ] && build_args+=("${web_args[@]}")
  started=$(date +%s)
  log=".local/images/$name.log"
  mkdir -p .local/images
  if ! "$docker" build "${network[@]}" "${build_args[@]}" -f "$file" -t "probedge/$name:$tag" . >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "images: probedge/$name failed to build (full log: $log)" >&2
    exit 1
  fi
  seconds=$(($(date +%s) - started))
  bytes=$("$docker" image inspect -f '{{.Size}}' "probedge/$name:$tag")
  printf '%-9s %6d MB %7ds\n' "$name" $((bytes / 1000000)) "$seconds"
done
