import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { Redis } from 'ioredis';

/** Where the kernel takes ports from for outgoing connections and listen(0) (Linux's default when unreadable). */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 1024 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** How many Jest workers get a slice of the test ports of their own. */
const PORT_SLICES = 16;
const PORTS_BELOW_EPHEMERAL = 12_288;

/**
 * The ports this process's freePort hands out, in turn from a random start: a slice below the
 * ephemeral range, one slice per Jest worker.
 */
const testPorts = (() => {
  const high = ephemeralLow();
  const low = Math.max(1025, high - PORTS_BELOW_EPHEMERAL);
  const size = Math.floor((high - low) / PORT_SLICES);
  const slice = (Number(process.env.JEST_WORKER_ID ?? '1') - 1) % PORT_SLICES;
  const first = low + slice * size;
  let next = Math.floor(Math.random() * size);
  return () => first + (next++ % size);
})();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port nobody listens on, for a process a test starts and tells others about. It comes
 * from below the kernel's ephemeral range, so no outgoing connection or listen(0) can take it
 * between this pick and the process's own bind (a port picked by listen(0) was seen taken that
 * way: the process failed with EADDRINUSE). Each Jest worker picks from a slice of its own, in
 * turn, so workers never pick the same port and one file does not pick a port twice.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const port = testPorts();
    if (await canListen(port)) return port;
  }
  throw new Error('no free loopback port below the ephemeral range');
}

/** Whether a Redis answers PING on the loopback port (probed by connecting, never by binding). */
async function answersPing(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (reply) => done(reply.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

/**
 * A redis-server of the test's own on a loopback port (no persistence), for tests that stop
 * Redis; the machine's shared Redis is never touched. Readiness is probed by connecting: a probe
 * that bound the port itself could take it from the starting server. A server that exits while
 * starting fails at once with what it printed.
 */
export async function startRedisServer(port: number, timeoutMs = 20_000): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited while starting on port ${port}: ${output.trim()}`);
    }
    if (await answersPing(port)) {
      child.stdout?.removeListener('data', keep).resume();
      child.stderr?.removeListener('data', keep).resume();
      return child;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(
    `redis-server did not start on port ${port} in ${timeoutMs} ms: ${output.trim()}`,
  );
}

/** Empties a test's own Redis (FLUSHALL), as a restart without persistence leaves it. */
export async function flushRedis(port: number): Promise<void> {
  const admin = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  try {
    await admin.connect();
    await admin.flushall();
  } finally {
    admin.disconnect();
  }
}

/** SIGKILLs a child process and resolves once it is gone (nothing to do when it never started). */
export function killProcess(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
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
