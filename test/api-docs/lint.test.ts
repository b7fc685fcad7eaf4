import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { serviceDocuments, type ServiceDocuments } from './support/documents';

const ROOT = path.resolve(__dirname, '..', '..');
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const CONFIG = path.join(__dirname, 'redocly.yaml');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Problem[];
}

/** `redocly lint` of one JSON file, in this Node; it exits non-zero on errors, its report is on stdout. */
function lint(file: string): Promise<LintReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--config', CONFIG, '--format', 'json', file],
      {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(new Error(`redocly lint gave no report: ${error?.message ?? ''}\n${stderr}`));
        }
      },
    );
  });
}

function listed(name: string, report: LintReport): string[] {
  return report.problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId} ${name}${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
  );
}

describe('the API documents', () => {
  let documents: ServiceDocuments[];
  let dir: string;

  beforeAll(async () => {
    documents = await serviceDocuments();
    dir = mkdtempSync(path.join(tmpdir(), 'api-docs-'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, document: OpenAPIObject) => {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(document, null, 2));
    return file;
  };

  it('pass the OpenAPI linter with no error and no warning, as /api/docs publishes them', async () => {
    const reports = await Promise.all(
      documents.map(async ({ service, published }) => ({
        service,
        report: await lint(write(service, published)),
      })),
    );
    expect(reports.flatMap(({ service, report }) => listed(service, report))).toEqual([]);
    for (const { report } of reports) {
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    }
  });

  it('would fail an operation without a description or a property without an example', async () => {
    const { published } = documents.find(({ service }) => service === 'news')!;
    const broken = structuredClone(published);
    delete broken.paths['/api/business']!.get!.description;
    const article = broken.components!.schemas!.ArticleDto as {
      properties: Record<string, object>;
    };
    article.properties.title = { type: 'string', description: 'The headline' };
    const report = await lint(write('news-broken', broken));
    expect(report.problems.map((problem) => problem.ruleId).sort()).toEqual([
      'operation-description',
      'scalar-property-missing-example',
    ]);
  });
});
