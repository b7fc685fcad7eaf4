import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export function repoPath(...segments: string[]): string {
  return path.join(ROOT, ...segments);
}

export function readRepoFile(relative: string): string {
  return readFileSync(repoPath(relative), 'utf8');
}

export function repoFileExists(relative: string): boolean {
  return existsSync(repoPath(relative));
}

/** `dist/worker.js` of a package is compiled from `src/worker.ts` (tsconfig.build: rootDir src, outDir dist). */
export function sourceOfEntry(packageDir: string, entry: string): string {
  const match = /^dist\/(.+)\.js$/.exec(entry);
  if (!match) throw new Error(`${entry} is not a dist/*.js entry`);
  return path.posix.join(packageDir, 'src', `${match[1]}.ts`);
}

/** The workspaces of the root package.json, in their order (`proto`, `services/kit`, ...). */
export function workspaces(): string[] {
  return (JSON.parse(readRepoFile('package.json')) as { workspaces: string[] }).workspaces;
}

/**
 * The services with a database of their own, by name (`content`, not `services/content`): the
 * workspaces under services/ with a prisma.config.ts, which migrations, DATABASE_URL and the
 * migration step come with. A service without one would have none of them.
 */
export function servicesWithDatabase(): string[] {
  return workspaces()
    .filter((dir) => dir.startsWith('services/') && repoFileExists(`${dir}/prisma.config.ts`))
    .map((dir) => dir.slice('services/'.length));
}
