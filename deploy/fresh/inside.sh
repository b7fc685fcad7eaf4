#!/usr/bin/env bash
# Runs inside the bare container of fresh-machine.sh: a new user's first steps, then the checks.
set -euo pipefail
offset="$FRESH_PORT_OFFSET"
echo "fresh: adding git, make and the distribution's Node"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git make nodejs >/dev/null
echo "fresh: $(node --version) from the distribution, no npm: $(command -v npm || echo none)"
git -c safe.directory='*' clone -q /src /work/probedge
cd /work/probedge

PROBEDGE_OWN_POSTGRES=1 PROBEDGE_OWN_REDIS=1 STACK_PORT_OFFSET="$offset" setsid make up >/tmp/up.log 2>&1 &
up=$!
stop() {
  kill -INT -- "-$up" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$up" 2>/dev/null || break; sleep 1; done
}
trap stop EXIT

gateway="http://127.0.0.1:$((8080 + offset))"
# What a visitor and an operator check first, once the gateway says it is ready.
node - "$gateway" "$up" <<'JS' || { tail -60 /tmp/up.log; exit 1; }
const [gateway, pid] = process.argv.slice(2);
const deadline = Date.now() + 25 * 60 * 1000;
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  for (;;) {
    if (!alive()) throw new Error('make up ended before the gateway was ready');
    if (Date.now() > deadline) throw new Error('the gateway was not ready within 25 minutes');
    const ready = await fetch(`${gateway}/readyz`).catch(() => null);
    if (ready?.ok) break;
    await sleep(2000);
  }
  const checks = [
    ['/', (res, text) => res.headers.get('content-type')?.includes('text/html') && text.includes('<title')],
    ['/api/guides', (res, text) => {
      const body = JSON.parse(text);
      const list = Array.isArray(body) ? body : body.items;
      return Array.isArray(list) && list.length > 0;
    }],
    ['/api/market', (res, text) => JSON.parse(text).sampleData === true],
  ];
  for (const [path, holds] of checks) {
    const res = await fetch(gateway + path);
    const text = await res.text();
    if (res.status !== 200 || !holds(res, text)) {
      throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    console.log(`fresh: GET ${path} 200`);
  }
})().catch((error) => {
  console.error(`fresh: ${error.message}`);
  process.exit(1);
});
JS
