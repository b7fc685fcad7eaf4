import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { TurnBatchedLines } from './turn-batched-lines';

/** A target that records each write it is handed. */
function recordingTarget() {
  const writes: string[] = [];
  return { writes, target: { write: (text: string) => writes.push(text), flushSync: jest.fn() } };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatchedLines', () => {
  it('writes the lines of one turn together, in order, once that turn is over', async () => {
    const { writes, target } = recordingTarget();
    const lines = new TurnBatchedLines(target);
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(writes).toEqual([]);

    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);

    lines.write('d\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
    lines.end();
  });

  it("writes what is pending at once on pino's flush, then calls back", () => {
    const { writes, target } = recordingTarget();
    const lines = new TurnBatchedLines(target);
    lines.write('a\n');
    const done = jest.fn();
    lines.flush(done);
    expect(writes).toEqual(['a\n']);
    expect(target.flushSync).toHaveBeenCalled();
    expect(done).toHaveBeenCalled();
    lines.end();
  });

  it.each([
    ['exits', 'process.exit(3)', 3],
    ['throws', "throw new Error('boom')", 1],
  ])('a process that %s right after logging still writes the line', (_how, end, code) => {
    // The built module, as the services run it (make builds before the tests).
    const module = path.join(__dirname, '../../dist/logging/turn-batched-lines.js');
    const script = [
      `const { stdoutLines } = require(${JSON.stringify(module)});`,
      "stdoutLines().write('last words\\n');",
      end,
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(code);
    expect(run.stdout).toBe('last words\n');
  });
});
