// Docker HEALTHCHECK of the Node images. Without an argument: liveness (/healthz) on whichever of
// HEALTHCHECK_PORTS this container's process listens on, so one image serves its API and its worker.
// With a URL (compose asks /readyz, so that "healthy" means ready): that URL only.
// 4 s: longer than the gateway's readiness takes with an upstream paused (its probes give up after
// 1 s), shorter than the 5 s Docker and compose allow the check.
const urls = process.argv[2]
  ? [process.argv[2]]
  : (process.env.HEALTHCHECK_PORTS || '')
      .split(',')
      .filter(Boolean)
      .map((port) => `http://127.0.0.1:${port}/healthz`);

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
    return response.ok;
  } catch {
    return false;
  }
}

Promise.all(urls.map(answers)).then((results) => process.exit(results.includes(true) ? 0 : 1));
