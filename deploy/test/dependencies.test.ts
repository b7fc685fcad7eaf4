import { readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { readRepoFile, repoPath, workspaces } from './support/files';

/**
 * An image installs only its package's declared production dependencies (npm ci --omit=dev
 * --workspace), so a package that imports something it does not declare works in the monorepo
 * (hoisted by another workspace) and fails in its container at start. Every workspace but the web,
 * whose build is served as files and never runs in Node.
 */
const PACKAGES = workspaces().filter((dir) => dir !== 'web');
/** What runs in an image: the services (not the kit they share) and the gateway. */
const SERVER_PACKAGES = PACKAGES.filter(
  (dir) => (dir.startsWith('services/') && dir !== 'services/kit') || dir === 'gateway',
);

/** Production sources: no specs, no generated client, no test helpers (kit/testing is for tests). */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const full = path.join(current, entry);
      if (statSync(full).isDirectory()) {
        if (!['generated', 'testing', '__tests__'].includes(entry)) walk(full);
      } else if (/\.ts$/.test(entry) && !/\.(spec|test)\.ts$/.test(entry)) {
        out.push(full);
      }
    }
  };
  walk(dir);
  return out;
}

/** Package names a file loads at run time (type-only imports are erased by the compiler). */
export function runtimeImports(text: string): string[] {
  const names = new Set<string>();
  const pattern =
    /^\s*(?:import(?!\s+type\b)[^'"]*?from\s*|import\s*|export\s+(?!type\b)[^'"]*?from\s*)['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? match[2]!;
    if (spec.startsWith('.') || spec.startsWith('node:')) continue;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
    if (builtinModules.includes(name)) continue;
    names.add(name);
  }
  return [...names];
}

describe('runtimeImports', () => {
  it('names the packages a file loads, leaving out type-only imports, relative files and Node', () => {
    const text = [
      "import { Queue } from 'bullmq';",
      "import type { Job } from 'bullmq-pro';",
      "import { readFileSync } from 'node:fs';",
      "import path from 'path';",
      "import { a } from './a';",
      "import '@nestjs/core/setup';",
      "export { b } from '@scope/pkg/sub';",
      "const x = require('entities');",
    ].join('\n');
    expect(runtimeImports(text).sort()).toEqual([
      '@nestjs/core',
      '@scope/pkg',
      'bullmq',
      'entities',
    ]);
  });
});

describe.each(PACKAGES)('%s', (dir) => {
  it('declares every package its production code imports as a dependency', () => {
    const manifest = JSON.parse(readRepoFile(`${dir}/package.json`)) as {
      dependencies?: Record<string, string>;
    };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const undeclared = new Map<string, string>();
    for (const file of sources(repoPath(dir, 'src'))) {
      for (const name of runtimeImports(readRepoFile(path.relative(repoPath(), file)))) {
        if (!declared.has(name)) undeclared.set(name, path.relative(repoPath(), file));
      }
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});

describe('what the service images leave out', () => {
  it('covers every service and the gateway', () => {
    expect(PACKAGES).toEqual(expect.arrayContaining(['proto', 'services/kit', 'services/markets']));
    expect(SERVER_PACKAGES).toEqual(expect.arrayContaining(['services/markets', 'gateway']));
  });

  it.each(SERVER_PACKAGES)(
    '%s keeps the Prisma CLI and TypeScript out of its production dependencies',
    (dir) => {
      const manifest = JSON.parse(readRepoFile(`${dir}/package.json`)) as {
        dependencies?: Record<string, string>;
      };
      // Migrations run in the migration image, which copies the CLI from the full install.
      expect(Object.keys(manifest.dependencies ?? {})).not.toEqual(
        expect.arrayContaining(['prisma']),
      );
      expect(Object.keys(manifest.dependencies ?? {})).not.toEqual(
        expect.arrayContaining(['typescript']),
      );
    },
  );

  it('gives the migration image the Prisma CLI it runs', () => {
    const dockerfile = readRepoFile('deploy/docker/migrate.Dockerfile');
    expect(dockerfile).toContain('node /usr/local/lib/copy-closure.cjs /prisma-cli prisma');
    expect(dockerfile).toContain('COPY --from=build /prisma-cli/ ./');
  });
});
