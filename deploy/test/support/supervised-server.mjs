// A stand-in for one process of the local stack, driven by deploy/local/supervisor.mjs as the stack
// drives its services: it starts a small HTTP server (PORT) that answers 200, or, with CRASH set,
// exits at once with code 3. Prints one JSON line per event (started with the child's pid,
// restarted, gave up) so the test can act on them; SIGTERM stops supervision and the server.
import { spawn } from 'node:child_process';
import { supervise } from '../../local/supervisor.mjs';

const server = `
  if (process.env.CRASH) process.exit(3);
  require('node:http')
    .createServer((req, res) => res.end('ok'))
    .listen(Number(process.env.PORT), '127.0.0.1');
`;
const say = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

const supervisor = supervise({
  spawnChild: () => {
    const child = spawn(process.execPath, ['-e', server], { stdio: 'ignore', env: process.env });
    say({ event: 'started', pid: child.pid });
    return child;
  },
  log: (line) => say({ event: 'log', line }),
  onGiveUp: (reason) => {
    say({ event: 'gave-up', reason });
    process.exit(1);
  },
  windowMs: 60_000,
  firstDelayMs: 100,
});
process.once('SIGTERM', () => void supervisor.stop().then(() => process.exit(0)));
