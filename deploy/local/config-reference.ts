import path from 'node:path';
import { z } from 'zod';
import { gatewayShape } from '../../gateway/src/config/env';
import { configShape as billingShape } from '../../services/billing/src/config/env';
import { configShape as contentShape } from '../../services/content/src/config/env';
import { configShape as insightsShape } from '../../services/insights/src/config/env';
import { configShape as marketsShape } from '../../services/markets/src/config/env';
import { configShape as newsShape } from '../../services/news/src/config/env';

/**
 * The configuration reference, written from the programs' schemas: each variable's meaning is its
 * schema's description (`.describe()`, or `.meta()` with `examples`), its readers the schemas that
 * hold it, its default the schema's. `make config-docs` (deploy/local/config-docs.mjs) writes the
 * files; deploy/test/config-docs.test.ts fails when they differ.
 */

const ROOT = path.resolve(__dirname, '..', '..');

/** The programs with a validated schema; an API and its worker share their service's. */
const PROGRAMS: { name: string; source: string; shape: z.ZodRawShape }[] = [
  { name: 'content', source: 'services/content/src/config/env.ts', shape: contentShape },
  { name: 'news', source: 'services/news/src/config/env.ts', shape: newsShape },
  { name: 'insights', source: 'services/insights/src/config/env.ts', shape: insightsShape },
  { name: 'billing', source: 'services/billing/src/config/env.ts', shape: billingShape },
  { name: 'markets', source: 'services/markets/src/config/env.ts', shape: marketsShape },
  { name: 'gateway', source: 'gateway/src/config/env.ts', shape: gatewayShape },
];

/** A variable read outside the schemas; without a description, one of a schema also read there. */
export interface OutsideVariable {
  name: string;
  description?: string;
  default?: string;
  example?: string;
  /** Set, not commented out, in .env.example: the value only .env can give. */
  set?: boolean;
}

/** The readers without a zod schema: the web build, the local stack runner, the tests, compose. */
export const OUTSIDE_READERS: { name: string; source: string; variables: OutsideVariable[] }[] = [
  {
    name: 'web build',
    source: 'web/vite.config.ts',
    variables: [
      { name: 'BRAND_NAME' },
      {
        name: 'BRAND_SUBTITLE',
        description: 'Subtitle in the navigation.',
        default: 'Probability-based trading intelligence',
      },
      { name: 'SUPPORT_EMAIL' },
      { name: 'PUBLIC_URL' },
      {
        name: 'SCANNER_URL',
        description: 'Address of the external free scanner.',
        default: 'https://scanner.probedge.example',
      },
      {
        name: 'PRO_APP_URL',
        description: 'Address of the external Professional Trading App.',
        default: 'https://app.probedge.example',
      },
      {
        name: 'PRICE_VALID_UNTIL',
        description:
          "The offer's `priceValidUntil` (YYYY-MM-DD) in structured data, by default the last day of the build's year; once past, pages (and the gateway, for prerendered ones) use the current year's end.",
        example: '2026-12-31',
      },
    ],
  },
  {
    name: 'local stack',
    source: 'deploy/local/stack.mjs',
    variables: [
      {
        name: 'POSTGRES_ADMIN_URL',
        description: 'PostgreSQL server where `make up` creates its databases.',
        default: 'postgresql://postgres@127.0.0.1:5432/postgres',
      },
      { name: 'REDIS_URL' },
      {
        name: 'STACK_PORT_OFFSET',
        description:
          'Number added to every port of the stack (the browser tests use 10000). Ports stay below 32768, where outgoing connections take theirs: a larger offset is refused, naming the largest allowed.',
        default: '0',
      },
      {
        name: 'STACK_DB_SUFFIX',
        description: 'Suffix of every database name of the stack (the browser tests use `_e2e`).',
        default: '',
      },
    ],
  },
  {
    name: 'tests',
    source: 'services/kit/src/testing/database.ts',
    variables: [
      {
        name: 'TEST_DATABASE_ADMIN_URL',
        description: 'PostgreSQL server where the tests create their databases.',
        default: 'postgresql://postgres@127.0.0.1:5432/postgres',
      },
    ],
  },
  {
    name: 'docker compose',
    source: 'docker-compose.yml',
    variables: [
      {
        name: 'COMPOSE_PROJECT_NAME',
        description:
          'Name of the compose project, after which its containers, network and volumes are named; Compose v1 and v2 read it only from .env.',
        example: 'probedge',
        set: true,
      },
      {
        name: 'PROBEDGE_TAG',
        description: "Tag of the platform's images.",
        default: 'local',
      },
      { name: 'WEB_PORT', description: 'Published port of the gateway.', default: '8080' },
      {
        name: 'QUEUE_DASHBOARD_PORT',
        description:
          "Loopback port of the insights worker's queue dashboard (`/admin/queues`, needs `INSIGHTS_ADMIN_TOKEN`).",
        default: '4103',
      },
      {
        name: 'MAIL_INBOX_PORT',
        description: "Loopback port of the mail catcher's inbox.",
        default: '1080',
      },
      {
        name: 'NODE_IMAGE',
        description:
          'Base image of the builds; `make images` picks a local stand-in where none can be pulled.',
        default: 'node:24-bookworm-slim',
      },
      {
        name: 'DEBIAN_IMAGE',
        description:
          'Base of the runtime images: Debian slim plus the node binary from NODE_IMAGE.',
        default: 'debian:bookworm-slim',
      },
      {
        name: 'POSTGRES_IMAGE',
        description: 'Image of PostgreSQL.',
        default: 'postgres:16-alpine',
      },
      { name: 'REDIS_IMAGE', description: 'Image of Redis.', default: 'redis:7-alpine' },
      {
        name: 'MAILDEV_IMAGE',
        description: 'Image of the mail catcher.',
        default: 'maildev/maildev:2.2.1',
      },
      {
        name: 'POSTGRES_PASSWORD',
        description: "Password of the compose PostgreSQL, in every service's database URL.",
        default: 'probedge',
      },
    ],
  },
];

interface Variable {
  name: string;
  description: string;
  readBy: string[];
  /** Per reader with a default, its value. */
  defaults: { reader: string; value: string }[];
  required: boolean;
  example?: string;
  set: boolean;
}

interface JsonProperty {
  description?: string;
  default?: unknown;
  examples?: unknown[];
}

/** A default as written in the environment; a path inside the repository as seen from its root. */
function shown(value: unknown): string {
  const text = String(value);
  if (path.isAbsolute(text) && text.startsWith(ROOT + path.sep)) {
    return path.relative(ROOT, text).split(path.sep).join('/');
  }
  return text;
}

/** Every variable, from the schemas and then the readers outside them. */
function variables(): Variable[] {
  const found = new Map<string, Variable>();
  const descriptions = new Map<string, { reader: string; text: string }[]>();
  for (const program of PROGRAMS) {
    // The input side gives a default as written in the environment; a default given after a
    // transform (the booleans) shows only on the output side.
    const [schema, output] = (['input', 'output'] as const).map(
      (io) =>
        z.toJSONSchema(z.object(program.shape), { io, unrepresentable: 'any' }) as {
          properties: Record<string, JsonProperty>;
          required?: string[];
        },
    );
    for (const [name, property] of Object.entries(schema.properties)) {
      const fallback = property.default ?? output.properties[name]?.default;
      const variable = found.get(name) ?? {
        name,
        description: '',
        readBy: [],
        defaults: [],
        required: false,
        set: false,
      };
      found.set(name, variable);
      variable.readBy.push(program.name);
      if (fallback !== undefined) {
        variable.defaults.push({ reader: program.name, value: shown(fallback) });
      }
      if (schema.required?.includes(name)) variable.required = true;
      if (property.examples?.length) variable.example ??= String(property.examples[0]);
      if (property.description) {
        descriptions.set(name, [
          ...(descriptions.get(name) ?? []),
          { reader: program.name, text: property.description },
        ]);
      }
    }
  }
  for (const [name, variable] of found) {
    const texts = descriptions.get(name) ?? [];
    const distinct = [...new Set(texts.map((entry) => entry.text))];
    if (distinct.length === 0) {
      throw new Error(`${name} has no description: add .describe() to it in its schema`);
    }
    if (distinct.length > 1) {
      throw new Error(
        `${name} means different things in ${texts.map((entry) => entry.reader).join(', ')}: describe it once (kit's sharedEnv)`,
      );
    }
    variable.description = distinct[0];
  }
  for (const reader of OUTSIDE_READERS) {
    for (const outside of reader.variables) {
      const known = found.get(outside.name);
      if (known) {
        if (outside.description) throw new Error(`${outside.name} is described by its schema`);
        known.readBy.push(reader.name);
        continue;
      }
      if (!outside.description) throw new Error(`${outside.name} needs a description`);
      found.set(outside.name, {
        name: outside.name,
        description: outside.description,
        readBy: [reader.name],
        defaults:
          outside.default === undefined ? [] : [{ reader: reader.name, value: outside.default }],
        required: false,
        example: outside.example,
        set: outside.set ?? false,
      });
    }
  }
  return [...found.values()];
}

const READERS = [...PROGRAMS.map((program) => program.name), ...OUTSIDE_READERS.map((r) => r.name)];
const SEVERAL = 'several programs';

/** Where a variable is listed: with its only reader, or among those several read. */
const sectionOf = (variable: Variable) =>
  variable.readBy.length === 1 ? variable.readBy[0] : SEVERAL;

function sorted(all: Variable[]): Variable[] {
  const order = [SEVERAL, ...READERS];
  return all
    .map((variable, index) => ({ variable, index }))
    .sort(
      (a, b) =>
        order.indexOf(sectionOf(a.variable)) - order.indexOf(sectionOf(b.variable)) ||
        a.index - b.index,
    )
    .map(({ variable }) => variable);
}

const code = (value: string) => (value === '' ? 'empty' : `\`${value}\``);

/**
 * The defaults in words: one value, one pattern with the reader's name (`probedge_<reader>`), or
 * the most common value with the exceptions.
 */
function defaultText(variable: Variable): string {
  const { defaults } = variable;
  if (defaults.length === 0) return variable.required ? '**required**' : 'unset';
  const patterns = new Set(
    defaults.map(({ reader, value }) => value.split(reader).join('<service>')),
  );
  if (new Set(defaults.map(({ value }) => value)).size === 1) return code(defaults[0].value);
  if (patterns.size === 1 && defaults.length > 1) return code([...patterns][0]);
  const counts = new Map<string, number>();
  for (const { value } of defaults) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [common, times] = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (times > 1) {
    const others = defaults.filter(({ value }) => value !== common);
    return `${code(common)} (${others.map(({ reader, value }) => `${reader} ${code(value)}`).join(', ')})`;
  }
  return defaults.map(({ reader, value }) => `${reader} ${code(value)}`).join(', ');
}

/** Text filled to `width` columns, each line after the first starting with `indent`. */
function wrap(text: string, width: number, first: string, indent: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(' ')) {
    const start = line === first || line === indent;
    if (!start && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line += (start ? '' : ' ') + word;
    }
  }
  lines.push(line);
  return lines;
}

/** A Markdown table laid out as Prettier lays it out. */
function table(header: string[], rows: string[][]): string[] {
  const cells = rows.map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...cells.map((row) => [...row[column]].length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)];
}

function readmeTable(all: Variable[]): string[] {
  return table(
    ['variable', 'read by', 'default', 'meaning'],
    sorted(all).map((variable) => [
      `\`${variable.name}\``,
      variable.readBy.join(', '),
      defaultText(variable),
      variable.description,
    ]),
  );
}

function envExample(all: Variable[]): string {
  const lines = [
    '# Every variable ProbEdge reads, with its meaning and its default (or an example). Copy to .env',
    '# and change what you need: a commented-out line shows the value that holds while it is unset.',
    '# Written by `make config-docs` from the configuration schemas: edit the descriptions there.',
  ];
  let section = '';
  for (const variable of sorted(all)) {
    if (sectionOf(variable) !== section) {
      section = sectionOf(variable);
      lines.push('', `# --- ${section} ---`);
    }
    lines.push(...wrap(variable.description, 100, '# ', '# '));
    const values = new Set(variable.defaults.map(({ value }) => value));
    if (values.size > 1) {
      const text = defaultText(variable).replaceAll('`', '');
      lines.push(...wrap(`Default: ${text}`, 100, '# ', '# '));
    }
    const value = variable.defaults[0]?.value || (variable.example ?? '');
    lines.push(`${variable.set || variable.required ? '' : '# '}${variable.name}=${value}`);
  }
  return `${lines.join('\n')}\n`;
}

function perReader(all: Variable[]): string[] {
  const sources = new Map(
    [...PROGRAMS, ...OUTSIDE_READERS].map((reader) => [reader.name, reader.source]),
  );
  const everyProgram = all.filter((variable) =>
    PROGRAMS.every((program) => variable.readBy.includes(program.name)),
  );
  const item = (title: string, names: string[]) =>
    wrap(`${title}: ${names.map((name) => `\`${name}\``).join(', ')}.`, 100, '- ', '  ');
  const lines = item(
    '**Every program**',
    everyProgram.map((variable) => variable.name),
  );
  for (const reader of READERS) {
    const source = sources.get(reader) as string;
    const names = all
      .filter((variable) => variable.readBy.includes(reader) && !everyProgram.includes(variable))
      .map((variable) => variable.name);
    lines.push(...item(`**${reader}** ([\`${source}\`](../${source}))`, names));
  }
  return lines;
}

const START = '<!-- config-docs:start -->';
const END = '<!-- config-docs:end -->';

/** The text with the part between the markers replaced. */
function between(file: string, text: string, generated: string[]): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} markers`);
  return `${text.slice(0, start + START.length)}\n\n${generated.join('\n')}\n\n${text.slice(end)}`;
}

/** The files as the schemas describe them, given how each reads now (for its hand-written parts). */
export function configDocs(read: (file: string) => string): Record<string, string> {
  const all = variables();
  return {
    'README.md': between('README.md', read('README.md'), readmeTable(all)),
    '.env.example': envExample(all),
    'docs/configuration.md': between(
      'docs/configuration.md',
      read('docs/configuration.md'),
      perReader(all),
    ),
  };
}
