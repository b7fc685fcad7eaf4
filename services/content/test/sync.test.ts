import { mkdtemp, rm, writeFile, mkdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ContentSourceError } from '../src/sync/content-files.util';
import { SyncService } from '../src/sync/sync.service';
import { startTestApp, type TestContext } from './support';

function article(
  slug: string,
  title: string,
  category: string,
  createdAt = '2025-10-01T09:00:00.000Z',
) {
  return [
    '---',
    `slug: ${slug}`,
    `title: "${title}"`,
    `description: "About ${title}"`,
    `category: ${category}`,
    `createdAt: ${createdAt}`,
    '---',
    `Body of ${title}.`,
    '',
    'Educational content only, not investment advice.',
    '',
  ].join('\n');
}

describe('content sync', () => {
  let ctx: TestContext;
  let dir: string;
  let sync: SyncService;

  const write = (folder: string, slug: string, text: string) =>
    writeFile(path.join(dir, folder, `${slug}.md`), text);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'probedge-content-'));
    await mkdir(path.join(dir, 'guides'));
    await mkdir(path.join(dir, 'blogs'));
    await write(
      'guides',
      'sizing-basics',
      article('sizing-basics', 'Sizing basics', 'position-sizing'),
    );
    await write(
      'guides',
      'stops-and-targets',
      article('stops-and-targets', 'Stops and targets', 'exit-strategy'),
    );
    await write(
      'blogs',
      'rates-and-sectors',
      article('rates-and-sectors', 'Rates and sectors', 'macro-economics'),
    );
    await writeFile(
      path.join(dir, 'faq.json'),
      JSON.stringify([{ id: 'what-is-it', question: 'What is it?', answer: 'Education.' }]),
    );
    ctx = await startTestApp(dir);
    sync = ctx.app.get(SyncService);
  });

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates every item on the first run, then changes nothing on the next', async () => {
    const first = await sync.sync();
    expect(first.articles).toEqual({ created: 3, updated: 0, deleted: 0, unchanged: 0 });
    expect(first.faq).toEqual({ created: 1, updated: 0, deleted: 0, unchanged: 0 });
    const before = await request(ctx.app.getHttpServer())
      .get('/api/guides/sizing-basics')
      .expect(200);

    const second = await sync.sync();
    expect(second.articles).toEqual({ created: 0, updated: 0, deleted: 0, unchanged: 3 });
    expect(second.faq).toEqual({ created: 0, updated: 0, deleted: 0, unchanged: 1 });
    const after = await request(ctx.app.getHttpServer())
      .get('/api/guides/sizing-basics')
      .expect(200);
    expect(after.body).toEqual(before.body);
  });

  it('updates the row of an edited file and keeps its id', async () => {
    const before = await request(ctx.app.getHttpServer())
      .get('/api/guides/sizing-basics')
      .expect(200);
    await write(
      'guides',
      'sizing-basics',
      article('sizing-basics', 'Sizing basics, revised', 'position-sizing'),
    );
    expect((await sync.sync()).articles).toEqual({
      created: 0,
      updated: 1,
      deleted: 0,
      unchanged: 2,
    });
    const after = await request(ctx.app.getHttpServer())
      .get('/api/guides/sizing-basics')
      .expect(200);
    expect(after.body.title).toBe('Sizing basics, revised');
    expect(after.body.id).toBe(before.body.id);
  });

  it('removes the row of a removed file', async () => {
    await unlink(path.join(dir, 'guides', 'stops-and-targets.md'));
    expect((await sync.sync()).articles).toEqual({
      created: 0,
      updated: 0,
      deleted: 1,
      unchanged: 2,
    });
    await request(ctx.app.getHttpServer()).get('/api/guides/stops-and-targets').expect(404);
  });

  it('keeps an item with an unknown category in the database and the API', async () => {
    const res = await request(ctx.app.getHttpServer()).get('/api/blogs').expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ slug: 'rates-and-sectors', category: 'macro-economics' }),
    ]);
  });

  it('writes nothing when any file is invalid, and names every problem', async () => {
    await write(
      'guides',
      'sizing-basics',
      article('sizing-basics', 'Would be a change', 'position-sizing'),
    );
    await write('blogs', 'Bad_Slug', article('Bad_Slug', 'Bad', 'psychology-mindset'));
    await write(
      'blogs',
      'no-date',
      article('no-date', 'No date', 'psychology-mindset', 'yesterday-ish'),
    );
    let caught: unknown;
    try {
      await sync.sync();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContentSourceError);
    const problems = (caught as ContentSourceError).problems.join('\n');
    expect(problems).toContain('blogs/Bad_Slug.md');
    expect(problems).toContain('blogs/no-date.md: front matter "createdAt"');
    const guide = await request(ctx.app.getHttpServer())
      .get('/api/guides/sizing-basics')
      .expect(200);
    expect(guide.body.title).toBe('Sizing basics, revised');
    await unlink(path.join(dir, 'blogs', 'Bad_Slug.md'));
    await unlink(path.join(dir, 'blogs', 'no-date.md'));
  });
});
