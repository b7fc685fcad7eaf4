import { routesOf } from '@probedge/proto';
import { CONTENT_CATEGORIES, isKnownCategory, matchRoute, NOT_ADVICE_LINE } from '@probedge/proto';
import fc from 'fast-check';
import request from 'supertest';
import { SyncService } from '../src/sync/sync.service';
import { BUNDLED_CONTENT_DIR, startTestApp, type TestContext } from './support';

const LIST_KEYS = ['category', 'createdAt', 'description', 'id', 'slug', 'title'];

type Paths = Record<string, Record<string, { tags?: string[] }>>;

/** For the other services only: documented here, never proxied by the gateway. */
const isInternal = (operation: { tags?: string[] }) =>
  operation.tags?.includes('internal') ?? false;

describe('content API over the bundled content', () => {
  let ctx: TestContext;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await startTestApp(BUNDLED_CONTENT_DIR);
    await ctx.app.get(SyncService).sync();
  });

  afterAll(() => ctx.close());

  it.each(['/api/guides', '/api/blogs'])(
    'lists %s with exactly the list fields, newest first',
    async (path) => {
      const res = await http().get(path).expect(200).expect('content-type', /json/);
      expect(res.body.length).toBeGreaterThan(0);
      for (const item of res.body) {
        expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
        expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
      }
      const times = res.body.map((item: { createdAt: string }) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    },
  );

  it('has a guide for each of the ten categories and at least eight blogs with known categories', async () => {
    const guides = (await http().get('/api/guides')).body as { category: string }[];
    for (const category of CONTENT_CATEGORIES) {
      expect(guides.some((guide) => guide.category === category)).toBe(true);
    }
    const blogs = (await http().get('/api/blogs')).body as { category: string }[];
    expect(blogs.filter((blog) => isKnownCategory(blog.category)).length).toBeGreaterThanOrEqual(8);
    const all = [...guides, ...blogs];
    expect(all.some((item) => !isKnownCategory(item.category))).toBe(true);
  });

  it('serves each article with its content, substantive and framed as education', async () => {
    for (const [list, detail] of [
      ['/api/guides', '/api/guides'],
      ['/api/blogs', '/api/blogs'],
    ]) {
      for (const item of (await http().get(list)).body as { slug: string }[]) {
        const res = await http().get(`${detail}/${item.slug}`).expect(200);
        expect(Object.keys(res.body).sort()).toEqual([...LIST_KEYS, 'content'].sort());
        expect(res.body.content.split(/\s+/).length).toBeGreaterThan(300);
        expect(res.body.content).toContain(NOT_ADVICE_LINE);
      }
    }
  });

  it('marks the texts shareable for as long as it keeps them itself, and nothing else', async () => {
    const guides = await http().get('/api/guides').expect(200);
    const slug = (guides.body as { slug: string }[])[0]!.slug;
    for (const path of ['/api/guides', `/api/guides/${slug}`, '/api/blogs', '/api/faq']) {
      const res = await http().get(path).expect(200);
      expect(res.headers['cache-control']).toBe(
        `public, max-age=0, s-maxage=${ctx.config.CONTENT_CACHE_SECONDS}`,
      );
    }
    const missing = await http().get('/api/guides/no-such-guide').expect(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('s-maxage');
    // A confirmation link is personal: never shareable, whatever it answers.
    const confirm = await http().get('/api/newsletter/confirm?token=unknown');
    expect(confirm.headers['cache-control'] ?? '').not.toContain('s-maxage');
  });

  it('answers 404 JSON for an unknown slug', async () => {
    const res = await http().get('/api/guides/no-such-guide').expect(404);
    expect(res.body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'No guide with slug "no-such-guide"',
    });
    await http().get('/api/blogs/no-such-blog').expect(404);
  });

  it('does not serve a guide under the blog path', async () => {
    const [guide] = (await http().get('/api/guides')).body as { slug: string }[];
    await http().get(`/api/blogs/${guide!.slug}`).expect(404);
  });

  it.each([
    'Upper-Case',
    'under_score',
    'dots.and.more',
    'x'.repeat(121),
    "quote'",
    'sp%20ace',
    '%F0%9F%98%80',
  ])('answers 400 for the malformed slug %s', async (slug) => {
    const res = await http().get(`/api/guides/${slug}`).expect(400);
    expect(res.body.message).toContain('slug must be lowercase letters, digits and hyphens');
  });

  it('never answers 5xx for any slug', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (raw) => {
        const res = await http().get(`/api/blogs/${encodeURIComponent(raw)}`);
        expect([200, 400, 404]).toContain(res.status);
        expect(res.body).toHaveProperty(res.status === 200 ? 'content' : 'statusCode');
      }),
      { numRuns: 150 },
    );
  });

  it('serves the ten FAQ entries in order', async () => {
    const res = await http().get('/api/faq').expect(200);
    expect(res.body).toHaveLength(10);
    for (const entry of res.body)
      expect(Object.keys(entry).sort()).toEqual(['answer', 'id', 'question']);
  });

  it('documents every route in its OpenAPI document', async () => {
    const res = await http().get('/openapi.json').expect(200);
    const routes = routesOf('content').map((route) => route.path.replace(/:(\w+)/g, '{$1}'));
    const documented = Object.entries(res.body.paths as Paths)
      .filter(([, operations]) => Object.values(operations).some((op) => !isInternal(op)))
      .map(([path]) => path);
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
  });

  it('documents only routes the route table gives to this service, and keeps internal ones out of it', async () => {
    const res = await http().get('/openapi.json').expect(200);
    for (const [path, operations] of Object.entries(res.body.paths as Paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, 'sample');
      for (const [method, operation] of Object.entries(operations)) {
        expect(matchRoute(method, concrete)?.service).toBe(
          isInternal(operation) ? undefined : 'content',
        );
      }
    }
  });

  it('reports ready while its database answers', async () => {
    const res = await http().get('/readyz').expect(200);
    expect(res.body.checks.database).toBe('ok');
  });
});
