#!/usr/bin/env bash
# What the tests need beyond npm, installed the same way for `make test` and for CI:
# Chromium (browser tests), kubectl (the Kubernetes manifests),
# and PostgreSQL and Redis answering on loopback. Installs from Debian's packages when it can
# (root, or passwordless sudo); otherwise stops at once, naming what is missing and how to get it.
# `ensure-tools.sh bench` also installs nginx, the benchmark's peer proxy (make bench).
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v kubectl >/dev/null 2>&1 || missing+=(kubernetes-client)
if [ "${1:-}" = bench ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx-light)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "tools: missing ${missing[*]}; install with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "tools: missing ${missing[*]} and no apt-get here; install them with your package manager" >&2
    exit 1
  fi
  echo "tools: installing ${missing[*]} from Debian"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "tools: starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || {
    echo "tools: PostgreSQL does not answer on 127.0.0.1:5432 (apt-get install -y postgresql)" >&2
    exit 1
  }
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "tools: starting Redis"
    mkdir -p /tmp/probedge-redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /tmp/probedge-redis --logfile /tmp/probedge-redis/redis.log
    for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 1; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || {
    echo "tools: Redis does not answer on 127.0.0.1:6379 (apt-get install -y redis-server)" >&2
    exit 1
  }
fi
