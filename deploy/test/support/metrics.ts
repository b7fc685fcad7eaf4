import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { readRepoFile, repoPath, workspaces } from './files';

/** A metric the code defines: its type decides which series names exist (a histogram's `_bucket`…). */
export interface ExportedMetric {
  name: string;
  type: 'histogram' | 'other';
  /** The labels the code declares, plus `service` (every series carries it). */
  labels: string[];
  /** The source folder that defines it (label values are looked for there). */
  sourceDir: string;
}

/**
 * Where the processes define their metrics (prom-client through the kit's `Metrics`): the sources of
 * every server workspace (the kit, each service, the gateway), not the shared types or the web.
 */
export const METRIC_SOURCES = workspaces()
  .filter((dir) => !['proto', 'web'].includes(dir))
  .map((dir) => `${dir}/src`);

/** Labels Prometheus adds to every target of the PodMonitor (not the code's). */
export const TARGET_LABELS = ['namespace', 'pod', 'container', 'endpoint', 'job', 'instance'];

function sourceFiles(dir: string): string[] {
  return readdirSync(repoPath(dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(relative);
    return /\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) ? [relative] : [];
  });
}

/** The prom-client default metrics (the kit calls collectDefaultMetrics): names as the library writes them. */
function defaultMetrics(): ExportedMetric[] {
  const kit = readRepoFile('services/kit/src/metrics/metrics.ts');
  if (!/collectDefaultMetrics\(\{ register: this\.registry \}\)/.test(kit)) return [];
  const dir = path.dirname(require.resolve('prom-client/lib/metrics/eventLoopLag.js'));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const type = source.includes('new Histogram(') ? 'histogram' : 'other';
      return [...source.matchAll(/=\s*'((?:process|nodejs)_[a-z0-9_]+)'/g)].map((match) => ({
        name: match[1],
        type: type as ExportedMetric['type'],
        labels: ['service'],
        sourceDir: 'services/kit/src',
      }));
    });
}

/**
 * Every metric the processes export, read from the code: each `name: '…', help: …` of a counter,
 * gauge or histogram under METRIC_SOURCES, and prom-client's default metrics.
 */
export function exportedMetrics(): Map<string, ExportedMetric> {
  const found = new Map<string, ExportedMetric>();
  for (const dir of METRIC_SOURCES) {
    for (const file of sourceFiles(dir)) {
      const source = readRepoFile(file);
      for (const match of source.matchAll(/name:\s*'([a-z_:][a-z0-9_:]*)',\s*help:/g)) {
        const index = match.index ?? 0;
        const definition = source.slice(index, source.indexOf('})', index));
        const before = source.slice(Math.max(0, index - 40), index);
        const labelList = /labelNames:\s*\[([^\]]*)\]/.exec(definition)?.[1] ?? '';
        found.set(match[1], {
          name: match[1],
          type: /new Histogram\(\{\s*$/.test(before) ? 'histogram' : 'other',
          labels: ['service', ...[...labelList.matchAll(/'([^']+)'/g)].map((label) => label[1])],
          sourceDir: dir,
        });
      }
    }
  }
  for (const metric of defaultMetrics())
    if (!found.has(metric.name)) found.set(metric.name, metric);
  return found;
}

/** The exported metric a series name belongs to (`x_bucket` of histogram `x`), if any. */
export function metricOfSeries(
  exported: Map<string, ExportedMetric>,
  series: string,
): ExportedMetric | undefined {
  const direct = exported.get(series);
  if (direct) return direct;
  const suffix = /^(.+)_(bucket|count|sum)$/.exec(series);
  const base = suffix ? exported.get(suffix[1]) : undefined;
  return base?.type === 'histogram' ? base : undefined;
}

export interface Selector {
  metric?: string;
  matchers: { label: string; op: string; value: string }[];
}

export interface ParsedPromQL {
  syntaxErrors: string[];
  selectors: Selector[];
  /** Labels named in `by (…)`, `without (…)`, `on (…)`, `ignoring (…)` and `group_left (…)`. */
  groupingLabels: string[];
}

function unquote(literal: string): string {
  return JSON.parse(literal.startsWith("'") ? `"${literal.slice(1, -1)}"` : literal) as string;
}

/** PromQL parsed with Prometheus's own grammar (lezer-promql): its syntax errors and selectors. */
export function parsePromQL(expr: string): ParsedPromQL {
  const tree = parser.parse(expr);
  const syntaxErrors: string[] = [];
  const selectors: Selector[] = [];
  const groupingLabels: string[] = [];
  tree.iterate({
    enter(node) {
      if (node.name === 'GroupingLabels') {
        for (const label of node.node.getChildren('LabelName')) {
          groupingLabels.push(expr.slice(label.from, label.to));
        }
      }
      if (node.type.isError) {
        syntaxErrors.push(
          `at ${node.from}: ${JSON.stringify(expr.slice(node.from, node.from + 30))}`,
        );
      }
      if (node.name !== 'VectorSelector') return;
      const identifier = node.node.getChild('Identifier');
      const matchers: Selector['matchers'] = [];
      const list = node.node.getChild('LabelMatchers');
      for (const matcher of list?.getChildren('UnquotedLabelMatcher') ?? []) {
        const label = matcher.getChild('LabelName');
        const op = matcher.getChild('MatchOp');
        const value = matcher.getChild('StringLiteral');
        if (!label || !op || !value) continue;
        matchers.push({
          label: expr.slice(label.from, label.to),
          op: expr.slice(op.from, op.to),
          value: unquote(expr.slice(value.from, value.to)),
        });
      }
      selectors.push({
        metric: identifier ? expr.slice(identifier.from, identifier.to) : undefined,
        matchers,
      });
    },
  });
  return { syntaxErrors, selectors, groupingLabels };
}

/** A regular expression that is only alternatives of plain words (`failed|undeliverable`), split. */
export function literalAlternatives(value: string): string[] | undefined {
  return /^[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*$/.test(value) ? value.split('|') : undefined;
}

const folderSources = new Map<string, string>();

/** Does the folder's source name this value as a string literal? */
function folderMentions(dir: string, value: string): boolean {
  if (!folderSources.has(dir)) {
    folderSources.set(
      dir,
      sourceFiles(dir)
        .map((file) => readRepoFile(file))
        .join('\n'),
    );
  }
  return (folderSources.get(dir) as string).includes(`'${value}'`);
}

/**
 * What is wrong with one PromQL expression against the exported metrics: syntax errors, series the
 * code does not export, labels it does not set, and literal label values that appear nowhere in
 * the source of the metric's package. `values` overrides where a label's values come from.
 */
export function promqlProblems(
  expr: string,
  exported: Map<string, ExportedMetric>,
  values: Record<string, (value: string) => boolean> = {},
): string[] {
  const { syntaxErrors, selectors, groupingLabels } = parsePromQL(expr);
  const problems = syntaxErrors.map((error) => `syntax error ${error}`);
  const available = new Set([...TARGET_LABELS, 'le']);
  for (const selector of selectors) {
    if (!selector.metric) {
      problems.push('a selector without a metric name');
      continue;
    }
    const metric = metricOfSeries(exported, selector.metric);
    if (!metric) {
      problems.push(`${selector.metric}: not exported by the code`);
      continue;
    }
    metric.labels.forEach((label) => available.add(label));
    for (const { label, op, value } of selector.matchers) {
      if (TARGET_LABELS.includes(label)) continue;
      if (label === 'le' && metric.type === 'histogram') continue;
      if (!metric.labels.includes(label)) {
        problems.push(`${selector.metric}{${label}}: not a label of ${metric.name}`);
        continue;
      }
      const alternatives = op === '=' || op === '!=' ? [value] : literalAlternatives(value);
      if (!alternatives) continue;
      const known = values[label] ?? ((candidate) => folderMentions(metric.sourceDir, candidate));
      for (const alternative of alternatives) {
        if (!known(alternative)) {
          problems.push(
            `${selector.metric}{${label}${op}"${value}"}: no such value "${alternative}"`,
          );
        }
      }
    }
  }
  for (const label of groupingLabels) {
    if (!available.has(label)) problems.push(`grouping by ${label}: no selected metric has it`);
  }
  return problems;
}

/**
 * The `service` label a process's metrics carry: `SERVICE_NAME` of its package's app module (APIs,
 * gateway) or `WORKER_NAME` of its worker module, as given to the kit's `Metrics`.
 */
export function serviceLabelOf(packageDir: string, role: 'api' | 'worker' | 'gateway'): string {
  const [file, constant] =
    role === 'worker' ? ['worker.module.ts', 'WORKER_NAME'] : ['app.module.ts', 'SERVICE_NAME'];
  const source = readRepoFile(`${packageDir}/src/${file}`);
  const match = new RegExp(`export const ${constant} = '([^']+)'`).exec(source);
  if (!match) throw new Error(`${packageDir}/src/${file} exports no ${constant}`);
  return match[1];
}
