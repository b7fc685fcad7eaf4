import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { readRepoFile } from './files';

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string | number> };
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }> | string[];
  restart?: string;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  stop_grace_period?: string;
  ports?: string[];
}

/** docker compose's default time between SIGTERM and SIGKILL. */
const DEFAULT_STOP_GRACE_SECONDS = 10;

/** `stop_grace_period` in seconds (compose durations such as `90s`, `1m30s`, `500ms`). */
export function stopGraceSeconds(service: ComposeService): number {
  const value = service.stop_grace_period;
  if (value === undefined) return DEFAULT_STOP_GRACE_SECONDS;
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001, us: 1e-6 };
  let total = 0;
  const rest = value.replace(/(\d+(?:\.\d+)?)(ms|us|h|m|s)/g, (_, amount: string, unit: string) => {
    total += Number(amount) * units[unit];
    return '';
  });
  if (rest.trim() !== '' || value.trim() === '') throw new Error(`bad stop_grace_period ${value}`);
  return total;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/**
 * Compose merges `<<: *anchor` keys (docker-compose.yml shares its environment blocks that way);
 * js-yaml's default schema (YAML 1.2 core) leaves `<<` an ordinary key, so the merge tag is added.
 */
const COMPOSE_SCHEMA = CORE_SCHEMA.withTags(mergeTag);

export function loadCompose(source = readRepoFile('docker-compose.yml')): ComposeFile {
  const parsed = load(source, {
    filename: 'docker-compose.yml',
    schema: COMPOSE_SCHEMA,
  }) as ComposeFile;
  if (!parsed || typeof parsed.services !== 'object')
    throw new Error('docker-compose.yml has no services');
  return parsed;
}

/** Every `${NAME...}` the file reads from the environment or .env. */
export function composeVariables(source = readRepoFile('docker-compose.yml')): string[] {
  return [
    ...new Set([...source.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1])),
  ].sort();
}

/** Compose's interpolation: ${NAME}, ${NAME:-default} (unset or empty), ${NAME-default} (unset). */
export function interpolate(value: string, env: Record<string, string>): string {
  return value
    .replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g,
      (_, name: string, operator, fallback) => {
        const current = env[name];
        if (operator === ':-') return current === undefined || current === '' ? fallback : current;
        if (operator === '-') return current === undefined ? fallback : current;
        return current ?? '';
      },
    )
    .replace(/\$\$/g, '$');
}

/** The environment a compose service's container starts with, given the variables of .env. */
export function serviceEnv(
  service: ComposeService,
  dotenv: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(value === null ? '' : String(value), dotenv),
    ]),
  );
}

/** The image a service runs, with its ${...} resolved. */
export function serviceImage(service: ComposeService, dotenv: Record<string, string> = {}): string {
  return interpolate(service.image ?? '', dotenv);
}

export function dependencies(service: ComposeService): Record<string, string> {
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn))
    return Object.fromEntries(dependsOn.map((name) => [name, 'service_started']));
  return Object.fromEntries(
    Object.entries(dependsOn).map(([name, spec]) => [name, spec.condition]),
  );
}

/** A dependency cycle as a path (`a → b → a`), or undefined when the graph is acyclic. */
export function findCycle(graph: Record<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph[node] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** KEY=VALUE lines of a dotenv file; a later line wins, as in docker compose. */
export function parseDotenv(source: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of source.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]] = match[2].trim();
  }
  return env;
}

/** The URL a healthcheck asks, from its command (`fetch('http://…')` or `wget … http://…`). */
export function healthcheckUrl(service: ComposeService): URL | undefined {
  const test = service.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
  const match = /https?:\/\/[^\s'")]+/.exec(text);
  return match ? new URL(match[0]) : undefined;
}
