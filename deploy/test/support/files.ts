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
