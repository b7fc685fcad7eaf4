#!/usr/bin/env bash
# A Docker engine and Compose for `make images` and `make smoke`: installs Debian's docker.io,
# docker-compose (v1) and debootstrap when missing (root or passwordless sudo), and starts the
# daemon when none answers (without iptables, as on machines whose network is closed; containers
# still reach each other by name on user-defined networks). Elsewhere it names what is missing.
set -euo pipefail

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); else as_root=(none); fi
fi

missing=()
[ -x /usr/bin/docker ] || command -v docker >/dev/null 2>&1 || missing+=(docker.io)
command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "${as_root[*]}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "docker: missing ${missing[*]}; install with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "docker: installing ${missing[*]} from Debian"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

docker=docker
[ -x /usr/bin/docker ] && docker=/usr/bin/docker
if ! "$docker" info >/dev/null 2>&1; then
  if [ "${as_root[*]}" = none ] || ! [ -x /usr/sbin/dockerd ]; then
    echo "docker: no Docker engine answers; start one (sudo systemctl start docker)" >&2
    exit 1
  fi
  echo "docker: starting dockerd"
  mkdir -p .local
  nohup "${as_root[@]}" /usr/sbin/dockerd --storage-driver=overlay2 --iptables=false --ip-masq=false \
    --bridge=none >.local/dockerd.log 2>&1 &
  for _ in $(seq 1 30); do "$docker" info >/dev/null 2>&1 && break; sleep 1; done
  "$docker" info >/dev/null 2>&1 || { tail -20 .local/dockerd.log >&2; exit 1; }
fi
