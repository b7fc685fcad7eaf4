#!/bin/sh
# First start: initdb with the password, run /docker-entrypoint-initdb.d/*.sql on a socket-only
# server (as the official image does), then serve on every address.
set -eu
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
as_postgres() { su postgres -s /bin/sh -c "PATH=$PATH PGDATA=$PGDATA $*"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > /tmp/pwfile
  chown postgres /tmp/pwfile
  # UTF-8 like the official image (its LANG is en_US.utf8); without a locale initdb picks SQL_ASCII.
  as_postgres "initdb -U ${POSTGRES_USER:-postgres} -E UTF8 --locale=C.UTF-8 --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  as_postgres "pg_ctl -w -o \"-c listen_addresses=''\" start" >/dev/null
  for script in /docker-entrypoint-initdb.d/*.sql; do
    [ -e "$script" ] || continue
    echo "running $script"
    as_postgres "psql -v ON_ERROR_STOP=1 -U ${POSTGRES_USER:-postgres} -d postgres -f $script" >/dev/null
  done
  as_postgres "pg_ctl -w stop" >/dev/null
fi
exec su postgres -s /bin/sh -c "PATH=$PATH exec postgres -D $PGDATA -c listen_addresses='*'"
