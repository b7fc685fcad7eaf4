import { getContentItem, getContentList } from '../../features/content/api/get-content';
import { getAnalysisPreview } from '../../features/home/api/get-analysis-preview';
import { getCategoryArticles } from '../../features/home/api/get-category-articles';
import { getMarketData } from '../../features/home/api/get-market-data';
import { getTargetedArticles } from '../../features/home/api/get-targeted-articles';
import { getDailyAnalysis } from '../../lib/daily-analysis';
import { getDailyOpinion } from '../../features/news/api/get-daily-opinion';
import { getNewsArticles } from '../../features/news/api/get-news-articles';
import { getProfessionalArticles } from '../../features/professional-trading/api/get-professional-articles';
import { HttpError } from '../../lib/api-client';
import { stubFetch } from '../../test/render-route';

/**
 * Spec section 8, "Messages raised on non-OK responses", in the spec's order, each with the call
 * that raises it (its request exactly as the app sends it).
 */
const CATALOGUE: readonly [message: string, url: string, call: () => Promise<unknown>][] = [
  ['Failed to fetch market movers', '/api/articles/targeted?limit=6', getTargetedArticles],
  ['Failed to fetch market data', '/api/market', getMarketData],
  [
    'Failed to fetch category articles',
    '/api/articles?limit=8',
    () => getCategoryArticles(['/api/articles', { category: undefined, limit: 8 }]),
  ],
  [
    'Failed to fetch business articles',
    '/api/business?limit=12',
    () => getNewsArticles('business'),
  ],
  [
    'Failed to fetch analysis articles',
    '/api/analysis?limit=12',
    () => getNewsArticles('analysis'),
  ],
  [
    'Failed to fetch daily analysis',
    '/api/daily-analysis',
    () => getDailyAnalysis(['/api/daily-analysis']),
  ],
  ['Failed to fetch opinion articles', '/api/opinion?limit=12', () => getNewsArticles('opinion')],
  [
    'Failed to fetch daily opinion',
    '/api/daily-opinion',
    () => getDailyOpinion(['/api/daily-opinion']),
  ],
  ['Failed to fetch guide', '/api/guides/risk-101', () => getContentItem('guide', 'risk-101')],
  ['Failed to fetch blog', '/api/blogs/week-ahead', () => getContentItem('blog', 'week-ahead')],
  [
    'Failed to fetch day trader articles',
    '/api/daytrader?limit=12',
    () => getNewsArticles('daytrader'),
  ],
  [
    'Failed to fetch professional trading articles',
    '/api/articles?category=stocks&limit=12',
    () => getProfessionalArticles(['/api/articles', { category: 'stocks', limit: 12 }]),
  ],
  // "A message of the same form naming the third-party analysis data source, for the analysis
  // source call": the home page's one-article analysis read.
  ['Failed to fetch news feed analysis', '/api/analysis?limit=1', getAnalysisPreview],
];

async function failure(call: () => Promise<unknown>): Promise<HttpError> {
  const outcome = await call().then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof HttpError))
    throw new Error(`expected an HttpError, got ${String(outcome)}`);
  return outcome;
}

describe('the error catalogue of spec section 8', () => {
  it('has one call for each of its thirteen messages', () => {
    expect(new Set(CATALOGUE.map(([message]) => message)).size).toBe(13);
  });

  it.each(CATALOGUE)('raises "%s" on a non-OK answer to %s', async (message, url, call) => {
    const fetchMock = stubFetch({ [url]: { status: 500, body: 'upstream exploded' } });

    const error = await failure(call);

    expect(fetchMock).toHaveBeenCalledWith(url, expect.anything());
    expect(error.message).toBe(message);
    expect(error.status).toBe(500);
    expect(error.detail).toBe('500: upstream exploded');
  });

  it('raises "status: body" for a query the catalogue does not name', async () => {
    stubFetch({ '/api/guides': { status: 503, body: 'content service down' } });
    expect((await failure(() => getContentList('guide'))).message).toBe(
      '503: content service down',
    );
  });

  it('raises "status: status text" when the body is empty', async () => {
    stubFetch({ '/api/guides': { status: 503, body: '' } });
    expect((await failure(() => getContentList('guide'))).message).toBe('503: Service Unavailable');
  });
});
