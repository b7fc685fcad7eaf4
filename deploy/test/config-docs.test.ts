import { configDocs, OUTSIDE_READERS } from '../local/config-reference';
import { composeVariables } from './support/compose';
import { readRepoFile } from './support/files';

const written = configDocs(readRepoFile);

/** Where two texts part, for the failure message. */
function firstDifference(actual: string, expected: string): string {
  const [have, want] = [actual.split('\n'), expected.split('\n')];
  const line = have.findIndex((text, index) => text !== want[index]);
  const at = line < 0 ? have.length : line;
  return `line ${at + 1}:\n  now:       ${have[at] ?? '(end)'}\n  schemas:   ${want[at] ?? '(end)'}`;
}

const outside = (reader: string): string[] => {
  const found = OUTSIDE_READERS.find((candidate) => candidate.name === reader);
  if (!found) throw new Error(`no reader ${reader}`);
  return found.variables.map((variable) => variable.name).sort();
};

const namesIn = (text: string, pattern: RegExp) =>
  [...new Set([...text.matchAll(pattern)].map((match) => match[1]))].sort();

describe('the configuration reference (make config-docs)', () => {
  it.each(Object.keys(written))('%s says what the config schemas say', (file) => {
    const actual = readRepoFile(file);
    if (actual !== written[file]) {
      throw new Error(
        `${file} differs from the config schemas: run \`make config-docs\` (the descriptions live on the schemas)\n${firstDifference(actual, written[file])}`,
      );
    }
  });

  it('lists the variables the web build reads, as web/vite.config.ts reads them', () => {
    const source = readRepoFile('web/vite.config.ts');
    expect(outside('web build')).toEqual(namesIn(source, /\b\w+\('([A-Z][A-Z0-9_]+)'/g));
  });

  it("lists the local stack's own settings, as deploy/local/stack.mjs reads them", () => {
    const source = readRepoFile('deploy/local/stack.mjs');
    const settings = /export function stackSettings\([^)]*\) \{[\s\S]*?\n\}\n/.exec(source)?.[0];
    expect(outside('local stack')).toEqual(namesIn(settings ?? '', /\benv\.([A-Z][A-Z0-9_]+)/g));
  });

  it("lists the tests' settings, as the test kit reads them", () => {
    const source = readRepoFile('services/kit/src/testing/database.ts');
    expect(outside('tests')).toEqual(namesIn(source, /\b([A-Z][A-Z0-9_]+): z\./g));
  });

  it('documents every variable docker-compose.yml reads from .env', () => {
    const documented = namesIn(written['.env.example'], /^(?:# )?([A-Z][A-Z0-9_]+)=/gm);
    expect(composeVariables().filter((name) => !documented.includes(name))).toEqual([]);
    expect(outside('docker compose').filter((name) => !composeVariables().includes(name))).toEqual([
      'COMPOSE_PROJECT_NAME',
    ]);
  });
});
