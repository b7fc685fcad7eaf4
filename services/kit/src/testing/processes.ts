import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = createServer().listen(port, '127.0.0.1');
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.once('error', () => resolve(true));
  });
}

/**
 * A redis-server of the test's own on a loopback port (no persistence), for tests that stop
 * Redis; the machine's shared Redis is never touched.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await listening(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

/** SIGKILLs a child process and resolves once it is gone. */
export function killProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Polls `check` every 50 ms until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what = 'condition',
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
