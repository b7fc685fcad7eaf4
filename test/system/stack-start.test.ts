import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { startStack, type ProcessName } from './support/stack';

/** Processes whose environment holds `marker`, read from /proc. */
function processesMarked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

describe('a stack that fails to start', () => {
  it('leaves none of its processes running, those still starting when one failed included', async () => {
    const marker = `PROBEDGE_STACK_MARK=${randomBytes(6).toString('hex')}`;
    const [name, value] = marker.split('=') as [string, string];
    const processes: ProcessName[] = ['content', 'billing', 'markets', 'gateway'];
    const env = Object.fromEntries(processes.map((process) => [process, { [name]: value }]));
    // An invalid port: markets exits at once on its configuration while the others still start.
    env.markets = { ...env.markets, PORT: 'not-a-port' };

    await expect(startStack({ processes, env })).rejects.toThrow(/markets/);
    expect(processesMarked(marker)).toEqual([]);
  });
});
