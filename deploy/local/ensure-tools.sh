#!/usr/bin/env bash
# What the tests need beyond npm, installed the same way for `make test` and for CI:
# Chromium (browser tests), kubectl (the Kubernetes manifests),
# and PostgreSQL and Redis answering on loopback (ensure-services.sh). Installs from Debian's packages
# when it can (root, or passwordless sudo); otherwise stops at once, naming what is missing and how to
# get it. A kubectl the deploy tests reject (Debian bookworm's kubernetes-client is 1.20; kustomize
# components need 1.21) is never installed: the step that gets a current one is printed instead.
# `ensure-tools.sh bench` also installs nginx, the benchmark's peer proxy (make bench).
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
KUBECTL_STEP='curl -fsSLo /usr/local/bin/kubectl https://dl.k8s.io/release/v1.32.4/bin/linux/amd64/kubectl && chmod +x /usr/local/bin/kubectl'
if ! command -v "${KUBECTL:-kubectl}" >/dev/null 2>&1; then
  candidate=$(apt-cache policy kubernetes-client 2>/dev/null | awk '/Candidate:/ {print $2}')
  minor=$(printf '%s' "$candidate" | sed -n 's/^1\.\([0-9]*\)\..*/\1/p')
  if [ -n "$minor" ] && [ "$minor" -ge 21 ]; then
    missing+=(kubernetes-client)
  else
    echo "tools: no kubectl 1.21 or newer here, and the distribution's (${candidate:-none}) is too old" >&2
    echo "tools: the deployment tests need one; get it with: $KUBECTL_STEP (or set KUBECTL)" >&2
  fi
fi
if [ "${1:-}" = bench ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx-light)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  bash "$(dirname "$0")/apt-install.sh" tools "${missing[@]}"
fi

# PostgreSQL and Redis: the same script `make up` runs (the project's own when the machine has none).
bash "$(dirname "$0")/ensure-services.sh"
