import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';

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

/** A throwaway PostgreSQL cluster's files: its data directory and the directory holding it. */
export interface PostgresCluster {
  /** The cluster's data directory (`postgres -D`). */
  dataDir: string;
  /** Where the server puts its Unix socket: the directory holding the data directory. */
  socketDir: string;
  /** Deletes the cluster's files; its server must have stopped first. */
  remove(): Promise<void>;
}

/** The newest installed PostgreSQL's binaries, as deploy/local/ensure-services.sh finds them. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb')));
  } catch {
    // No PostgreSQL server installed: fails below with what to install.
  }
  versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no initdb under ${root}/*/bin: install the postgresql package`);
  return join(root, newest, 'bin');
}

/**
 * Who the server runs as: itself, or, for root (whom PostgreSQL refuses), the package's postgres
 * user. The processes are started with that uid and gid directly rather than through runuser, so
 * the postmaster is the test's own child and a signal sent to it reaches the server unchanged
 * (runuser would turn SIGINT into SIGTERM, then SIGKILL two seconds later).
 */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A new PostgreSQL cluster of the test's own (trust authentication, superuser `postgres`) in a
 * fresh directory under /var/tmp, owned by the user its server runs as, for tests that stop and
 * restart the database; the machine's shared server is never touched. Start it with
 * startPostgresServer, and remove() it once its server has stopped.
 */
export async function initPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const user = postgresUser();
  const socketDir = await mkdtemp('/var/tmp/probedge-test-pg-');
  const dataDir = join(socketDir, 'data');
  const remove = () => rm(socketDir, { recursive: true, force: true });
  try {
    if (user) {
      await chown(socketDir, user.uid, user.gid);
      await chmod(socketDir, 0o700);
    }
    await new Promise<void>((resolve, reject) => {
      execFile(
        join(bin, 'initdb'),
        ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8'],
        { cwd: socketDir, ...user },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`initdb failed in ${dataDir}: ${`${stdout}${stderr}`.trim()}`))
            : resolve(),
      );
    });
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir, socketDir, remove };
}

/** The admin URL of a test's own PostgreSQL on a loopback port (trust, superuser `postgres`). */
export function postgresAdminUrl(port: number): string {
  return `postgresql://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * Whether the PostgreSQL answering on the loopback port is the one serving `dataDir` (it refuses
 * while starting up). Asking which directory it serves, not only whether something answers, keeps
 * another server already on the port from passing for the one starting.
 */
async function servesDataDir(port: number, dataDir: string): Promise<boolean> {
  const client = new Client({
    connectionString: postgresAdminUrl(port),
    connectionTimeoutMillis: 1000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0]?.data_directory === dataDir;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server of a cluster from initPostgresCluster on a loopback port (no fsync: the data only has
 * to outlive a clean restart), resolving once it accepts connections. A server that exits while
 * starting fails at once with what it printed. Stop it with stopPostgresServer; starting it again
 * on the same directory and port brings the same data back.
 */
export async function startPostgresServer(
  cluster: Pick<PostgresCluster, 'dataDir' | 'socketDir'>,
  port: number,
  timeoutMs = 60_000,
): Promise<ChildProcess> {
  const args = [
    '-D',
    cluster.dataDir,
    '-p',
    String(port),
    '-k',
    cluster.socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ];
  const child = spawn(join(postgresBin(), 'postgres'), args, {
    cwd: cluster.socketDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...postgresUser(),
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnFailed = false;
  child.on('error', (error) => {
    spawnFailed = true;
    keep(Buffer.from(String(error)));
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnFailed || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`postgres exited while starting on port ${port}: ${output.trim()}`);
    }
    if (await servesDataDir(port, cluster.dataDir)) {
      child.stdout?.removeListener('data', keep).resume();
      child.stderr?.removeListener('data', keep).resume();
      return child;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await killProcess(child);
  throw new Error(`postgres did not start on port ${port} in ${timeoutMs} ms: ${output.trim()}`);
}

/**
 * Stops a test's own PostgreSQL and resolves once it is gone. SIGINT is a fast shutdown: open
 * sessions are ended with 57P01 (`terminating connection due to administrator command`) and the
 * data is written out, as a real restart does; SIGTERM waits for sessions to end; SIGQUIT and
 * SIGKILL stop it without a checkpoint.
 */
export function stopPostgresServer(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<void> {
  return killProcess(child, signal);
}
