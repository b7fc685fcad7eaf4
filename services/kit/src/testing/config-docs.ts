import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseShape } from '../config/env';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The service's own variables (the shared base ones aside) that `.env.example` or the README's
 * configuration table does not mention: every variable must be in both.
 */
export function undocumentedVariables(shape: Record<string, unknown>): string[] {
  const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  return Object.keys(shape)
    .filter((key) => !(key in baseShape))
    .filter(
      (key) => !new RegExp(`^#? ?${key}=`, 'm').test(example) || !readme.includes(`| \`${key}\``),
    );
}
