import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instructions, parseDockerfile, type Stage } from './support/dockerfile';
import { servicesWithDatabase } from './support/files';

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'deploy', 'docker', 'prune-deps.sh');
const CLIENT = path.join(ROOT, 'node_modules', '@prisma', 'client');
/** The services with a generated Prisma client (those with a database). */
const SERVICES = servicesWithDatabase();

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/** Every @prisma/client file a generated client imports, e.g. runtime/client.js. */
function clientImports(): string[] {
  const found = new Set<string>();
  for (const service of SERVICES) {
    const generated = path.join(ROOT, 'services', service, 'src', 'generated', 'prisma');
    for (const file of filesUnder(generated)) {
      const text = readFileSync(path.join(generated, file), 'utf8');
      for (const [, specifier] of text.matchAll(/["']@prisma\/client\/([^"']+)["']/g)) {
        found.add(path.extname(specifier) ? specifier : `${specifier}.js`);
      }
    }
  }
  return [...found].sort();
}

describe('deploy/docker/prune-deps.sh', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'prune-deps-'));
    // The real Prisma client's file names (contents do not matter), and a typical package.
    for (const file of filesUnder(CLIENT)) {
      const target = path.join(dir, 'node_modules', '@prisma', 'client', file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, 'x');
    }
    const pkg = path.join(dir, 'node_modules', 'some-lib');
    for (const folder of ['dist/testing', 'test/unit', 'tests', 'benchmarks', 'examples']) {
      mkdirSync(path.join(pkg, folder), { recursive: true });
    }
    for (const file of [
      'package.json',
      'LICENSE.md',
      'README.md',
      'CHANGELOG.md',
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.mjs',
      'dist/data.json',
      'dist/index.d.ts',
      'dist/index.d.cts',
      'dist/index.js.map',
      'dist/source.ts',
      'dist/testing/helpers.js',
      'dist/test.js',
      'test/unit/index.test.js',
      'tests/fixture.json',
      'benchmarks/run.js',
      'examples/hello.js',
    ]) {
      writeFileSync(path.join(pkg, file), 'x');
    }
    // A nested node_modules (npm nests under a workspace) is pruned the same way.
    const nested = path.join(dir, 'services', 'news', 'node_modules', 'entities');
    mkdirSync(nested, { recursive: true });
    writeFileSync(path.join(nested, 'index.js'), 'x');
    writeFileSync(path.join(nested, 'index.d.ts'), 'x');
    execFileSync('sh', [SCRIPT, dir]);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every Prisma client file the generated clients import, and nothing else of it but its licence', () => {
    expect(SERVICES.length).toBeGreaterThan(0);
    const imports = clientImports();
    expect(imports).toContain('runtime/client.js');
    const kept = filesUnder(path.join(dir, 'node_modules', '@prisma', 'client')).sort();
    expect(kept).toEqual(['LICENSE', 'package.json', ...imports].sort());
  });

  it('keeps code, data and licences; drops declarations, sources, maps, documents, tests, benchmarks and examples', () => {
    expect(filesUnder(path.join(dir, 'node_modules', 'some-lib')).sort()).toEqual([
      'LICENSE.md',
      'dist/data.json',
      'dist/index.cjs',
      'dist/index.js',
      'dist/index.mjs',
      'dist/test.js',
      'dist/testing/helpers.js',
      'package.json',
    ]);
    expect(filesUnder(path.join(dir, 'services', 'news', 'node_modules'))).toEqual([
      path.join('entities', 'index.js'),
    ]);
  });
});

describe.each(['deploy/docker/service.Dockerfile', 'deploy/docker/gateway.Dockerfile'])(
  'the runtime of %s',
  (dockerfile) => {
    const stages = parseDockerfile(dockerfile);
    const last = stages[stages.length - 1];

    it('is Debian slim with the node binary of the build image, so npm, yarn and corepack stay out', () => {
      expect(last.image).toBe('${DEBIAN_IMAGE}');
      const copies = instructions(last, 'COPY').map((copy) => copy.args);
      expect(copies).toContain('--from=manifests /usr/local/bin/node /usr/local/bin/node');
      expect(copies.some((copy) => /npm|corepack|yarn/.test(copy))).toBe(false);
    });

    it('prunes the gathered dependencies', () => {
      const deps = stages.find((stage) => stage.name === 'deps');
      const runs = instructions(deps as Stage, 'RUN').map((run) => run.args);
      expect(
        runs.some((run) =>
          /gather-deps \/deps .*&& sh \/usr\/local\/bin\/prune-deps \/deps$/s.test(run),
        ),
      ).toBe(true);
    });
  },
);
