import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  matchRoute,
  NOT_ADVICE_LINE,
  SITE_DOCUMENTS_PATH,
  type SiteDocumentsResponse,
} from '@probedge/proto';
import request from 'supertest';
import { SyncService } from '../src/sync/sync.service';
import { startTestApp, type TestContext } from './support';

interface Fixture {
  folder: 'guides' | 'blogs';
  slug: string;
  title: string;
  category: string;
  createdAt: string;
  body: string;
}

const SIZING: Fixture = {
  folder: 'guides',
  slug: 'sizing-basics',
  title: 'Sizing basics',
  category: 'position-sizing',
  createdAt: '2025-10-02T09:00:00.000Z',
  body: [
    '## Why **size** matters',
    '',
    '- Risk one percent of the account.',
    '- Never add to a [loser](https://example.com/losers).',
    '',
    'A stop decides the size,',
    'not the other way round.',
  ].join('\n'),
};

const STOPS: Fixture = {
  folder: 'guides',
  slug: 'stops-and-targets',
  title: 'Stops and targets',
  category: 'exit-strategy',
  createdAt: '2025-10-01T09:00:00.000Z',
  body: 'Plan the exit before the entry.',
};

const JOURNAL: Fixture = {
  folder: 'blogs',
  slug: 'journal-habits',
  title: 'Journal habits',
  category: 'trading-psychology',
  createdAt: '2025-10-03T09:00:00.000Z',
  body: 'A trading journal turns memory into data.',
};

function markdownFile(fixture: Fixture): string {
  return [
    '---',
    `slug: ${fixture.slug}`,
    `title: "${fixture.title}"`,
    `description: "About ${fixture.title}"`,
    `category: ${fixture.category}`,
    `createdAt: ${fixture.createdAt}`,
    '---',
    fixture.body,
    '',
    NOT_ADVICE_LINE,
    '',
  ].join('\n');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe(`GET ${SITE_DOCUMENTS_PATH}`, () => {
  let ctx: TestContext;
  let dir: string;
  const http = () => request(ctx.app.getHttpServer());
  const write = (fixture: Fixture) =>
    writeFile(path.join(dir, fixture.folder, `${fixture.slug}.md`), markdownFile(fixture));
  const sync = () => ctx.app.get(SyncService).sync();
  const documents = async () =>
    ((await http().get(SITE_DOCUMENTS_PATH).expect(200)).body as SiteDocumentsResponse).documents;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'probedge-search-documents-'));
    await mkdir(path.join(dir, 'guides'));
    await mkdir(path.join(dir, 'blogs'));
    for (const fixture of [SIZING, STOPS, JOURNAL]) await write(fixture);
    ctx = await startTestApp(dir);
    await sync();
  });

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists every guide and blog with its fields, guides first and each kind by slug', async () => {
    const res = await http().get(SITE_DOCUMENTS_PATH).expect(200).expect('content-type', /json/);
    expect(res.body).toEqual({
      documents: [
        {
          kind: 'guide',
          slug: 'sizing-basics',
          title: 'Sizing basics',
          description: 'About Sizing basics',
          category: 'position-sizing',
          publishedAt: '2025-10-02T09:00:00.000Z',
          passages: expect.any(Array),
        },
        {
          kind: 'guide',
          slug: 'stops-and-targets',
          title: 'Stops and targets',
          description: 'About Stops and targets',
          category: 'exit-strategy',
          publishedAt: '2025-10-01T09:00:00.000Z',
          passages: ['Plan the exit before the entry.', NOT_ADVICE_LINE],
        },
        {
          kind: 'blog',
          slug: 'journal-habits',
          title: 'Journal habits',
          description: 'About Journal habits',
          category: 'trading-psychology',
          publishedAt: '2025-10-03T09:00:00.000Z',
          passages: ['A trading journal turns memory into data.', NOT_ADVICE_LINE],
        },
      ],
    });
  });

  it('gives a heading, each list item and a paragraph as plain-text passages, in order', async () => {
    const sizing = (await documents()).find((document) => document.slug === SIZING.slug);
    expect(sizing!.passages).toEqual([
      'Why size matters',
      'Risk one percent of the account.',
      'Never add to a loser.',
      'A stop decides the size, not the other way round.',
      NOT_ADVICE_LINE,
    ]);
  });

  it('sends a strong ETag of its exact body, the same on every request, and no-cache', async () => {
    const first = await http().get(SITE_DOCUMENTS_PATH).expect(200);
    const second = await http().get(SITE_DOCUMENTS_PATH).expect(200);
    expect(first.headers.etag).toBe(`"${sha256(first.text)}"`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['the ETag itself', (etag: string) => etag],
    ['a list holding the ETag', (etag: string) => `"older", ${etag}`],
    ['its weak form', (etag: string) => `W/${etag}`],
    ['*', () => '*'],
  ])(
    'answers 304 with no body when If-None-Match is %s',
    async (_form, ifNoneMatch: (etag: string) => string) => {
      const { etag } = (await http().get(SITE_DOCUMENTS_PATH).expect(200)).headers;
      const res = await http()
        .get(SITE_DOCUMENTS_PATH)
        .set('if-none-match', ifNoneMatch(etag!))
        .expect(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers 200 with the documents when If-None-Match names another version', async () => {
    const res = await http()
      .get(SITE_DOCUMENTS_PATH)
      .set('if-none-match', `"${sha256('an older body')}"`)
      .expect(200);
    expect((res.body as SiteDocumentsResponse).documents).toHaveLength(3);
  });

  it('is documented for the news service and kept out of the route table', async () => {
    const spec = await http().get('/openapi.json').expect(200);
    const operation = spec.body.paths[SITE_DOCUMENTS_PATH].get;
    expect(operation.tags).toEqual(['internal']);
    expect(operation.description).toContain('news service');
    expect(matchRoute('GET', SITE_DOCUMENTS_PATH)).toBeUndefined();
  });

  it('changes the ETag and the text once a changed file is synced', async () => {
    const before = await http().get(SITE_DOCUMENTS_PATH).expect(200);
    await write({ ...JOURNAL, body: 'Read the journal back every **Friday**.' });
    await sync();

    const after = await http()
      .get(SITE_DOCUMENTS_PATH)
      .set('if-none-match', before.headers.etag!)
      .expect(200);

    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers.etag).toBe(`"${sha256(after.text)}"`);
    const journal = (after.body as SiteDocumentsResponse).documents.find(
      (document) => document.slug === JOURNAL.slug,
    );
    expect(journal!.passages).toEqual(['Read the journal back every Friday.', NOT_ADVICE_LINE]);
  });

  it('drops the document of a deleted file at the next sync', async () => {
    const before = await http().get(SITE_DOCUMENTS_PATH).expect(200);
    await unlink(path.join(dir, STOPS.folder, `${STOPS.slug}.md`));
    await sync();

    const after = await http().get(SITE_DOCUMENTS_PATH).expect(200);

    expect(after.headers.etag).not.toBe(before.headers.etag);
    const keys = (after.body as SiteDocumentsResponse).documents.map(
      (document) => `${document.kind}/${document.slug}`,
    );
    expect(keys).toEqual(['guide/sizing-basics', 'blog/journal-habits']);
  });
});
