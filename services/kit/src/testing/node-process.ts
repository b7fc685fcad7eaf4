import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes';

export interface NodeProcessOptions {
  /** Shown in errors, e.g. "news-worker". */
  name: string;
  /** Folder the entry point is run from, e.g. the package folder. */
  cwd: string;
  /** The built entry point, relative to cwd, e.g. dist/main.js. */
  script: string;
  env: Record<string, string>;
  /** The HTTP port the process answers /healthz and /readyz on. */
  port: number;
  /** How long start-up may take before the process is killed and the start fails. */
  startTimeoutMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<ExitStatus>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<ExitStatus>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Runs a built entry point of the platform (a service API, a worker, the gateway) as a child process
 * and resolves once its /readyz answers 200; a process that exits or never gets ready fails the start
 * with its output.
 */
export async function startNodeProcess(options: NodeProcessOptions): Promise<NodeProcess> {
  const child = spawn(process.execPath, [options.script], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    // Enough of the tail to explain a failure, without holding a long run's logs in memory.
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${options.port}`;
  const handle: NodeProcess = {
    name: options.name,
    url,
    child,
    exited,
    output: () => log,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!(await answers(`${url}/readyz`))) {
    if (hasExited || Date.now() > deadline) {
      await handle.stop('SIGKILL');
      throw new Error(`${options.name} did not get ready:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return handle;
}

export interface BuiltProcessOptions extends Omit<NodeProcessOptions, 'port'> {
  /** The variable that names the HTTP port, e.g. PORT or NEWS_WORKER_PORT. */
  portVariable: string;
}

/**
 * Built entry points started on free ports as a test needs them; `killAll` ends those still running
 * as a crash would.
 */
export class BuiltProcesses {
  private readonly running: NodeProcess[] = [];

  async start({ portVariable, env, ...options }: BuiltProcessOptions): Promise<NodeProcess> {
    const port = await freePort();
    const started = await startNodeProcess({
      ...options,
      port,
      env: { ...env, [portVariable]: String(port) },
    });
    this.running.push(started);
    return started;
  }

  killAll(): Promise<ExitStatus[]> {
    return Promise.all(this.running.splice(0).map((running) => running.stop('SIGKILL')));
  }
}
