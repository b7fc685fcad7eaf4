#!/usr/bin/env bash
# Installs distribution packages the local tools need: apt-install.sh LABEL [--no-recommends] PACKAGE...
# As root, or with passwordless sudo; otherwise stops at once, printing the command that installs
# them. LABEL starts each line it prints (the calling script's name).
set -euo pipefail
label="$1"
shift
options=()
if [ "${1:-}" = --no-recommends ]; then
  options+=(--no-install-recommends)
  shift
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "$label: missing $*; install with:" >&2
  echo "  sudo apt-get install -y $*" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$label: missing $* and no apt-get here; install them with your package manager" >&2
  exit 1
fi
echo "$label: installing $* from the distribution"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${options[@]}" "$@" >/dev/null
