import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, killProcess, waitFor } from '@probedge/kit/testing';

interface Event {
  event: 'started' | 'log' | 'gave-up';
  pid?: number;
  line?: string;
  reason?: string;
}

/** The local stack's supervisor (deploy/local/supervisor.mjs) over a real child process. */
describe('a supervised process of the local stack', () => {
  let driver: ChildProcess | undefined;

  afterEach(async () => {
    if (driver) await killProcess(driver, 'SIGTERM');
    driver = undefined;
  });

  const start = (env: NodeJS.ProcessEnv) => {
    const events: Event[] = [];
    driver = spawn(process.execPath, [path.join(__dirname, 'support', 'supervised-server.mjs')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: driver.stdout! }).on('line', (line) =>
      events.push(JSON.parse(line) as Event),
    );
    return events;
  };
  const answers = async (port: number) =>
    (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.status === 200;

  it('is started again after kill -9, its exit logged, while its supervisor keeps running', async () => {
    const port = await freePort();
    const events = start({ PORT: String(port) });
    await waitFor(() => answers(port), 'the first start');
    const first = events.find((event) => event.event === 'started')!.pid!;

    process.kill(first, 'SIGKILL');
    await waitFor(
      () => events.filter((event) => event.event === 'started').length === 2,
      'a restart',
    );
    await waitFor(() => answers(port), 'answering again', 5000);

    expect(events.find((event) => event.event === 'log')?.line).toBe(
      'exited (killed by SIGKILL); restarting in 0.1 s',
    );
    expect(events.filter((event) => event.event === 'started')[1]!.pid).not.toBe(first);
    expect(driver!.exitCode).toBeNull();
  });

  it('gives up on a process that keeps crashing, saying why', async () => {
    const events = start({ PORT: String(await freePort()), CRASH: '1' });
    await waitFor(() => events.some((event) => event.event === 'gave-up'), 'giving up', 20_000);

    expect(events.filter((event) => event.event === 'started')).toHaveLength(5);
    expect(events.find((event) => event.event === 'gave-up')?.reason).toBe('exit code 3');
    expect(events.filter((event) => event.event === 'log').at(-1)?.line).toBe(
      'exited (exit code 3), 5 times in 60 s: giving up',
    );
    await waitFor(() => driver!.exitCode !== null, 'the supervisor to stop');
    expect(driver!.exitCode).toBe(1);
  });
});
