// Keeps one process of the local stack running, as compose's `restart: unless-stopped` and
// Kubernetes' restartPolicy do for theirs: a process that exits on its own is started again after
// a short backoff, its exit reason logged, while the others keep serving. One that keeps crashing
// (maxCrashes within windowMs) is given up on, so a broken build says so instead of looping.

/** How a child ended, in words for the log: its signal, or its exit code. */
export function exitReason(code, signal) {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/**
 * Supervises the process `spawnChild` starts. `log(line, colour)` reports crashes and restarts;
 * `onGiveUp(reason)` is called once when the process crashed `maxCrashes` times within `windowMs`.
 * Returns the current child (it changes on each restart) and `stop`, which ends supervision and
 * the child (SIGTERM, then SIGKILL after `killAfterMs`).
 */
export function supervise({
  spawnChild,
  log,
  onGiveUp,
  maxCrashes = 5,
  windowMs = 60_000,
  firstDelayMs = 200,
  maxDelayMs = 5000,
  killAfterMs = 15_000,
}) {
  let stopping = false;
  let timer;
  let child;
  const crashes = [];

  const run = () => {
    child = spawnChild();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const reason = exitReason(code, signal);
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0] < now - windowMs) crashes.shift();
      if (crashes.length >= maxCrashes) {
        stopping = true;
        log(`exited (${reason}), ${crashes.length} times in ${windowMs / 1000} s: giving up`, 31);
        onGiveUp(reason);
        return;
      }
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (crashes.length - 1));
      log(`exited (${reason}); restarting in ${(delay / 1000).toFixed(1)} s`, 31);
      timer = setTimeout(run, delay);
    });
    return child;
  };

  run();
  return {
    current: () => child,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(timer);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), killAfterMs).unref();
      }),
  };
}
