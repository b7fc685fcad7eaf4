#!/bin/sh
# As the official image: `redis-server --flags...` without a configuration file runs with protected
# mode off, so other containers on the network may connect.
set -eu
if [ "${1:-}" = redis-server ]; then
  case "${2:-}" in
    *.conf) ;;
    *) shift; set -- redis-server --protected-mode no "$@" ;;
  esac
fi
exec "$@"
