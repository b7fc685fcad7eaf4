import { matchRoute } from './routes';
import { SITE_FEEDS, siteFeedTitle } from './site-feeds';

describe('SITE_FEEDS', () => {
  it.each([
    ['guides', 'content'],
    ['blogs', 'content'],
    ['dailyAnalysis', 'insights'],
  ] as const)('routes the %s feed to the %s service', (feed, service) => {
    expect(matchRoute('GET', SITE_FEEDS[feed].path)?.service).toBe(service);
  });

  it('titles each feed after the brand', () => {
    expect(siteFeedTitle('guides', 'ProbEdge')).toBe('ProbEdge guides');
    expect(siteFeedTitle('blogs', 'ProbEdge')).toBe('ProbEdge blog');
    expect(siteFeedTitle('dailyAnalysis', 'ProbEdge')).toBe('ProbEdge daily market analysis');
  });
});
