import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROUTES, apiPath, matchRoute, ROUTES } from './routes';

const ROOT = path.join(__dirname, '..', '..');

/** The source trees whose code reaches the API by path (tests and generated code aside). */
const SOURCE_TREES = ['gateway/src', 'proto/src', 'services', 'web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter(
      (file) =>
        !/(^|\/)(node_modules|dist|generated|test|e2e|__tests__)\//.test(file) &&
        !/\.(spec|test)\.tsx?$/.test(file) &&
        (!file.startsWith('services/') || file.includes('/src/')),
    );
}

/** String literals that start an /api path, comments left out. */
function pathLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return code.match(/(['"`])\/api\/[^'"`]*\1/g) ?? [];
}

describe('the route table', () => {
  it('is the only place an /api path is written', () => {
    const offenders: string[] = [];
    for (const file of SOURCE_TREES.flatMap(sourceFiles)) {
      if (file === 'proto/src/routes.ts') continue;
      const literals = pathLiterals(readFileSync(path.join(ROOT, file), 'utf8'));
      if (literals.length > 0) offenders.push(`${file}: ${literals.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });

  it('fills a route path from its name, each value one encoded segment', () => {
    expect(apiPath('guides')).toBe('/api/guides');
    expect(apiPath('marketSymbolHistory', { symbol: 'BRK.B' })).toBe(
      '/api/market/symbols/BRK.B/history',
    );
    expect(apiPath('guide', { slug: 'a/b c' })).toBe('/api/guides/a%2Fb%20c');
    expect(matchRoute('GET', apiPath('marketSymbol', { symbol: 'AAPL' }))?.path).toBe(
      API_ROUTES.marketSymbol.path,
    );
  });

  it('names each method and path once', () => {
    const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every per-route policy on a route the gateway can match', () => {
    for (const route of ROUTES.filter((entry) => entry.rateBucket || entry.webhook)) {
      expect(matchRoute(route.method, route.path)).toEqual(
        expect.objectContaining({ path: route.path, method: route.method }),
      );
    }
    expect(ROUTES.filter((route) => route.webhook).map((route) => route.method)).toEqual(['POST']);
  });
});
