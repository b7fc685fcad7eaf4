import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath, workspaces } from './support/files';

/**
 * Services answer a refused request with the kit's CodedError (a stable code, the HTTP status and
 * the text), which the kit's error filter turns into the same { statusCode, error, message } an
 * HttpException gave. Code of the services' own must not throw Nest's exceptions again: only
 * the framework (routing, validation) produces those.
 */
const FRAMEWORK_EXCEPTION = /\bnew\s+(\w*Exception)\s*\(|\bextends\s+(\w*Exception)\b/;

/** Exceptions that are not HTTP answers, with the reason they stay. */
const ALLOWED: Record<string, string> = {
  // gRPC's status travels in the RpcException Nest's gRPC transport sends; the HTTP filter never
  // sees it.
  RpcException: 'a gRPC status for the news service gRPC clients',
};

/** The shipped TypeScript of every service: src/, without tests and generated clients. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    const test = /\.(spec|test)\.ts$/.test(entry.name);
    return source && !test ? [full] : [];
  });
}

/** "file:line  text" for each framework exception thrown or extended in `file`. */
function frameworkExceptions(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*')) return [];
    const match = FRAMEWORK_EXCEPTION.exec(code);
    const name = match?.[1] ?? match?.[2];
    return name === undefined || name in ALLOWED ? [] : [`${file}:${index + 1}  ${code}`];
  });
}

const SERVICES = workspaces().filter((dir) => dir.startsWith('services/'));

describe('services throw coded errors, not framework exceptions', () => {
  const files = SERVICES.flatMap((service) => sourceFiles(repoPath(service, 'src')));

  it('reads the source of every service', () => {
    expect(SERVICES).toEqual(expect.arrayContaining(['services/kit', 'services/billing']));
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds no `new ...Exception(` or `extends ...Exception` in src/', () => {
    const found = files.flatMap((file) =>
      frameworkExceptions(path.relative(repoPath(), file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    const text = [
      "    if (!row) throw new NotFoundException('No such thing');",
      '    // new BadRequestException(old) in a comment',
      'export class Limited extends HttpException {}',
      "    throw new RpcException({ code: 3, message: 'bad' });",
      "    throw new CodedError('NOT_FOUND', 'No such thing', { status: 404 });",
    ].join('\n');
    expect(frameworkExceptions('a.ts', text)).toEqual([
      "a.ts:1  if (!row) throw new NotFoundException('No such thing');",
      'a.ts:3  export class Limited extends HttpException {}',
    ]);
  });
});
