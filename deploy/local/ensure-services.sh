#!/usr/bin/env bash
# PostgreSQL and Redis for `make up` and `make test`, on a machine where nothing was prepared.
#
# PostgreSQL: the server at POSTGRES_ADMIN_URL (default postgresql://postgres@127.0.0.1:5432/postgres)
# when it lets us in. When that address is the default and it does not (nothing listens, or a
# distribution's cluster that asks for a password, as Debian's does on 127.0.0.1), the project runs a
# cluster of its own under .local/postgres on 127.0.0.1:${PROBEDGE_POSTGRES_PORT:-15432}, with trust on
# loopback only, from the distribution's binaries; no system configuration is touched. Its ports and
# Redis's stay below 32768, where the system hands out ports to outgoing connections.
# Redis: the server at 127.0.0.1:6379, where every test and the local stack address it; when none
# answers, the project's own redis-server under .local/redis on that port.
#
# Packages missing for that are installed from the distribution (root or passwordless sudo). Writes
# .local/services.env: the addresses the Makefile's targets then run with (empty when the machine's
# own servers are used). PROBEDGE_OWN_POSTGRES=1 uses the project's cluster whatever answers at 5432;
# PROBEDGE_OWN_REDIS=1 the project's Redis on ${PROBEDGE_REDIS_PORT:-16379} (for `make up` only).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
local_dir="$root/.local"
env_file="$local_dir/services.env"
default_admin_url='postgresql://postgres@127.0.0.1:5432/postgres'
own_port="${PROBEDGE_POSTGRES_PORT:-15432}"
mkdir -p "$local_dir"

say() { echo "services: $*"; }
fail() {
  echo "services: $*" >&2
  exit 1
}

# A package's own service is not started here (policy-rc.d may forbid it; nothing relies on it).
install_packages() { bash "$root/deploy/local/apt-install.sh" services --no-recommends "$@"; }

answers() { psql "$1" -Atqc 'SELECT 1' >/dev/null 2>&1; }

# The newest server's binaries (the client package alone leaves psql there, but no initdb).
postgres_bin() { dirname "$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)"; }

# --- PostgreSQL ---------------------------------------------------------------------------------
command -v psql >/dev/null 2>&1 || install_packages postgresql-client
admin_url="${POSTGRES_ADMIN_URL:-$default_admin_url}"
own_url="postgresql://postgres@127.0.0.1:${own_port}/postgres"
use_own=0
if [ "${PROBEDGE_OWN_POSTGRES:-0}" = 1 ]; then
  use_own=1
elif ! answers "$admin_url"; then
  # The machine's own cluster, stopped: started as it is (this is how the project's CI machines run).
  if [ "$admin_url" = "$default_admin_url" ] && command -v pg_ctlcluster >/dev/null 2>&1 &&
    [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql)" ] &&
    ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    say "starting the machine's PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  if ! answers "$admin_url"; then
    [ "$admin_url" = "$default_admin_url" ] ||
      fail "PostgreSQL does not let us in at POSTGRES_ADMIN_URL ($admin_url)"
    use_own=1
  fi
fi

if [ "$use_own" = 1 ]; then
  if ! answers "$own_url"; then
    [ -x "$(postgres_bin)/initdb" ] || install_packages postgresql
    bin="$(postgres_bin)"
    [ -x "$bin/initdb" ] || fail "no initdb under /usr/lib/postgresql after installing postgresql"
    data="$local_dir/postgres"
    run_as=()
    if [ "$(id -u)" -eq 0 ]; then
      # The server refuses to run as root: it runs as the package's postgres user.
      run_as=(runuser -u postgres --)
      if ! runuser -u postgres -- test -x "$local_dir" 2>/dev/null; then
        # A checkout the postgres user cannot reach (under /root): the data lives in /var/tmp.
        data="/var/tmp/probedge-postgres-$(printf '%s' "$root" | sha256sum | cut -c1-12)"
      fi
      mkdir -p "$data"
      chown postgres: "$data"
      chmod 700 "$data"
    fi
    if [ ! -f "$data/PG_VERSION" ]; then
      say "creating the project's PostgreSQL cluster in $data"
      "${run_as[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    # Running, but on another port (PROBEDGE_POSTGRES_PORT changed): started again on this one.
    if "${run_as[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      "${run_as[@]}" "$bin/pg_ctl" -D "$data" -w -m fast stop >/dev/null
    fi
    say "starting the project's PostgreSQL on 127.0.0.1:$own_port"
    "${run_as[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
      -o "-p $own_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$data -c max_connections=200" \
      start >/dev/null || fail "PostgreSQL did not start; its log: $data/server.log"
  fi
  answers "$own_url" || fail "the project's PostgreSQL does not answer at $own_url"
  admin_url="$own_url"
fi

# --- Redis --------------------------------------------------------------------------------------
redis_port=6379
if [ "${PROBEDGE_OWN_REDIS:-0}" = 1 ]; then
  # The project's own Redis beside one that answers at 6379 (the local stack follows REDIS_URL;
  # the tests address 6379).
  redis_port="${PROBEDGE_REDIS_PORT:-16379}"
fi
redis_up() { redis-cli -h 127.0.0.1 -p "$redis_port" ping >/dev/null 2>&1; }
if ! command -v redis-cli >/dev/null 2>&1 || ! redis_up; then
  command -v redis-server >/dev/null 2>&1 || install_packages redis-server
  if ! redis_up; then
    say "starting the project's Redis on 127.0.0.1:$redis_port"
    mkdir -p "$local_dir/redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no \
      --dir "$local_dir/redis" --logfile "$local_dir/redis/redis.log"
    for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  fi
  redis_up || fail "Redis does not answer on 127.0.0.1:$redis_port; its log: $local_dir/redis/redis.log"
fi

# --- what the targets run with --------------------------------------------------------------------
{
  echo "# Written by deploy/local/ensure-services.sh: the PostgreSQL the targets use."
  if [ "$use_own" = 1 ]; then
    echo "POSTGRES_ADMIN_URL=$admin_url"
    echo "TEST_DATABASE_ADMIN_URL=$admin_url"
  fi
  [ "$redis_port" = 6379 ] || echo "REDIS_URL=redis://127.0.0.1:$redis_port"
} >"$env_file"
