// After `vite build` and the SSR build: renders every public page to dist/<page>/index.html, so a
// crawler without JavaScript gets each page's title, description, canonical URL, JSON-LD and text.
// Guides, blogs and the FAQ are rendered with the data the content service serves, read from the
// same Markdown files it loads. The untouched app shell stays as dist/shell.html for other routes.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const contentDir = path.join(web, '..', 'services', 'content', 'content');

const { renderPage, swrKey, contentItemKey, contentListKey, faqKey } = await import(
  pathToFileURL(path.join(web, 'dist-ssr', 'entry-server.js')).href
);
const { GUIDE_CATEGORY_PAGES, PUBLIC_PAGES, TOOL_PAGES } = require('@probedge/proto');
const { readContentSources, readFaqSources } = require(
  path.join(web, '..', 'services', 'content', 'dist', 'sync', 'content-files.util.js'),
);

/** What GET /api/guides and /api/guides/:slug answer (ids are the database's; slugs stand in). */
function listItem(source) {
  return {
    id: source.slug,
    slug: source.slug,
    title: source.title,
    description: source.description,
    category: source.category,
    createdAt: source.createdAt.toISOString(),
  };
}

const newestFirst = (a, b) => b.createdAt - a.createdAt || a.slug.localeCompare(b.slug);
const sources = (await readContentSources(contentDir)).sort(newestFirst);
const faq = (await readFaqSources(contentDir))
  .sort((a, b) => a.position - b.position)
  .map(({ id, question, answer }) => ({ id, question, answer }));

// Each kind's list page is the plural: /guides, /blogs.
const KINDS = ['guide', 'blog'];
const guidesKey = contentListKey('guide');
// The tools' pages show a worked example from their default inputs, so they need no data.
const pages = new Map([...PUBLIC_PAGES, ...TOOL_PAGES].map((page) => [page, {}]));
for (const kind of KINDS) {
  // The app's own keys for the kind's list and items.
  const listKey = contentListKey(kind);
  const itemKey = (slug) => contentItemKey(kind, slug);
  const items = sources.filter((source) => source.kind === kind);
  const list = items.map(listItem);
  pages.get(`/${kind}s`)[swrKey(listKey)] = list;
  for (const item of items) {
    pages.set(`/${kind}/${item.slug}`, {
      [swrKey(itemKey(item.slug))]: { ...listItem(item), content: item.content },
      // A guide's page links the other guides of its category, so crawlers reach them all.
      ...(kind === 'guide' && { [swrKey(listKey)]: list }),
    });
  }
}
pages.get('/faq')[swrKey(faqKey)] = faq;
// A category page lists every guide of its category from the same list as /guides.
for (const page of GUIDE_CATEGORY_PAGES) {
  pages.set(page, { [swrKey(guidesKey)]: pages.get('/guides')[swrKey(guidesKey)] });
}

/**
 * Each screen is a lazy chunk (src/app/router.tsx) that would only start downloading once the
 * entry has run; the page's own chunk and its imports are preloaded with the entry instead.
 */
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const routerFile = path.join(web, 'src', 'app', 'router.tsx');
const routerSource = await readFile(routerFile, 'utf8');
const screenRoutes = [
  ...routerSource.matchAll(/\bpage\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\)/g),
].map(([, pattern, specifier]) => ({
  pattern: new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+').replace('*', '.*')}$`),
  source: `${path.relative(web, path.resolve(path.dirname(routerFile), specifier))}.tsx`,
}));
if (screenRoutes.length !== (routerSource.match(/\bpage\(/g) ?? []).length) {
  throw new Error('could not read every screen route of src/app/router.tsx');
}
const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry);

function chunkPreloads(page) {
  const route = screenRoutes.find(({ pattern }) => pattern.test(page));
  const screen = route && manifest[route.source];
  if (!screen) throw new Error(`no route chunk found for ${page}`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk === entryChunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(route.source);
  // The entry's own static imports are already preloaded by Vite's index.html.
  for (const imported of entryChunk.imports ?? []) files.delete(manifest[imported].file);
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
await writeFile(path.join(dist, 'shell.html'), shell);
// Ticker pages are rendered in the browser (their figures change through the day): their shell
// preloads the page's chunks; the gateway adds the symbol's quote and chart data as Link preloads.
await writeFile(
  path.join(dist, 'stock-shell.html'),
  shell.replace('</head>', `${chunkPreloads('/stocks/SPY')}</head>`),
);

function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Marks the prerendered head elements so the client can hand <head> back to React. */
function markStatic(head) {
  return head.replace(/<(title|meta|link)\b/g, '<$1 data-static=""');
}

let count = 0;
for (const [page, fallback] of pages) {
  const rendered = await renderPage(page, fallback);
  if (!rendered.head.includes('<title>')) throw new Error(`${page} rendered without a <title>`);
  if (rendered.body.includes('<template')) throw new Error(`${page} still suspended when rendered`);
  const data = Object.keys(fallback).length
    ? `<script type="application/json" id="swr-fallback">${jsonForScript(fallback)}</script>`
    : '';
  const html = shell
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/, '')
    .replace(
      '</head>',
      `${chunkPreloads(page)}${markStatic(rendered.head)}${rendered.styles}</head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered-path="${page}">${rendered.body}</div>${data}`,
    );
  const file = page === '/' ? path.join(dist, 'index.html') : path.join(dist, page, 'index.html');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
  count += 1;
}
await rm(path.join(web, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${count} pages into ${path.relative(process.cwd(), dist)}`);
