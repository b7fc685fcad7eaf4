import type { SearchResponse } from '@probedge/proto';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { startFeedServer, xml, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

const DAY = 24 * 3600_000;

/** An RSS item with a teaser and the full article, as publishers that use content:encoded serve. */
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Wire</title>
<item><guid isPermaLink="false">b-1</guid><title>Refiners rally on wider margins</title>
<link>https://wire.example.com/refiners</link>
<description>Refiners gained as margins widened.</description>
<content:encoded><![CDATA[<p onclick="track()">Refiners gained on Tuesday.</p>
<p>Analysts credited the <a href="javascript:alert(1)">unusual</a> <a href="/glossary/crack">crack spread</a>,
which reached a molybdenite-like peak.</p><script>alert("x")</script>]]></content:encoded>
<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
<item><guid isPermaLink="false">b-2</guid><title>Copper steadies</title>
<link>https://wire.example.com/copper</link>
<content:encoded><![CDATA[<p>Copper held its ground. Traders waited for data.</p>]]></content:encoded>
<pubDate>Fri, 20 Nov 2026 09:00:00 GMT</pubDate></item>
</channel></rss>`;

describe('the article body, from a feed to search', () => {
  let server: FeedServer;
  let ctx: TestContext;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    server.route('/wire', xml(FEED));
    await ctx.sources.sync([
      { id: 'wire', name: 'Example Wire', url: server.url('/wire'), feed: 'business' },
    ]);
    const report = await ctx.ingestion.ingestDue(new Date(Date.now() + DAY));
    expect(report.sources).toEqual([expect.objectContaining({ status: 'ingested', created: 2 })]);
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('stores the body beside the summary, as plain text and as safe HTML', async () => {
    const rows = await ctx.app
      .get(PrismaService)
      .article.findMany({ where: { sourceId: 'wire' }, orderBy: { guid: 'asc' } });
    expect(
      rows.map(({ guid, description, bodyText, bodyHtml }) => ({
        guid,
        description,
        bodyText,
        bodyHtml,
      })),
    ).toEqual([
      {
        guid: 'b-1',
        description: 'Refiners gained as margins widened.',
        bodyText:
          'Refiners gained on Tuesday. Analysts credited the unusual crack spread, which reached a molybdenite-like peak.',
        bodyHtml:
          '<p>Refiners gained on Tuesday.</p> <p>Analysts credited the unusual ' +
          '<a href="https://wire.example.com/glossary/crack" rel="nofollow noopener noreferrer">crack spread</a>, ' +
          'which reached a molybdenite-like peak.</p>',
      },
      {
        guid: 'b-2',
        // No summary in the feed: the body's first sentences stand in.
        description: 'Copper held its ground. Traders waited for data.',
        bodyText: 'Copper held its ground. Traders waited for data.',
        bodyHtml: '<p>Copper held its ground. Traders waited for data.</p>',
      },
    ]);
    // The cards keep showing the summary.
    const cards = (await http().get('/api/business').expect(200)).body as {
      title: string;
      description: string;
    }[];
    expect(cards.map((card) => card.description).sort()).toEqual([
      'Copper held its ground. Traders waited for data.',
      'Refiners gained as margins widened.',
    ]);
  });

  it('finds an article by a word only its body holds, quoting the body', async () => {
    const body = (await http().get('/api/search').query({ q: 'molybdenite' }).expect(200))
      .body as SearchResponse;
    expect(body.results).toHaveLength(1);
    const [result] = body.results;
    expect(result).toMatchObject({ type: 'news', title: 'Refiners rally on wider margins' });
    expect(result!.snippet).toContainEqual({ text: 'molybdenite', highlight: true });
    expect(result!.snippet.map((part) => part.text).join('')).toContain('crack spread');
    // A word of the summary is quoted from the summary, as before.
    const margins = (await http().get('/api/search').query({ q: 'margins' }).expect(200))
      .body as SearchResponse;
    expect(margins.results.map((hit) => hit.snippet.map((part) => part.text).join(''))).toEqual([
      'Refiners gained as margins widened',
    ]);
  });
});
