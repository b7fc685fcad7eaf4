import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { SYMBOL_MESSAGE } from '../src/articles/dto/articles.dto';
import { rss, startFeedServer, xml, type FeedServer, type SampleItem } from './feed-server';
import { startTestApp, type TestContext } from './support';

/** One item an hour back from 12:`minute`: the order written here is the newest-first order. */
function dated(
  items: Omit<SampleItem, 'pubDate' | 'link'>[],
  prefix: string,
  minute: number,
): SampleItem[] {
  return items.map((item, index) => ({
    ...item,
    link: `https://${prefix}.example.com/${item.guid}`,
    pubDate: new Date(Date.UTC(2026, 10, 20, 12 - index, minute)).toUTCString(),
  }));
}

const WIRE = dated(
  [
    { guid: 'w-name', title: 'Microsoft beats quarterly revenue estimates on cloud demand' },
    { guid: 'w-apple', title: 'Apple unveils thinner iPhone at September event' },
    { guid: 'w-cashtag', title: '$MSFT options traders brace for earnings' },
    { guid: 'w-fed', title: 'Fed holds rates steady, signals patience on cuts' },
    {
      guid: 'w-description',
      title: 'Tech shares lead gains on Wall Street',
      description: 'Microsoft-backed OpenAI drew bids, and Apple&apos;s suppliers rose.',
    },
    { guid: 'w-exchange', title: 'Software maker (NASDAQ: MSFT) declares quarterly dividend' },
    { guid: 'w-target', title: 'Fed Sticks to 2% Inflation Target as Prices Cool' },
    { guid: 'w-berkshire', title: 'Berkshire Hathaway cash pile hits record' },
  ],
  'wire',
  0,
);

const STOCKS = dated(
  [
    { guid: 's-possessive', title: "Microsoft's Activision deal clears final hurdle" },
    { guid: 's-meta', title: 'Meta Platforms cuts 5% of workforce' },
    { guid: 's-bare', title: 'MSFT stock rises after Azure growth beats' },
  ],
  'stocks',
  30,
);

describe('GET /api/articles?symbol=', () => {
  let server: FeedServer;
  let ctx: TestContext;
  const http = () => request(ctx.app.getHttpServer());
  const guids = (items: { url: string }[]) =>
    items.map((item) => item.url.slice(item.url.lastIndexOf('/') + 1));

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    server.route('/wire', xml(rss(WIRE)));
    server.route('/stocks', xml(rss(STOCKS)));
    await ctx.sources.sync([
      { id: 'wire', url: server.url('/wire'), feed: 'business' },
      { id: 'stocks', url: server.url('/stocks'), feed: 'stocks', category: 'stocks' },
    ]);
    const report = await ctx.ingestion.ingestDue(new Date(Date.now() + 60_000));
    expect(report.sources.map((source) => source.status)).toEqual(['ingested', 'ingested']);
  });

  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('tags ingested items from their title and description', async () => {
    const prisma = ctx.app.get(PrismaService);
    const row = await prisma.article.findFirstOrThrow({ where: { guid: 'w-description' } });
    expect(row.tickers).toEqual(['MSFT', 'AAPL']);
    const untagged = await prisma.article.findMany({
      where: { guid: { in: ['w-fed', 'w-target'] } },
    });
    expect(untagged.map((article) => article.tickers)).toEqual([[], []]);
  });

  it('lists exactly the articles that name the ticker, newest first, across feeds', async () => {
    const res = await http().get('/api/articles?symbol=MSFT').expect(200);
    expect(guids(res.body)).toEqual([
      's-possessive',
      'w-name',
      's-bare',
      'w-cashtag',
      'w-description',
      'w-exchange',
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'description',
      'id',
      'publishedAt',
      'tickers',
      'title',
      'url',
    ]);
    for (const article of res.body) expect(article.tickers).toContain('MSFT');
  });

  it('upper-cases the symbol and honours limit', async () => {
    const res = await http().get('/api/articles?symbol=msft&limit=2').expect(200);
    expect(guids(res.body)).toEqual(['s-possessive', 'w-name']);
  });

  it('keys its cache by symbol', async () => {
    await http().get('/api/articles?symbol=MSFT').expect(200);
    const apple = await http().get('/api/articles?symbol=AAPL').expect(200);
    expect(guids(apple.body)).toEqual(['w-apple', 'w-description']);
    expect((await http().get('/api/articles?symbol=NFLX').expect(200)).body).toEqual([]);
  });

  it('narrows a category by symbol when both are given', async () => {
    const res = await http().get('/api/articles?category=stocks&symbol=MSFT').expect(200);
    expect(guids(res.body)).toEqual(['s-possessive', 's-bare']);
    const none = await http().get('/api/articles?category=stocks&symbol=AAPL').expect(200);
    expect(none.body).toEqual([]);
  });

  it('reads a class share written with a hyphen as its dotted symbol', async () => {
    const res = await http().get('/api/articles?symbol=brk-b').expect(200);
    expect(guids(res.body)).toEqual(['w-berkshire']);
  });

  it('still lists general and stocks news without a symbol', async () => {
    const res = await http().get('/api/articles?limit=50').expect(200);
    expect(guids(res.body)).toEqual(['s-possessive', 's-meta', 's-bare']);
  });

  it.each(['MS FT', '$MSFT', '.MSFT', '-MSFT', 'M'.repeat(16), '', 'MSFT;', 'ÄPPL'])(
    'answers 400 naming symbol for symbol=%j',
    async (symbol) => {
      const res = await http().get('/api/articles').query({ symbol }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain(SYMBOL_MESSAGE);
    },
  );

  it('answers 400 for a repeated symbol', async () => {
    const res = await http().get('/api/articles?symbol=MSFT&symbol=AAPL').expect(400);
    expect(res.body.message).toContain('symbol');
  });

  it('documents the symbol parameter', async () => {
    const document = (await http().get('/openapi.json').expect(200)).body as {
      paths: Record<string, { get: { parameters: { name: string; description: string }[] } }>;
    };
    const symbol = document.paths['/api/articles']!.get.parameters.find(
      (parameter) => parameter.name === 'symbol',
    );
    expect(symbol).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', maxLength: 15, example: 'AAPL' },
    });
    expect(symbol!.description).toContain('ticker');
  });
});
