// Processes for the benchmark: each server on its own event loop, started from its built entry
// point as deployed, and its resident memory read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { nodeFlagsFor, runtimeEnvFor } from '../../../deploy/local/stack.mjs';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `node <script>` in `cwd` and resolves once `readyUrl` answers 2xx. */
export async function startProcess({ name, cwd, script, args = [], env, readyUrl }) {
  // BENCH_CPU_PROF_DIR=<dir> writes a V8 CPU profile of every process when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...nodeFlagsFor(cwd), ...profile, script, ...args], {
    cwd,
    env: {
      ...process.env,
      ...runtimeEnvFor(cwd),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      ...env,
    },
    // Logs go nowhere, but each process still formats and writes them as it would in production.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.benchName = name;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready at ${readyUrl}`);
}

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** VmRSS of a process in bytes (Linux), or undefined once it is gone. */
export function residentBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples every process' VmRSS while `work` runs; resolves with its result and the peaks. */
export async function withPeakMemory(children, work, intervalMs = 200) {
  const peaks = new Map(children.map((child) => [child.benchName, 0]));
  const sample = () => {
    for (const child of children) {
      const bytes = residentBytes(child.pid) ?? 0;
      if (bytes > peaks.get(child.benchName)) peaks.set(child.benchName, bytes);
    }
  };
  const timer = setInterval(sample, intervalMs);
  try {
    const result = await work();
    sample();
    return { result, peaks };
  } finally {
    clearInterval(timer);
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms (Linux). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU time (user + system) PostgreSQL has used so far, in ms (Linux; the server must run on this
 * machine): every live process named postgres, plus what the postmaster's ended children used.
 * Readable only for a server this user may inspect; undefined otherwise.
 */
export function postgresCpuMs() {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== 'postgres') continue;
    found = true;
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // utime, stime; for the postmaster (parent not postgres) also cutime, cstime of reaped children.
    total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? (total * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
}
