import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PROTO_DIR = path.join(__dirname, '..');
const COMMITTED = path.join(__dirname, 'generated');

/** Every file under `dir`, as paths relative to it, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('the generated gRPC types', () => {
  let fresh: string;

  beforeAll(() => {
    fresh = mkdtempSync(path.join(tmpdir(), 'probedge-grpc-types-'));
    execFileSync(process.execPath, [
      path.join(PROTO_DIR, 'scripts', 'generate-grpc-types.mjs'),
      fresh,
    ]);
  });

  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('are what `make proto` writes from the .proto files today, byte for byte', () => {
    expect(files(COMMITTED)).toEqual(files(fresh));
    for (const file of files(fresh)) {
      const committed = readFileSync(path.join(COMMITTED, file));
      const generated = readFileSync(path.join(fresh, file));
      // A failure here means a .proto changed without `make proto`, or a generated file was edited.
      expect({ file, same: committed.equals(generated) }).toEqual({ file, same: true });
    }
  });
});
